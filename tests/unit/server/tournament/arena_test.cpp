// SPDX-License-Identifier: MIT
// Arena rules (server/tournament/arena.*): points with the streak bonus, pairing (who has
// waited longest first, each with the nearest in the standings, never two who just played
// while anyone else may become free), and a four-player arena run round after round to its
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
    auto pairs = arena_pairs(free, true);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(free[pairs[0].first].player, 3);
    EXPECT_EQ(free[pairs[0].second].player, 1);
    EXPECT_EQ(free[pairs[1].first].player, 4);
    EXPECT_EQ(free[pairs[1].second].player, 2);
    // 3 and 1 just played each other: 3 meets 4 instead, 1 meets 2.
    free[0].last_opponent = 3;
    free[2].last_opponent = 1;
    pairs = arena_pairs(free, true);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(free[pairs[0].first].player, 3);
    EXPECT_EQ(free[pairs[0].second].player, 4);
    EXPECT_EQ(free[pairs[1].first].player, 1);
    EXPECT_EQ(free[pairs[1].second].player, 2);
    // Two who just met and nobody else in the arena: they meet again rather than wait; while
    // others play (and may become free), they wait.
    std::vector<ArenaEntrant> two = {{1, 1500, 0, 0, 2}, {2, 1500, 0, 0, 1}};
    EXPECT_EQ(arena_pairs(two, true).size(), 1u);
    EXPECT_TRUE(arena_pairs(two, false).empty());
    // An odd one out waits.
    std::vector<ArenaEntrant> three = {{1}, {2}, {3}};
    EXPECT_EQ(arena_pairs(three, true).size(), 1u);
}

// Issue 48: Peter and Paula were paired nine times in a row while Pablo waited. Pablo last
// played Peter (the leader), who has just played Paula: the old rule gave Peter his nearest,
// Paula, again, since Pablo's last opponent was Peter. Pablo has waited longest: he chooses
// first, and meets Paula, whom he did not just play.
TEST(Arena, WhoWaitedLongestIsPairedFirstWithoutARematch) {
    // {player, rating, score, streak, last opponent, games, free since}
    const std::vector<ArenaEntrant> free = {
        {1, 1500, 8, 3, 2, 4, 7},  // Peter: just beat Paula
        {2, 1500, 0, 0, 1, 3, 7},  // Paula
        {3, 1500, 0, 0, 1, 1, 2},  // Pablo: free since the second game
    };
    const auto pairs = arena_pairs(free, true);
    ASSERT_EQ(pairs.size(), 1u);
    EXPECT_EQ(free[pairs[0].first].player, 2);
    EXPECT_EQ(free[pairs[0].second].player, 3);
    // Among those who waited longest the standings decide, and each meets the nearest in the
    // standings (of two as near, the higher): 5 and 6 waited longest, 6 stands higher, so 6
    // chooses first: 3 (as near as 4, and higher), not 5 whom it just played; then 5 takes the
    // nearest left, 4; then 1 and 2 meet.
    const std::vector<ArenaEntrant> six = {
        {1, 1500, 10, 0, 0, 0, 9}, {2, 1500, 8, 0, 0, 0, 9}, {3, 1500, 6, 0, 0, 0, 9},
        {4, 1500, 4, 0, 0, 0, 9},  {5, 1500, 0, 0, 6, 0, 1}, {6, 1500, 5, 0, 5, 0, 1},
    };
    const auto sixes = arena_pairs(six, true);
    ASSERT_EQ(sixes.size(), 3u);
    const auto ids = [&](const std::pair<int, int>& p) {
        return std::pair{six[p.first].player, six[p.second].player};
    };
    EXPECT_EQ(ids(sixes[0]), (std::pair<int64_t, int64_t>{3, 6}));
    EXPECT_EQ(ids(sixes[1]), (std::pair<int64_t, int64_t>{4, 5}));
    EXPECT_EQ(ids(sixes[2]), (std::pair<int64_t, int64_t>{1, 2}));
}

// Three players, one game at a time, the same one always winning: they take turns, the one
// who sat out always plays next, and nobody meets the same opponent twice in a row.
TEST(Arena, ThreePlayersTakeTurns) {
    std::vector<ArenaEntrant> all = {{1, 1900}, {2, 1500}, {3, 1400}};
    int64_t ended = 0;
    std::vector<int64_t> sat_out;
    for (int game = 0; game < 12; ++game) {
        const auto pairs = arena_pairs(all, true);
        ASSERT_EQ(pairs.size(), 1u);
        auto [a, b] = pairs[0];
        if (all[a].rating < all[b].rating) std::swap(a, b);
        EXPECT_NE(all[a].last_opponent, all[b].player) << "game " << game;
        if (!sat_out.empty()) {
            EXPECT_TRUE(all[a].player == sat_out.back() || all[b].player == sat_out.back())
                << "game " << game << ": the one who sat out plays";
        }
        for (const ArenaEntrant& e : all)
            if (e.player != all[a].player && e.player != all[b].player) sat_out.push_back(e.player);
        record_arena_game(all[a], Outcome::Win, all[b].player);
        record_arena_game(all[b], Outcome::Loss, all[a].player);
        all[a].free_since = all[b].free_since = ++ended;
    }
    for (const ArenaEntrant& e : all) EXPECT_EQ(e.games, 8) << e.player;
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
    // Issue 48: who has waited longest is in the next group, however low it stands.
    free[0].free_since = 0;  // player 1, the lowest
    for (size_t i = 1; i < free.size(); ++i) free[i].free_since = 5;
    const auto waited = arena_groups(free, 3);
    ASSERT_EQ(waited.size(), 2u);
    const auto& first = waited[0];
    EXPECT_NE(std::find_if(first.begin(), first.end(), [&](int i) { return free[i].player == 1; }),
              first.end());
}

TEST(Arena, FourPlayersRunToTheEnd) {
    // Six pairing rounds; the higher rating always wins: the strongest player leads, with
    // the streak bonus on top, and every game is counted for both sides.
    std::vector<ArenaEntrant> all = {{1, 1500}, {2, 1700}, {3, 1300}, {4, 1600}};
    int games = 0;
    for (int round = 0; round < 6; ++round) {
        for (const auto& [a, b] : arena_pairs(all, true)) {
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
