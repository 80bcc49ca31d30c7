// SPDX-License-Identifier: MIT
#include "server/common/secrets.h"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

namespace reversi::server {

namespace {

void ensure_sodium() {
    // sodium_init is thread-safe and idempotent; it fails only without a random source.
    static const bool ready = sodium_init() >= 0;
    if (!ready) throw std::runtime_error("libsodium could not start (no random source)");
}

// Random bytes from a ChaCha20 keystream. libsodium's randombytes_buf asks the kernel
// (getrandom) on every call, and random_id drew one call per character: a dozen system calls
// per HTTP request on the network thread. Here the kernel is asked once per thread; each
// refill makes the next key from the stream's first bytes and the bytes handed out are
// wiped, so what was drawn before cannot be recomputed from the state (fast key erasure).
class RandomStream {
  public:
    RandomStream() { randombytes_buf(key_.data(), key_.size()); }
    ~RandomStream() {
        sodium_memzero(key_.data(), key_.size());
        sodium_memzero(block_.data(), block_.size());
    }
    void fill(unsigned char* out, size_t n) {
        while (n > 0) {
            if (used_ == block_.size()) refill();
            const size_t take = std::min(n, block_.size() - used_);
            std::memcpy(out, block_.data() + used_, take);
            sodium_memzero(block_.data() + used_, take);
            used_ += take;
            out += take;
            n -= take;
        }
    }

  private:
    void refill() {
        std::array<unsigned char, crypto_stream_chacha20_ietf_KEYBYTES + 512> stream;
        const std::array<unsigned char, crypto_stream_chacha20_ietf_NONCEBYTES> nonce{};
        crypto_stream_chacha20_ietf(stream.data(), stream.size(), nonce.data(), key_.data());
        std::memcpy(key_.data(), stream.data(), key_.size());
        std::memcpy(block_.data(), stream.data() + key_.size(), block_.size());
        sodium_memzero(stream.data(), stream.size());
        used_ = 0;
    }

    std::array<unsigned char, crypto_stream_chacha20_ietf_KEYBYTES> key_;
    std::array<unsigned char, 512> block_{};
    size_t used_ = block_.size();
};

// One stream per thread (the network thread, the hashing pool's threads...): no lock, and a
// thread's stream is its own state, seeded when it first draws.
void random_bytes(unsigned char* out, size_t n) {
    ensure_sodium();
    thread_local RandomStream stream;
    stream.fill(out, n);
}

std::string hex(const unsigned char* bytes, size_t n) {
    std::string out(n * 2 + 1, '\0');
    sodium_bin2hex(out.data(), out.size(), bytes, n);
    out.pop_back();
    return out;
}

}  // namespace

std::string random_token() {
    unsigned char bytes[16];
    random_bytes(bytes, sizeof bytes);
    return hex(bytes, sizeof bytes);
}

std::string random_id(int length) {
    static constexpr char Alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
    static_assert(sizeof Alphabet - 1 == 32, "one byte's low five bits pick a letter evenly");
    std::string id(static_cast<size_t>(std::max(length, 0)), '\0');
    random_bytes(reinterpret_cast<unsigned char*>(id.data()), id.size());
    for (char& c : id) c = Alphabet[static_cast<unsigned char>(c) & 31];
    return id;
}

uint32_t random_below(uint32_t bound) {
    // Rejection below the largest multiple of bound, so every value is equally likely.
    const uint32_t limit = UINT32_MAX - UINT32_MAX % bound;
    for (;;) {
        uint32_t x;
        random_bytes(reinterpret_cast<unsigned char*>(&x), sizeof x);
        if (x < limit) return x % bound;
    }
}

std::string token_hash(std::string_view token) {
    ensure_sodium();
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                       token.size(), nullptr, 0);
    return "b2:" + hex(digest, sizeof digest);
}

}  // namespace reversi::server
