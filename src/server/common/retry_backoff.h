// SPDX-License-Identifier: MIT
// How long a client waits before it asks again for a table that no node serves yet (its node
// died and the lease has not run out, or a sweeper is taking it over; docs/MULTINODE.md).
// Retrying at a fixed 0.1-0.2 s, thousands of players of a dead node's tables made a survivor
// answer 270,000 reconnects in a takeover (issue 51): each try now waits twice as long as
// the one before, up to a cap, with jitter so that the players of one death do not come back
// in step. Header only: the server's tests and the load clients (src/stress) share it.
#pragma once

#include <algorithm>
#include <cstdint>

namespace reversi::server {

struct RetryBackoff {
    int64_t first_ms = 100;  // the wait after the first failed try (before jitter)
    int64_t cap_ms = 3'000;  // never longer, whatever the tries
};

// The wait before the next try, after `failures` tries in a row that found no one serving
// (1 for the first). `unit` is a uniform draw in [0, 1) of the caller's: the wait is in
// [half, whole] of the doubled step, so it grows with the failures and is never 0.
inline int64_t retry_delay_ms(int failures, double unit, RetryBackoff b = {}) {
    const int doublings = std::clamp(failures - 1, 0, 30);
    const int64_t step = std::min(b.cap_ms, b.first_ms << std::min(doublings, 20));
    const double u = std::clamp(unit, 0.0, 1.0);
    return step / 2 + static_cast<int64_t>(u * static_cast<double>(step - step / 2));
}

}  // namespace reversi::server
