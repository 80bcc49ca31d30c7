// SPDX-License-Identifier: MIT
// The two clocks the services read, in milliseconds: the steady one for rate limits and
// durations, the wall one for what is stored (attempts, imports). Several older files still
// carry their own lines for them; new code uses these.
#pragma once

#include <chrono>
#include <cstdint>

namespace reversi::server {

inline int64_t steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

inline int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace reversi::server
