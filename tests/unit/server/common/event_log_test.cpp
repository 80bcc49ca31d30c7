// SPDX-License-Identifier: MIT
#include "server/common/event_log.h"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <thread>
#include <vector>

namespace reversi::server {
namespace {

TEST(EventLog, OneJsonObjectPerLineWithTimeAndType) {
    std::ostringstream out;
    EventLog log(out);
    log.write("access", {{"id", "abc"}, {"status", 200}, {"path", "/x\n\"y"}});
    log.write("stop", {{"tables", 3}});
    std::istringstream in(out.str());
    std::string line;
    ASSERT_TRUE(std::getline(in, line));
    const auto first = nlohmann::json::parse(line);
    EXPECT_EQ(first["type"], "access");
    EXPECT_EQ(first["id"], "abc");
    EXPECT_EQ(first["path"], "/x\n\"y");  // escaped: still one line
    EXPECT_TRUE(std::regex_match(first["ts"].get<std::string>(),
                                 std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));
    ASSERT_TRUE(std::getline(in, line));
    EXPECT_EQ(nlohmann::json::parse(line)["type"], "stop");
    EXPECT_FALSE(std::getline(in, line));
}

TEST(EventLog, LinesFromSeveralThreadsNeverInterleave) {
    std::ostringstream out;
    EventLog log(out);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 200; ++i) log.write("event", {{"t", t}, {"i", i}});
        });
    for (auto& th : threads) th.join();
    std::istringstream in(out.str());
    int lines = 0;
    for (std::string line; std::getline(in, line); ++lines)
        EXPECT_NO_THROW(nlohmann::json::parse(line)) << line;
    EXPECT_EQ(lines, 800);
}

TEST(EventLog, PathsLoseTheirQueryWhereTokensTravel) {
    EXPECT_EQ(log_path("/ws?table=abc&token=secret"), "/ws");
    EXPECT_EQ(log_path("/api/health"), "/api/health");
    EXPECT_EQ(log_path(std::string(500, 'a')).size(), 200u);
}

}  // namespace
}  // namespace reversi::server
