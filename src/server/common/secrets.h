// SPDX-License-Identifier: MIT
// Secrets of the server: seat tokens and table ids come from the operating system's random
// source (libsodium), and only a hash of each token is kept, so a copy of the store gives
// nobody a seat. Tokens carry 128 random bits, so a fast keyed-free hash is enough: nothing
// is gained by a slow password hash against a secret that cannot be guessed.
#pragma once

#include <string>
#include <string_view>

namespace reversi::server {

// A fresh seat token: 32 hexadecimal digits (128 random bits).
std::string random_token();
// A fresh identifier of `length` characters from an alphabet without look-alikes.
std::string random_id(int length = 8);
// The stored form of a token: "b2:" and 64 hexadecimal digits of its BLAKE2b-256 hash.
std::string token_hash(std::string_view token);

}  // namespace reversi::server
