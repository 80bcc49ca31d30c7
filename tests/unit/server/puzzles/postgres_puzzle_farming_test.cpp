// SPDX-License-Identifier: MIT
// Issue 48, loose end of item 6, across nodes: two `reversi serve` processes on one PostgreSQL
// database. An address shown a puzzle's solution on node one, then an account from that
// address solving it on node two (which read the store at start, before the solution was
// shown): node two asks the store before it rates, and does not rate it. Needs
// $REVERSI_TEST_PG (scripts/pg-temp.sh).
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include "accounts_client.h"
#include "core/notation.h"
#include "server/puzzles/puzzle_set.h"
#include "server_harness.h"
#include "storage_backends.h"

namespace reversi::server::testing_support {
namespace {

TEST(PostgresPuzzleFarming, ASolutionShownOnOneNodeIsNotRatedOnTheOther) {
    const std::string uri = testing_backends::test_server_uri();
    if (uri.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
    testing_backends::PostgresDb db(uri);
    const PuzzleSet puzzles =
        PuzzleSet::load_directory(std::string(REVERSI_TEST_DATA_DIR) + "/puzzles");
    const LoadedPuzzle& p = *puzzles.pool("8x8").front();
    const core::Geometry& g = p.game.variant().geometry();
    std::vector<std::string> line;
    for (int node = 0; node >= 0;) {
        const auto& b = p.record.tree.nodes[static_cast<size_t>(node)].branches.front();
        line.push_back(core::square_name(g, b.move));
        node = b.next;
    }
    const std::string blunder =
        core::square_name(g, p.record.tree.nodes.front().choices.back().move);
    const std::string moves = "/api/puzzles/" + p.record.id + "/moves";

    TempDir dir("pg_puzzle_farm");
    ServerProcess one(dir.path, {"--db", db.uri()});
    ServerProcess two(dir.path, {"--db", db.uri()});
    Browser cookieless(one.port, "127.0.0.1", "127.0.0.12");
    const json shown = cookieless.post(moves, {{"moves", {blunder}}}).data();
    ASSERT_EQ(shown["status"], "failed") << shown.dump();

    Browser farmer(two.port, "127.0.0.1", "127.0.0.12");
    farmer.get("/api/me");
    ASSERT_EQ(farmer.post("/api/register", {{"name", "NodeFarmer"}, {"password", "correct horse"}})
                  .status,
              200);
    // Node one answered after its record was committed.
    const json farmed = farmer.post(moves, {{"moves", line}}).data();
    EXPECT_EQ(farmed["status"], "solved") << farmed.dump();
    EXPECT_FALSE(farmed["rated"]) << farmed.dump();
    EXPECT_EQ(farmed["unrated"], "seen");
    EXPECT_FALSE(farmed.contains("player_rating"));
    EXPECT_EQ(get(two.port, "/api/puzzles/players/NodeFarmer").data()["attempts"], 0);

    Browser honest(two.port, "127.0.0.1", "127.0.0.13");
    honest.get("/api/me");
    ASSERT_EQ(honest.post("/api/register", {{"name", "NodeHonest"}, {"password", "correct horse"}})
                  .status,
              200);
    EXPECT_TRUE(honest.post(moves, {{"moves", line}}).data()["rated"]);
}

}  // namespace
}  // namespace reversi::server::testing_support
#endif
