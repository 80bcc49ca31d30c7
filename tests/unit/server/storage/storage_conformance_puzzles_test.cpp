// SPDX-License-Identifier: MIT
// The puzzle rows of the store (docs/PUZZLES.md "On the site"), the same bodies against SQLite
// and PostgreSQL: puzzle and player ratings upsert by key and read back to the same double, an
// attempt is kept once per player and puzzle, and a rolled-back write leaves nothing.
#include <gtest/gtest.h>

#include <algorithm>

#include "storage_backends.h"

namespace reversi::server {
namespace {

class PuzzleRowsConformance : public testing_backends::BackendTest {};

TEST_P(PuzzleRowsConformance, RatingsUpsertAndAttemptsAreKeptOnce) {
    auto store = db_->open();
    store->begin();
    store->save_puzzle_rating({"8x8-s1-g0-p44", 1500.125, 340.5, 0.06, 1, 0});
    store->save_puzzle_rating({"8x8-s1-g0-p44", 1612.0000000001, 300.25, 0.0599, 2, 1});
    store->save_puzzle_rating({"6x6-s1-g3-p20", 1400, 350, 0.06, 0, 0});
    store->save_player_puzzles({7, 1450.5, 320, 0.06, 1, 0});
    store->save_player_puzzles({7, 1490.75, 310, 0.06, 2, 1});
    store->add_puzzle_attempt({7, "8x8-s1-g0-p44", false, 1000});
    store->add_puzzle_attempt({7, "8x8-s1-g0-p44", true, 2000});  // kept once: the first
    store->add_puzzle_attempt({8, "8x8-s1-g0-p44", true, 3000});
    store->commit();
    store->begin();
    store->save_player_puzzles({9, 1, 1, 1, 1, 1});
    store->rollback();

    const auto fresh = db_->open();
    auto puzzles = fresh->puzzle_ratings();
    std::sort(puzzles.begin(), puzzles.end(),
              [](const auto& a, const auto& b) { return a.puzzle < b.puzzle; });
    ASSERT_EQ(puzzles.size(), 2u);
    EXPECT_EQ(puzzles[1].puzzle, "8x8-s1-g0-p44");
    EXPECT_EQ(puzzles[1].rating, 1612.0000000001);
    EXPECT_EQ(puzzles[1].rd, 300.25);
    EXPECT_EQ(puzzles[1].volatility, 0.0599);
    EXPECT_EQ(puzzles[1].attempts, 2);
    EXPECT_EQ(puzzles[1].solved, 1);
    const auto players = fresh->player_puzzles();
    ASSERT_EQ(players.size(), 1u);
    EXPECT_EQ(players[0].player, 7);
    EXPECT_EQ(players[0].rating, 1490.75);
    auto attempts = fresh->puzzle_attempts();
    std::sort(attempts.begin(), attempts.end(),
              [](const auto& a, const auto& b) { return a.player < b.player; });
    ASSERT_EQ(attempts.size(), 2u);
    EXPECT_FALSE(attempts[0].solved);
    EXPECT_EQ(attempts[0].at, 1000);
    EXPECT_TRUE(attempts[1].solved);
}

// Issue 48, item 6: who was shown which solution outlives the store's reopening (a restart),
// is found by any of the viewer's keys from a time on, keeps the later time, is capped per
// key (the newest kept) and forgets rows older than a time.
TEST_P(PuzzleRowsConformance, SeenSolutionsAreKeptCappedPerViewerAndForgotten) {
    auto store = db_->open();
    store->begin();
    store->add_seen_puzzle({"a:10.0.0.1", "d:dev1"}, "p1", 1000, 3);
    store->add_seen_puzzle({"a:10.0.0.1"}, "p1", 500, 3);  // an older time does not win
    store->add_seen_puzzle({"a:10.0.0.1"}, "p2", 2000, 3);
    store->add_seen_puzzle({"a:10.0.0.1"}, "p3", 3000, 3);
    store->commit();
    store->begin();
    store->add_seen_puzzle({"d:dev1"}, "p9", 9000, 5);
    store->rollback();

    auto fresh = db_->open();
    EXPECT_TRUE(fresh->puzzle_seen({"p:7", "a:10.0.0.1"}, "p1", 1000));
    EXPECT_TRUE(fresh->puzzle_seen({"d:dev1"}, "p1", 0));
    EXPECT_FALSE(fresh->puzzle_seen({"a:10.0.0.1"}, "p1", 1001)) << "older than `since`";
    EXPECT_FALSE(fresh->puzzle_seen({"a:10.0.0.2", "d:dev2"}, "p1", 0));
    EXPECT_FALSE(fresh->puzzle_seen({"d:dev1"}, "p9", 0)) << "rolled back";
    EXPECT_FALSE(fresh->puzzle_seen({}, "p1", 0));
    // A fourth puzzle for the address: its oldest (p1) goes; the device keeps its own p1.
    fresh->begin();
    fresh->add_seen_puzzle({"a:10.0.0.1"}, "p4", 4000, 3);
    fresh->commit();
    EXPECT_FALSE(fresh->puzzle_seen({"a:10.0.0.1"}, "p1", 0));
    EXPECT_TRUE(fresh->puzzle_seen({"a:10.0.0.1"}, "p4", 0));
    EXPECT_TRUE(fresh->puzzle_seen({"d:dev1"}, "p1", 0));
    const auto rows = fresh->seen_puzzles(0, 100);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows.front().at, 1000) << "oldest first";
    EXPECT_EQ(rows.back().puzzle, "p4");
    const auto newest = fresh->seen_puzzles(2500, 1);
    ASSERT_EQ(newest.size(), 1u) << "the newest within the limit";
    EXPECT_EQ(newest[0].at, 4000);
    fresh->begin();
    fresh->forget_seen_puzzles(2500);
    fresh->commit();
    const auto left = fresh->seen_puzzles(0, 100);
    ASSERT_EQ(left.size(), 2u);
    EXPECT_EQ(left[0].puzzle, "p3");
    EXPECT_EQ(left[1].puzzle, "p4");
}

INSTANTIATE_TEST_SUITE_P(Backends, PuzzleRowsConformance, testing_backends::ConformanceBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
