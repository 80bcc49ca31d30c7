// SPDX-License-Identifier: MIT
// The login limits (accounts/login_throttle.h) on a fake time line: failures close a name
// only to the addresses that failed on it, per pair and per name, for one window; the counts
// of a shared store add to this node's.
#include "server/accounts/login_throttle.h"

#include <gtest/gtest.h>

namespace reversi::server {
namespace {

LoginLimits generous_attempts() {
    LoginLimits l;
    l.attempts_per_minute = 1000;  // the per-address bucket out of the way
    return l;
}

TEST(LoginThrottle, TheOwnerFromACleanAddressIsNeverLockedOut) {
    LoginThrottle t(generous_attempts());
    int64_t now = 1'000'000;
    for (int a = 0; a < 20; ++a)
        for (int i = 0; i < 10; ++i) t.failed("10.0.0." + std::to_string(a), "ada", now++);
    EXPECT_EQ(t.wait("192.0.2.1", "ada", now), 0);
    // The attackers are out, for this name only.
    EXPECT_GT(t.wait("10.0.0.3", "ada", now), 0);
    EXPECT_EQ(t.wait("10.0.0.3", "bob", now), 0);
}

TEST(LoginThrottle, FailuresPerPairAndPerNameCloseTheNameToTheirAddresses) {
    LoginThrottle t(generous_attempts());
    int64_t now = 1'000'000;
    for (int i = 0; i < 9; ++i) t.failed("10.0.0.1", "ada", now);
    EXPECT_EQ(t.wait("10.0.0.1", "ada", now), 0);
    t.failed("10.0.0.1", "ada", now);
    EXPECT_NEAR(t.wait("10.0.0.1", "ada", now), 15 * 60, 1);
    // Many addresses, one failure each: once the name is busy, each is out after its first.
    for (int a = 0; a < 20; ++a) t.failed("10.1.0." + std::to_string(a), "bob", now);
    EXPECT_EQ(t.wait("10.1.0.1", "bob", now), 0);  // 20 < 30
    for (int a = 20; a < 30; ++a) t.failed("10.1.0." + std::to_string(a), "bob", now);
    EXPECT_GT(t.wait("10.1.0.1", "bob", now), 0);
    EXPECT_EQ(t.wait("10.2.0.1", "bob", now), 0);
    // After the window everything is forgotten.
    now += 15 * 60 * 1000 + 1;
    EXPECT_EQ(t.wait("10.0.0.1", "ada", now), 0);
    EXPECT_EQ(t.wait("10.1.0.1", "bob", now), 0);
    EXPECT_EQ(t.local("10.1.0.1", "bob", now).name, 0);
}

TEST(LoginThrottle, ASharedStoresCountsApply) {
    LoginThrottle t(generous_attempts());
    const int64_t now = 1'000'000;
    EXPECT_GT(t.wait("10.0.0.1", "ada", now, {10, 10}), 0);
    EXPECT_GT(t.wait("10.0.0.1", "ada", now, {1, 30}), 0);
    EXPECT_EQ(t.wait("10.0.0.1", "ada", now, {0, 500}), 0);
    EXPECT_EQ(t.wait("10.0.0.1", "ada", now, {9, 29}), 0);
}

TEST(LoginThrottle, EachAddressHasItsBucketOfAttempts) {
    LoginThrottle t;  // 10 a minute
    const int64_t now = 1'000'000;
    for (int i = 0; i < 10; ++i) {
        EXPECT_EQ(t.wait("10.0.0.1", now), 0);
        t.attempt("10.0.0.1", now);
    }
    EXPECT_GT(t.wait("10.0.0.1", "anyone", now), 0);
    EXPECT_EQ(t.wait("10.0.0.2", "anyone", now), 0);
    EXPECT_EQ(t.wait("10.0.0.1", now + 6'000), 0);
}

}  // namespace
}  // namespace reversi::server
