// SPDX-License-Identifier: MIT
// One tournament (server/tournament/tournament.*): it starts at its time, pairs, scores the
// games, drops a game whose table was never made (arena) or draws it (Swiss), reads back from
// its stored document exactly, and ends when its time or rounds are over.
#include "server/tournament/tournament.h"

#include <gtest/gtest.h>

namespace reversi::server::tournament {
namespace {

Tournament make(Kind kind) {
    Settings s;
    s.name = "Test";
    s.kind = kind;
    s.setup = json::object();
    s.starts_at = 1000;
    s.duration_ms = 10'000;
    s.rounds = 2;
    Tournament t("t1", s, Identity{1, "Ada", false}, 5);
    for (int64_t p = 1; p <= 4; ++p) t.join(Identity{p, "P" + std::to_string(p), false}, 1500 + p);
    return t;
}

TEST(Tournament, ArenaStartsPairsScoresAndEnds) {
    Tournament t = make(Kind::Arena);
    EXPECT_TRUE(t.due_pairings(999).empty()) << "not before its time";
    const auto pairs = t.due_pairings(1000);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(t.status(), Status::Running);
    EXPECT_TRUE(t.due_pairings(1001).empty()) << "everyone is playing";
    t.table_made(pairs[0], "tab1");
    t.table_made(pairs[1], "tab2");
    EXPECT_TRUE(t.game_over("tab1", 2));
    EXPECT_FALSE(t.game_over("tab1", 2)) << "once";
    t.table_failed("tab2");  // never made: both free again, nothing scored
    const auto again = t.due_pairings(2000);
    ASSERT_EQ(again.size(), 2u);
    // A pairing whose table was not named yet when stored is dropped on reading back.
    EXPECT_EQ(Tournament::from_doc(t.doc()).games().size(), 1u);
    t.table_made(again[0], "tab3");
    t.table_made(again[1], "tab4");
    EXPECT_FALSE(t.finish_if_due(20'000)) << "games still running";
    // The document reads back as the same tournament.
    const Tournament back = Tournament::from_doc(t.doc());
    EXPECT_EQ(back.doc(), t.doc());
    int points = 0, games = 0;
    for (const Entrant& e : t.entrants()) {
        points += e.score;
        games += e.games;
    }
    EXPECT_EQ(points, 2);
    EXPECT_EQ(games, 2);
}

TEST(Tournament, SwissFailedTableIsADrawAndRoundsEnd) {
    Tournament t = make(Kind::Swiss);
    t.start(1);
    auto pairs = t.due_pairings(2);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(t.round(), 1);
    t.table_made(pairs[0], "a");
    t.table_made(pairs[1], "b");
    EXPECT_TRUE(t.due_pairings(3).empty()) << "round 1 is still on";
    t.game_over("a", 2);
    t.table_failed("b");
    pairs = t.due_pairings(4);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(t.round(), 2);
    t.table_made(pairs[0], "c");
    t.table_made(pairs[1], "d");
    t.game_over("c", 0);
    t.game_over("d", 1);
    EXPECT_TRUE(t.due_pairings(5).empty());
    EXPECT_TRUE(t.finish_if_due(6));
    EXPECT_EQ(t.status(), Status::Finished);
    int half_points = 0;
    for (const json& row : t.standings()) half_points += row["score"].get<int>();
    EXPECT_EQ(half_points, 8) << "four games of two half points, the failed one a draw";
}

// Issue 31: an arena of the 4p pool groups its free players by four, by score, scores each
// game by place (6, 4, 2, 0; level players share), keeps the streak for a first place alone,
// and reads back from its document with every seat and point.
TEST(Tournament, FourPlayerArenaGroupsByScoreAndScoresByPlace) {
    Settings s;
    s.name = "Four";
    s.kind = Kind::Arena;
    s.setup = {{"board", "8"}, {"players", 4}};
    s.starts_at = 0;
    s.duration_ms = 100'000;
    Tournament t("t4", s, Identity{}, 0);
    EXPECT_EQ(t.seats_per_game(), 4);
    for (int64_t p = 1; p <= 9; ++p) t.join(Identity{p, "P" + std::to_string(p), false}, 1500 + p);
    const auto groups = t.due_pairings(1);
    ASSERT_EQ(groups.size(), 2u) << "nine players: two tables of four, one waits";
    EXPECT_EQ(groups[0], (std::vector<int64_t>{9, 8, 7, 6})) << "neighbours by rating at 0";
    EXPECT_EQ(groups[1], (std::vector<int64_t>{5, 4, 3, 2}));
    t.table_made(groups[0], "g1");
    t.table_made(groups[1], "g2");
    EXPECT_TRUE(t.game_over("g1", std::vector<int>{6, 4, 2, 0}));
    EXPECT_TRUE(t.game_over("g2", std::vector<int>{3, 3, 6, 0}));
    const auto score_of = [&](int64_t p) {
        for (const Entrant& e : t.entrants())
            if (e.who.player == p) return e.score;
        return -1;
    };
    EXPECT_EQ(score_of(9), 6);
    EXPECT_EQ(score_of(6), 0);
    EXPECT_EQ(score_of(5), 3) << "level with seat 1: a share";
    EXPECT_EQ(score_of(3), 6);
    // Issue 48: 1, who sat out, has waited longest: it plays now, with its three neighbours in
    // the standings (7, 6, 2); then the others regroup by score: 9 and 3 (6 points) with 8 (4)
    // and 5 (3, the higher rated of 5 and 4); 4 waits.
    const auto next = t.due_pairings(2);
    ASSERT_EQ(next.size(), 2u);
    EXPECT_EQ(next[0], (std::vector<int64_t>{7, 6, 2, 1}));
    EXPECT_EQ(next[1], (std::vector<int64_t>{9, 3, 8, 5}));
    t.table_made(next[1], "g3");
    t.table_made(next[0], "g4");
    const Tournament back = Tournament::from_doc(t.doc());
    EXPECT_EQ(back.doc(), t.doc());
    ASSERT_EQ(back.games().size(), 4u);
    EXPECT_EQ(back.games()[0].points, (std::vector<int>{6, 4, 2, 0}));
    EXPECT_EQ(back.view(3)["games"][0]["players"].size(), 4u);
    // A first place alone twice in a row: 12 points, and from now on games score double.
    EXPECT_TRUE(t.game_over("g3", std::vector<int>{6, 0, 2, 4}));
    EXPECT_EQ(score_of(9), 12);
}

}  // namespace
}  // namespace reversi::server::tournament
