// SPDX-License-Identifier: MIT
// What every harness shares: a check that stops the run with a readable reason (libFuzzer
// then saves the input as a crash artifact), and the input as text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace reversi::fuzz {

// Reports a broken property and aborts; libFuzzer records the input that did it.
[[noreturn]] inline void fail(const char* file, int line, const std::string& what) {
    std::fprintf(stderr, "\n==== FUZZ PROPERTY BROKEN at %s:%d\n%s\n", file, line, what.c_str());
    std::fflush(stderr);
    std::abort();
}

inline std::string as_text(const uint8_t* data, size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

}  // namespace reversi::fuzz

// FUZZ_CHECK(condition, message): the message is only built when the check fails.
#define FUZZ_CHECK(cond, msg)                                                        \
    do {                                                                             \
        if (!(cond))                                                                 \
            ::reversi::fuzz::fail(__FILE__, __LINE__,                                \
                                  std::string("check failed: " #cond "\n") + (msg)); \
    } while (0)
