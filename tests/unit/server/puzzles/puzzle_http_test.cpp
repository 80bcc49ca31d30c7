// SPDX-License-Identifier: MIT
// Puzzles through the real server with the tests' puzzle set: the overview and the daily
// puzzle, a registered player's solved and failed attempts moving both ratings the right way
// (once per puzzle), a guest graded but not rated, the ratings kept across a restart, streak
// mode (puzzles of rising rating until the first mistake, the best streak stored, a running
// streak going on after a restart), and hostile requests answered with their error codes.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "accounts_client.h"
#include "core/notation.h"
#include "server/puzzles/puzzle_set.h"

namespace reversi::server {
namespace {

using namespace testing_support;

PuzzleSet fixture_puzzles() {
    return PuzzleSet::load_directory(std::string(REVERSI_TEST_DATA_DIR) + "/puzzles");
}

// The solution's first move and a losing move of the puzzle, as square names.
std::pair<std::string, std::string> solution_and_blunder(const LoadedPuzzle& p) {
    const core::Geometry& g = p.game.variant().geometry();
    const auto& root = p.record.tree.nodes.front();
    return {core::square_name(g, root.branches.front().move),
            core::square_name(g, root.choices.back().move)};
}

// The whole solution line of the first branches, each solver move in turn.
std::vector<std::string> solution_line(const LoadedPuzzle& p) {
    const core::Geometry& g = p.game.variant().geometry();
    std::vector<std::string> line;
    int node = 0;
    while (node >= 0) {
        const auto& b = p.record.tree.nodes[static_cast<size_t>(node)].branches.front();
        line.push_back(core::square_name(g, b.move));
        node = b.next;
    }
    return line;
}

Browser registered(unsigned short port, const std::string& name) {
    Browser b(port);
    EXPECT_EQ(b.get("/api/me").status, 200);
    const auto r = b.post("/api/register", {{"name", name}, {"password", "correct horse"}});
    EXPECT_EQ(r.status, 200) << r.body;
    return b;
}

TEST(PuzzleHttp, SolvedAndFailedAttemptsMoveBothRatings) {
    const PuzzleSet puzzles = fixture_puzzles();
    TempDir dir("puzzle_http");
    int player_rating = 0;
    {
        ServerProcess server(dir.path);
        const json overview = get(server.port, "/api/puzzles").data();
        EXPECT_EQ(overview["pools"]["8x8"], puzzles.pool("8x8").size());
        EXPECT_EQ(overview["pools"]["6x6"], puzzles.pool("6x6").size());
        const json daily = get(server.port, "/api/puzzles/daily").data();
        EXPECT_EQ(daily["id"], overview["daily"]);
        EXPECT_FALSE(daily.contains("tree"));  // no solution before the end

        Browser ada = registered(server.port, "PuzzleAda");
        const json first = ada.get("/api/puzzles/next?pool=8x8").data();
        const LoadedPuzzle* p1 = puzzles.find(first["id"]);
        ASSERT_NE(p1, nullptr) << first.dump();
        EXPECT_EQ(first["moves"].size(), p1->record.moves.size());
        const json solved =
            ada.post("/api/puzzles/" + p1->record.id + "/moves", {{"moves", solution_line(*p1)}})
                .data();
        EXPECT_EQ(solved["status"], "solved") << solved.dump();
        EXPECT_TRUE(solved["rated"]);
        EXPECT_GT(solved["player_rating"]["change"], 0);
        EXPECT_LT(solved["puzzle_rating"]["change"], 0);
        EXPECT_EQ(solved["tree"].size(), p1->record.tree.nodes.size());
        EXPECT_EQ(solved["moves"][0]["loss"], 0);

        // The next puzzle is another one (this one is rated already); a blunder fails it.
        const json second = ada.get("/api/puzzles/next?pool=8x8").data();
        ASSERT_NE(second["id"], first["id"]);
        const LoadedPuzzle* p2 = puzzles.find(second["id"]);
        ASSERT_NE(p2, nullptr);
        const auto [good, bad] = solution_and_blunder(*p2);
        const json failed =
            ada.post("/api/puzzles/" + p2->record.id + "/moves", {{"moves", {bad}}}).data();
        EXPECT_EQ(failed["status"], "failed");
        EXPECT_GE(failed["moves"][0]["loss"], 6);
        EXPECT_TRUE(failed["rated"]);
        EXPECT_LT(failed["player_rating"]["change"], 0);
        EXPECT_GT(failed["puzzle_rating"]["change"], 0);
        EXPECT_FALSE(failed["tree"].empty());

        // A second attempt is graded but not rated again.
        const json again =
            ada.post("/api/puzzles/" + p2->record.id + "/moves", {{"moves", {good}}}).data();
        EXPECT_FALSE(again["rated"]);
        // A guest is graded, never rated.
        const json guest =
            post(server.port, "/api/puzzles/" + p2->record.id + "/moves", {{"moves", {good}}})
                .data();
        EXPECT_FALSE(guest["rated"]);

        const json mine = get(server.port, "/api/puzzles/players/puzzleada").data();
        EXPECT_EQ(mine["attempts"], 2);
        EXPECT_EQ(mine["solved"], 1);
        player_rating = failed["player_rating"]["rating"];
        EXPECT_EQ(mine["rating"], player_rating);
    }
    // The ratings and attempts come back from the store.
    ServerProcess again(dir.path);
    const json mine = get(again.port, "/api/puzzles/players/PuzzleAda").data();
    EXPECT_EQ(mine["rating"], player_rating);
    EXPECT_EQ(mine["attempts"], 2);
}

TEST(PuzzleHttp, StreakRisesUntilTheFirstMistakeAndKeepsTheBest) {
    const PuzzleSet puzzles = fixture_puzzles();
    TempDir dir("puzzle_http_streak");
    std::string running_next;  // the running streak's puzzle when the server stops
    {
        ServerProcess server(dir.path);
        Browser bo = registered(server.port, "StreakBo");
        const json first = bo.post("/api/puzzles/streak", {{"pool", "8x8"}}).data();
        EXPECT_EQ(first["streak"]["count"], 0) << first.dump();
        const LoadedPuzzle* p1 = puzzles.find(first["id"]);
        ASSERT_NE(p1, nullptr) << first.dump();
        // The streak opens with one of the lowest rated puzzles (8 candidates).
        size_t lower = 0;
        for (const LoadedPuzzle* p : puzzles.pool("8x8"))
            lower += p->record.rating < p1->record.rating;
        EXPECT_LT(lower, 8u);
        const json solved =
            bo.post("/api/puzzles/" + p1->record.id + "/moves", {{"moves", solution_line(*p1)}})
                .data();
        ASSERT_EQ(solved["status"], "solved") << solved.dump();
        EXPECT_EQ(solved["streak"]["count"], 1);
        EXPECT_EQ(solved["streak"]["best"], 1);
        EXPECT_FALSE(solved["streak"]["over"]);
        ASSERT_TRUE(solved["streak"]["next"].is_string()) << solved.dump();
        // The next one is rated at least as high as the one just solved, and is another.
        const json second =
            bo.get("/api/puzzles/" + solved["streak"]["next"].get<std::string>()).data();
        EXPECT_NE(second["id"], first["id"]);
        EXPECT_GE(second["rating"], first["rating"]);
        // A puzzle outside the streak does not move it.
        const LoadedPuzzle* other = nullptr;
        for (const LoadedPuzzle* p : puzzles.pool("8x8"))
            if (p->record.id != first["id"] && p->record.id != second["id"]) other = p;
        ASSERT_NE(other, nullptr);
        const json outside = bo.post("/api/puzzles/" + other->record.id + "/moves",
                                     {{"moves", solution_line(*other)}})
                                 .data();
        EXPECT_FALSE(outside.contains("streak"));
        // The first mistake ends it.
        const LoadedPuzzle* p2 = puzzles.find(second["id"]);
        const json failed = bo.post("/api/puzzles/" + p2->record.id + "/moves",
                                    {{"moves", {solution_and_blunder(*p2).second}}})
                                .data();
        EXPECT_EQ(failed["status"], "failed");
        EXPECT_TRUE(failed["streak"]["over"]);
        EXPECT_EQ(failed["streak"]["count"], 1);
        EXPECT_TRUE(failed["streak"]["next"].is_null());
        EXPECT_EQ(get(server.port, "/api/puzzles/players/StreakBo").data()["streaks"]["8x8"], 1);
        const auto code = [](const BrowserReply& r) { return r.data()["code"].get<std::string>(); };
        EXPECT_EQ(code(bo.post("/api/puzzles/streak", {{"pool", "3p"}})), "not_found");
        EXPECT_EQ(code(bo.post("/api/puzzles/streak", {{"pool", 8}})), "bad_request");
        // A new streak starts at 0 with the best remembered; its first puzzle solved, it runs.
        const json again = bo.post("/api/puzzles/streak", {{"pool", "8x8"}}).data();
        EXPECT_EQ(again["streak"]["best"], 1);
        const json one = bo.post("/api/puzzles/" + again["id"].get<std::string>() + "/moves",
                                 {{"moves", solution_line(*puzzles.find(again["id"]))}})
                             .data();
        ASSERT_EQ(one["streak"]["count"], 1) << one.dump();
        ASSERT_TRUE(one["streak"]["next"].is_string()) << one.dump();
        running_next = one["streak"]["next"];
    }
    // The best streak comes back from the store, and so does the running one: its next puzzle
    // solved after the restart makes it 2, a new best.
    ServerProcess again(dir.path);
    EXPECT_EQ(get(again.port, "/api/puzzles/players/StreakBo").data()["streaks"]["8x8"], 1);
    Browser bo(again.port);
    ASSERT_EQ(bo.post("/api/login", {{"name", "StreakBo"}, {"password", "correct horse"}}).status,
              200);
    const json two = bo.post("/api/puzzles/" + running_next + "/moves",
                             {{"moves", solution_line(*puzzles.find(running_next))}})
                         .data();
    ASSERT_EQ(two["status"], "solved") << two.dump();
    EXPECT_EQ(two["streak"]["count"], 2) << two.dump();
    EXPECT_EQ(two["streak"]["best"], 2);
    EXPECT_EQ(get(again.port, "/api/puzzles/players/StreakBo").data()["streaks"]["8x8"], 2);
}

TEST(PuzzleHttp, HostileRequestsGetTheirErrors) {
    const PuzzleSet puzzles = fixture_puzzles();
    const LoadedPuzzle& p = *puzzles.pool("8x8").front();
    const auto [good, bad] = solution_and_blunder(p);
    TempDir dir("puzzle_http_hostile");
    ServerProcess server(dir.path);
    const std::string moves = "/api/puzzles/" + p.record.id + "/moves";
    const auto code = [](const HttpResult& r) { return r.data()["code"].get<std::string>(); };
    EXPECT_EQ(code(http_request(server.port, http::verb::post, moves, "{not json")), "bad_json");
    EXPECT_EQ(code(post(server.port, moves, {{"moves", json::array()}})), "bad_request");
    EXPECT_EQ(code(post(server.port, moves, {{"moves", std::vector<std::string>(17, good)}})),
              "bad_request");
    EXPECT_EQ(code(post(server.port, moves, {{"moves", {5}}})), "bad_request");
    EXPECT_EQ(code(post(server.port, moves, {{"moves", {"z99"}}})), "bad_request");
    EXPECT_EQ(code(post(server.port, moves, {{"moves", {"pass"}}})), "bad_request");
    EXPECT_EQ(code(post(server.port, moves, {{"moves", {bad, good}}})), "illegal_move");
    EXPECT_EQ(code(post(server.port, "/api/puzzles/nope/moves", {{"moves", {good}}})), "not_found");
    EXPECT_EQ(code(get(server.port, "/api/puzzles/" + std::string(300, 'x'))), "not_found");
    EXPECT_EQ(code(get(server.port, "/api/puzzles/next?pool=3p")), "not_found");
    EXPECT_EQ(code(get(server.port, "/api/puzzles/players/nobody")), "not_found");
    EXPECT_EQ(get(server.port, "/api/puzzles/" + p.record.id).status, 200);
}

}  // namespace
}  // namespace reversi::server
