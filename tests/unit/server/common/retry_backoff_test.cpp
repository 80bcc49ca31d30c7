// SPDX-License-Identifier: MIT
// The clients' wait before asking again for a table no node serves yet (issue 51).
#include "server/common/retry_backoff.h"

#include <gtest/gtest.h>

#include <set>

namespace reversi::server {
namespace {

TEST(RetryBackoff, EachFailedTryWaitsLongerUpToTheCap) {
    const RetryBackoff b{100, 3'000};
    EXPECT_EQ(retry_delay_ms(1, 1.0, b), 100);
    EXPECT_EQ(retry_delay_ms(2, 1.0, b), 200);
    EXPECT_EQ(retry_delay_ms(3, 1.0, b), 400);
    EXPECT_EQ(retry_delay_ms(6, 1.0, b), 3'000);
    EXPECT_EQ(retry_delay_ms(1'000'000, 1.0, b), 3'000);
    // Tries before the first failure, or a hostile count, wait as the first.
    EXPECT_EQ(retry_delay_ms(0, 1.0, b), 100);
    EXPECT_EQ(retry_delay_ms(-5, 1.0, b), 100);
}

TEST(RetryBackoff, TheJitterSpreadsTheWaitOverItsUpperHalfAndIsNeverZero) {
    std::set<int64_t> seen;
    for (int i = 0; i <= 100; ++i) {
        const int64_t ms = retry_delay_ms(4, i / 100.0);  // a step of 800 ms
        EXPECT_GE(ms, 400);
        EXPECT_LE(ms, 800);
        seen.insert(ms);
    }
    EXPECT_GT(seen.size(), 50u);  // players of one death do not come back in step
    EXPECT_GT(retry_delay_ms(1, 0.0), 0);
    EXPECT_EQ(retry_delay_ms(1, -3.0), 50);  // a draw out of range is clamped
    // Ten tries of one player: at least 10 s of waiting (the ttl of the run), where
    // the fixed 0.1-0.2 s of before made a hundred tries in that time.
    int64_t total = 0;
    for (int f = 1; f <= 10; ++f) total += retry_delay_ms(f, 0.0);
    EXPECT_GE(total, 9'000);
}

}  // namespace
}  // namespace reversi::server
