// SPDX-License-Identifier: MIT
// Glicko-2 against the worked example of Glickman's "Example of the Glicko-2 system": a
// player at 1500 / 200 / 0.06 plays 1400 / 30 (wins), 1550 / 100 (loses) and 1700 / 300
// (loses) with tau 0.5, and ends at 1464.06 / 151.52 / 0.05999 (the paper's figures).
#include "server/rating/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>

namespace reversi::server {
namespace {

const std::vector<Glicko2Game> PaperGames = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};

TEST(Glicko2, MatchesThePapersWorkedExample) {
    const Glicko2Rating r = glicko2_update({1500, 200, 0.06}, PaperGames, 0.5);
    // The paper rounds its intermediate values (mu' = -0.2069); unrounded, 1464.05.
    EXPECT_NEAR(r.rating, 1464.06, 0.02);
    EXPECT_NEAR(r.rd, 151.52, 0.01);
    EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
    const Glicko2Rating r = glicko2_update({1700, 100, 0.06}, {});
    EXPECT_DOUBLE_EQ(r.rating, 1700);
    EXPECT_GT(r.rd, 100);
    EXPECT_LT(r.rd, 101);  // sqrt(phi^2 + sigma^2) on the Glicko-2 scale
    EXPECT_DOUBLE_EQ(r.volatility, 0.06);
}

TEST(Glicko2, TheDeviationNeverExceedsTheStart) {
    EXPECT_LE(glicko2_update({1500, 350, 0.06}, {}).rd, Glicko2MaxRd);
}

TEST(Glicko2, NewPlayersMoveSymmetrically) {
    const Glicko2Rating winner = glicko2_update({}, {{1500, 350, 1}});
    const Glicko2Rating loser = glicko2_update({}, {{1500, 350, 0}});
    EXPECT_GT(winner.rating, 1600);
    EXPECT_NEAR(winner.rating - 1500, 1500 - loser.rating, 1e-6);
    EXPECT_LT(winner.rd, 350);
    const Glicko2Rating draw = glicko2_update({}, {{1500, 350, 0.5}});
    EXPECT_NEAR(draw.rating, 1500, 1e-6);
}

TEST(Glicko2, ExtremeInputsStayFinite) {
    const Glicko2Rating r = glicko2_update({3000, 30, 0.2}, {{100, 30, 0}, {100, 350, 0}});
    EXPECT_TRUE(std::isfinite(r.rating));
    EXPECT_TRUE(std::isfinite(r.rd));
    EXPECT_TRUE(std::isfinite(r.volatility));
    EXPECT_LT(r.rating, 3000);
}

}  // namespace
}  // namespace reversi::server
