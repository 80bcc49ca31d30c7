// SPDX-License-Identifier: MIT
// Swiss rules (server/tournament/swiss.*): Monrad pairing by score and rating with no repeat
// while another pairing exists, the bye for an odd count, and the standings with Buchholz and
// Sonneborn-Berger; a four-player Swiss over three rounds meets everyone once.
#include "server/tournament/swiss.h"

#include <gtest/gtest.h>

#include <set>

namespace reversi::server::tournament {
namespace {

const std::vector<SwissEntrant> Four = {{1, 1500}, {2, 1700}, {3, 1300}, {4, 1600}};

TEST(Swiss, FirstRoundPairsTheRatingOrder) {
    const SwissRound r = swiss_pairing(Four, {});
    ASSERT_EQ(r.games.size(), 2u);
    EXPECT_EQ(r.bye, 0);
    EXPECT_EQ(r.games[0], std::make_pair(int64_t{2}, int64_t{4}));
    EXPECT_EQ(r.games[1], std::make_pair(int64_t{1}, int64_t{3}));
}

TEST(Swiss, FourPlayersThreeRoundsMeetEveryoneOnce) {
    std::vector<SwissGame> games;
    std::set<std::pair<int64_t, int64_t>> met;
    for (int round = 1; round <= 3; ++round) {
        const SwissRound r = swiss_pairing(Four, games);
        ASSERT_EQ(r.games.size(), 2u) << "round " << round;
        for (const auto& [a, b] : r.games) {
            EXPECT_TRUE(met.insert({std::min(a, b), std::max(a, b)}).second)
                << a << " met " << b << " twice";
            // The first named wins, except that 1 and 4 draw.
            const bool draw = std::min(a, b) == 1 && std::max(a, b) == 4;
            games.push_back({round, a, b, draw ? 1 : 2});
        }
    }
    EXPECT_EQ(met.size(), 6u) << "three rounds of four: everyone met everyone";
    const auto table = swiss_standings(Four, games);
    ASSERT_EQ(table.size(), 4u);
    int total = 0;
    for (const SwissStanding& s : table) total += s.score;
    EXPECT_EQ(total, 12) << "six games, two half points each";
    EXPECT_GE(table[0].score, table[1].score);
    // Buchholz of a round robin: everyone else's score.
    for (const SwissStanding& s : table) EXPECT_EQ(s.buchholz, total - s.score);
}

TEST(Swiss, ByeGoesToTheLowestWithoutOneAndScoresAWin) {
    const std::vector<SwissEntrant> three = {{1, 1500}, {2, 1700}, {3, 1300}};
    const SwissRound first = swiss_pairing(three, {});
    EXPECT_EQ(first.bye, 3);
    std::vector<SwissGame> games = {{1, 2, 1, 2}, {1, 3, 0, 2}};
    const SwissRound second = swiss_pairing(three, games);
    EXPECT_NE(second.bye, 3) << "one bye each while others have none";
    EXPECT_EQ(swiss_standings(three, games)[0].score, 2);
}

TEST(Swiss, TieBreaksOrderEqualScores) {
    // 1 beat 3, 2 beat 4; then 1 lost to 2, 3 beat 4. Scores: 2 -> 4, 1 -> 2, 3 -> 2, 4 -> 0.
    // 1 and 3 tie on 2; Buchholz: 1 met 3 (2) and 2 (4) = 6, 3 met 1 (2) and 4 (0) = 2.
    const std::vector<SwissGame> games = {{1, 1, 3, 2}, {1, 2, 4, 2}, {2, 2, 1, 2}, {2, 3, 4, 2}};
    const auto table = swiss_standings(Four, games);
    EXPECT_EQ(table[0].player, 2);
    EXPECT_EQ(table[1].player, 1);
    EXPECT_EQ(table[1].buchholz, 6);
    EXPECT_EQ(table[2].player, 3);
    EXPECT_EQ(table[2].buchholz, 2);
    // Sonneborn-Berger (quarter points): 1 beat 3 (score 2 half points) -> 4.
    EXPECT_EQ(table[1].sonneborn_berger, 4);
    EXPECT_EQ(table[3].player, 4);
}

}  // namespace
}  // namespace reversi::server::tournament
