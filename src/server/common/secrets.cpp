// SPDX-License-Identifier: MIT
#include "server/common/secrets.h"

#include <sodium.h>

#include <stdexcept>

namespace reversi::server {

namespace {

void ensure_sodium() {
    // sodium_init is thread-safe and idempotent; it fails only without a random source.
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium could not start (no random source)");
}

std::string hex(const unsigned char* bytes, size_t n) {
    std::string out(n * 2 + 1, '\0');
    sodium_bin2hex(out.data(), out.size(), bytes, n);
    out.pop_back();
    return out;
}

}  // namespace

std::string random_token() {
    ensure_sodium();
    unsigned char bytes[16];
    randombytes_buf(bytes, sizeof bytes);
    return hex(bytes, sizeof bytes);
}

std::string random_id(int length) {
    ensure_sodium();
    static constexpr char Alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
    std::string id;
    for (int i = 0; i < length; ++i) id += Alphabet[randombytes_uniform(sizeof Alphabet - 1)];
    return id;
}

std::string token_hash(std::string_view token) {
    ensure_sodium();
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                       token.size(), nullptr, 0);
    return "b2:" + hex(digest, sizeof digest);
}

}  // namespace reversi::server
