// SPDX-License-Identifier: MIT
// Secrets of the server: seat tokens and table ids come from a ChaCha20 stream per thread,
// keyed once from the operating system's random source (libsodium) and re-keyed from its own
// output at each refill, so a request costs no system call; only a hash of each token is
// kept, so a copy of the store gives nobody a seat. Tokens carry 128 random bits, so a fast
// keyed-free hash is enough: nothing is gained by a slow password hash against a secret that cannot
// be guessed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace reversi::server {

// A fresh seat token: 32 hexadecimal digits (128 random bits).
std::string random_token();
// A fresh identifier of `length` characters from an alphabet without look-alikes.
std::string random_id(int length = 8);
// A uniform random number in [0, bound) from the same stream (bound > 0).
uint32_t random_below(uint32_t bound);
// The stored form of a token: "b2:" and 64 hexadecimal digits of its BLAKE2b-256 hash.
std::string token_hash(std::string_view token);

}  // namespace reversi::server
