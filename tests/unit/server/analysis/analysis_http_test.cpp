// SPDX-License-Identifier: MIT
// Post-game analysis through the real server: a game against the computer that ends is
// analysed without being asked (the hub's game-over hook) and served at
// GET /api/games/{id}/analysis; a running game is refused; POST /api/analyze answers the
// analysis board; wrong methods, ids and bodies get their error codes.
#include <gtest/gtest.h>

#include <thread>

#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// Polls the analysis of `id` until it is done (or the guard gives up); the last answer.
HttpResult analysis_done(unsigned short port, const std::string& id) {
    HttpResult r;
    for (int i = 0; i < 600; ++i) {
        r = get(port, "/api/games/" + id + "/analysis");
        if (r.status != 200 || r.data()["status"] == "done") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return r;
}

TEST(AnalysisHttp, FinishedGameIsAnalysedAndServed) {
    TempDir dir("analysis_http");
    ServerProcess server(dir.path);
    const HttpResult made =
        post(server.port, "/api/tables",
             {{"seats", {{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}}}, {"seat", 0}});
    ASSERT_EQ(made.status, 200) << made.body;
    const std::string id = made.data()["table"], token = made.data()["token"];
    WsClient a(server.port, "/ws?table=" + id + "&token=" + token);
    a.read_state(0);
    // While the game runs, its analysis is not available (it would help the player).
    const HttpResult early = get(server.port, "/api/games/" + id + "/analysis");
    EXPECT_EQ(early.status, 400);
    EXPECT_EQ(early.data()["code"], "not_allowed");
    a.send(json{{"type", "move"}, {"square", "f5"}, {"ply", 0}});
    a.read_state(2);
    a.send(json{{"type", "resign"}});
    a.read_until(
        [](const json& m) { return m["type"] == "state" && m["table"]["status"] == "finished"; });
    const HttpResult done = analysis_done(server.port, id);
    ASSERT_EQ(done.status, 200) << done.body;
    const json j = done.data();
    ASSERT_EQ(j["status"], "done");
    ASSERT_EQ(j["plies"].size(), 2u);
    EXPECT_EQ(j["plies"][0]["played"], "f5");
    EXPECT_EQ(j["plies"][0]["seat"], 0);
    EXPECT_EQ(j["plies"][1]["seat"], 1);
    // f5 is one of four symmetric openings: nothing is lost by it.
    EXPECT_EQ(j["plies"][0]["loss"], 0);
    EXPECT_EQ(j["plies"][0]["class"], "best");
}

TEST(AnalysisHttp, BoardAndBadRequests) {
    TempDir dir("analysis_board_http");
    ServerProcess server(dir.path);
    const HttpResult ok =
        http_request(server.port, http::verb::post, "/api/analyze",
                     json{{"setup", {{"board", "8"}}}, {"moves", {"f5"}}, {"depth", 3}}.dump());
    ASSERT_EQ(ok.status, 200) << ok.body;
    EXPECT_EQ(ok.data()["moves"].size(), 3u);  // White's replies to f5: d6, f4, f6
    EXPECT_EQ(ok.data()["to_move"], 1);

    const auto code = [&](http::verb v, const std::string& target, const std::string& body) {
        const HttpResult r = http_request(server.port, v, target, body);
        return std::make_pair(r.status, r.data().value("code", std::string()));
    };
    using P = std::pair<int, std::string>;
    EXPECT_EQ(code(http::verb::post, "/api/analyze", "{"), P(400, "bad_json"));
    EXPECT_EQ(code(http::verb::post, "/api/analyze", R"({"moves": ["f5", "f5"]})"),
              P(400, "illegal_move"));
    EXPECT_EQ(code(http::verb::post, "/api/analyze", R"({"depth": 99})"), P(400, "bad_request"));
    EXPECT_EQ(code(http::verb::get, "/api/analyze", ""), P(405, "not_allowed"));
    EXPECT_EQ(code(http::verb::get, "/api/games/nosuch/analysis", ""), P(404, "not_found"));
    EXPECT_EQ(code(http::verb::post, "/api/games/nosuch/analysis", ""), P(405, "not_allowed"));
}

}  // namespace
}  // namespace reversi::server
