// SPDX-License-Identifier: MIT
// Ids, tokens and draws from the per-thread stream: the right alphabet and length, no repeats,
// every value of a range reached, and each thread its own stream.
#include "server/common/secrets.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

namespace reversi::server {
namespace {

TEST(Secrets, IdsAndTokensAreFreshAndWellFormed) {
    std::set<std::string> ids, tokens;
    for (int i = 0; i < 2000; ++i) {
        const std::string id = random_id(12);
        ASSERT_EQ(id.size(), 12u);
        EXPECT_EQ(id.find_first_not_of("abcdefghijkmnpqrstuvwxyz23456789"), std::string::npos);
        ids.insert(id);
        const std::string token = random_token();
        ASSERT_EQ(token.size(), 32u);
        EXPECT_EQ(token.find_first_not_of("0123456789abcdef"), std::string::npos);
        tokens.insert(token);
    }
    EXPECT_EQ(ids.size(), 2000u);
    EXPECT_EQ(tokens.size(), 2000u);
    // 2,000 ids of 12 letters use all 32 letters.
    std::set<char> letters;
    for (const std::string& id : ids) letters.insert(id.begin(), id.end());
    EXPECT_EQ(letters.size(), 32u);
}

TEST(Secrets, DrawsCoverTheirRangeAndThreadsDoNotShareAStream) {
    std::set<uint32_t> seen;
    for (int i = 0; i < 1000; ++i) {
        const uint32_t x = random_below(10);
        ASSERT_LT(x, 10u);
        seen.insert(x);
    }
    EXPECT_EQ(seen.size(), 10u);
    std::string here, there;
    for (int i = 0; i < 4; ++i) here += random_token();
    std::thread([&] {
        for (int i = 0; i < 4; ++i) there += random_token();
    }).join();
    EXPECT_NE(here, there);
}

}  // namespace
}  // namespace reversi::server
