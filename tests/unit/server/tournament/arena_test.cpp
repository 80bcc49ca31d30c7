// SPDX-License-Identifier: MIT
// Arena rules (server/tournament/arena.*): points with the streak bonus, pairing by score and
// rating without an immediate rematch, and a four-player arena run round after round to its
// end, every game decided by rating, with the standings it leaves.
#include "server/tournament/arena.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace reversi::server::tournament {
namespace {

TEST(Arena, StreakDoublesFromTheThirdWinAndEndsOnADrawOrLoss) {
    ArenaEntrant e{1, 1500};
    record_arena_game(e, Outcome::Win, 2);
    record_arena_game(e, Outcome::Win, 3);
    EXPECT_EQ(e.score, 4);
    EXPECT_EQ(arena_points(e, Outcome::Win), 4) << "on fire after two wins in a row";
    record_arena_game(e, Outcome::Win, 4);
    EXPECT_EQ(e.score, 8);
    EXPECT_EQ(arena_points(e, Outcome::Draw), 2) << "a draw on fire counts double too";
    record_arena_game(e, Outcome::Draw, 2);
    EXPECT_EQ(e.score, 10);
    EXPECT_EQ(e.streak, 0);
    EXPECT_EQ(arena_points(e, Outcome::Win), 2);
    record_arena_game(e, Outcome::Loss, 3);
    EXPECT_EQ(e.score, 10);
    EXPECT_EQ(e.games, 5);
    EXPECT_EQ(e.last_opponent, 3);
}

TEST(Arena, PairsNeighboursByScoreThenRatingAvoidingTheLastOpponent) {
    std::vector<ArenaEntrant> free = {{1, 1400, 4}, {2, 1900, 0}, {3, 1600, 4}, {4, 1500, 2}};
    // By score then rating: 3 (4, 1600), 1 (4, 1400), 4 (2), 2 (0).
    auto pairs = arena_pairs(free);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(free[pairs[0].first].player, 3);
    EXPECT_EQ(free[pairs[0].second].player, 1);
    EXPECT_EQ(free[pairs[1].first].player, 4);
    EXPECT_EQ(free[pairs[1].second].player, 2);
    // 3 and 1 just played each other: 3 meets 4 instead, 1 meets 2.
    free[0].last_opponent = 3;
    free[2].last_opponent = 1;
    pairs = arena_pairs(free);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(free[pairs[0].first].player, 3);
    EXPECT_EQ(free[pairs[0].second].player, 4);
    EXPECT_EQ(free[pairs[1].first].player, 1);
    EXPECT_EQ(free[pairs[1].second].player, 2);
    // Two who just met and nobody else: they meet again rather than wait.
    std::vector<ArenaEntrant> two = {{1, 1500, 0, 0, 2}, {2, 1500, 0, 0, 1}};
    EXPECT_EQ(arena_pairs(two).size(), 1u);
    // An odd one out waits.
    std::vector<ArenaEntrant> three = {{1}, {2}, {3}};
    EXPECT_EQ(arena_pairs(three).size(), 1u);
}

// Issue 31: three- and four-player games score by place and group neighbours by score.
TEST(Arena, MultiPlayerGamesScoreByPlaceAndGroupNeighbours) {
    ArenaEntrant e{1, 1500};
    record_arena_place(e, 6, 6, 2);  // first of four
    record_arena_place(e, 6, 6, 2);
    EXPECT_EQ(e.score, 12);
    EXPECT_EQ(e.streak, 2);
    record_arena_place(e, 4, 6, 2);  // second: double, and the streak ends
    EXPECT_EQ(e.score, 20);
    EXPECT_EQ(e.streak, 0);
    EXPECT_EQ(e.games, 3);
    std::vector<ArenaEntrant> free;
    for (int64_t p = 1; p <= 7; ++p) free.push_back({p, 1500.0 + p, p == 2 ? 10 : 0});
    const auto groups = arena_groups(free, 3);
    ASSERT_EQ(groups.size(), 2u) << "seven players: two groups of three, one waits";
    EXPECT_EQ(free[groups[0][0]].player, 2) << "the leader first";
    EXPECT_EQ(free[groups[0][1]].player, 7);
    EXPECT_EQ(free[groups[1][2]].player, 3);
    EXPECT_TRUE(arena_groups(free, 8).empty());
}

TEST(Arena, FourPlayersRunToTheEnd) {
    // Six pairing rounds; the higher rating always wins: the strongest player leads, with
    // the streak bonus on top, and every game is counted for both sides.
    std::vector<ArenaEntrant> all = {{1, 1500}, {2, 1700}, {3, 1300}, {4, 1600}};
    int games = 0;
    for (int round = 0; round < 6; ++round) {
        for (const auto& [a, b] : arena_pairs(all)) {
            const bool first_wins = all[a].rating > all[b].rating;
            const int64_t pa = all[a].player, pb = all[b].player;
            record_arena_game(all[a], first_wins ? Outcome::Win : Outcome::Loss, pb);
            record_arena_game(all[b], first_wins ? Outcome::Loss : Outcome::Win, pa);
            ++games;
        }
    }
    EXPECT_EQ(games, 12);
    const auto order = arena_ranking(all);
    EXPECT_EQ(all[order[0]].player, 2);
    EXPECT_EQ(all[order[3]].player, 3);
    EXPECT_EQ(all[order[0]].games, 6);
    EXPECT_EQ(all[order[0]].score, 2 + 2 + 4 * 4) << "two wins, then four on fire";
    EXPECT_EQ(all[order[3]].score, 0);
    int total_games = 0;
    for (const ArenaEntrant& e : all) total_games += e.games;
    EXPECT_EQ(total_games, 2 * games);
}

}  // namespace
}  // namespace reversi::server::tournament
