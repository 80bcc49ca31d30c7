// SPDX-License-Identifier: MIT
// The password hashing threads (accounts/hashing_pool.h): a login waits behind logins only,
// never behind queued sign-ups, and each class's queue is bounded (a full one refuses).
#include "server/accounts/hashing_pool.h"

#include <gtest/gtest.h>

#include <future>
#include <mutex>
#include <string>

namespace reversi::server {
namespace {

TEST(HashingPool, LoginsRunBeforeQueuedSignupsAndFullQueuesRefuse) {
    std::vector<std::string> order;
    std::mutex m;
    const auto record = [&](std::string what) {
        return [&, what] {
            std::lock_guard lock(m);
            order.push_back(what);
        };
    };
    std::promise<void> release;
    std::promise<void> started;
    {
        HashingPool pool(1, 3);
        EXPECT_EQ(pool.threads(), 1);
        // The one thread is busy until released, so everything below waits in the queues.
        ASSERT_TRUE(pool.submit(HashClass::Signup, [&, f = release.get_future().share()] {
            started.set_value();
            f.wait();
        }));
        started.get_future().wait();
        for (int i = 0; i < 3; ++i)
            EXPECT_TRUE(pool.submit(HashClass::Signup, record("signup" + std::to_string(i))));
        EXPECT_FALSE(pool.submit(HashClass::Signup, record("refused")));
        EXPECT_TRUE(pool.submit(HashClass::Login, record("login0")));
        EXPECT_TRUE(pool.submit(HashClass::Login, record("login1")));
        release.set_value();
    }  // the destructor runs what is queued, then joins
    EXPECT_EQ(order,
              (std::vector<std::string>{"login0", "login1", "signup0", "signup1", "signup2"}));
}

TEST(HashingPool, ZeroThreadsMeansOnePerCore) {
    HashingPool pool(0, 1);
    EXPECT_EQ(pool.threads(), std::max(1, static_cast<int>(std::thread::hardware_concurrency())));
}

}  // namespace
}  // namespace reversi::server
