// SPDX-License-Identifier: MIT
// The selective passes' sigma fit: cells from samples with known errors, the plane through
// cells that lie on a known plane, and the samples of a short run against exact solves.
#include "engine/endgame_mpc_fit.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/variant.h"
#include "engine/engine.h"
#include "engine/search.h"
#include "minimax.h"

using namespace reversi;
using engine::EndgameMpcCell;
using engine::EndgameMpcSample;

TEST(EndgameMpcFit, CellsHoldTheMeanAndDeviationOfExactMinusShallow) {
    // Depth 1 is off by +2, -2, +4 discs (mean 4/3); depth 2 has too few samples below.
    const std::vector<EndgameMpcSample> samples = {
        {10, 5, {0, 300, 500}}, {10, -1, {0, 100, -100}}, {10, 4, {0, 0, 400}}};
    const auto cells = engine::endgame_mpc_cells(samples, 1, 3);
    ASSERT_EQ(cells.size(), 2u);
    EXPECT_EQ(cells[0].empties, 10);
    EXPECT_EQ(cells[0].depth, 1);
    EXPECT_EQ(cells[0].samples, 3);
    EXPECT_NEAR(cells[0].bias, 4.0 / 3, 1e-9);
    const double m = 4.0 / 3;
    const double var = ((2 - m) * (2 - m) + (-2 - m) * (-2 - m) + (4 - m) * (4 - m)) / 2;
    EXPECT_NEAR(cells[0].sigma, std::sqrt(var), 1e-9);
    // Depth 2: errors 0, 0, 0.
    EXPECT_EQ(cells[1].depth, 2);
    EXPECT_NEAR(cells[1].sigma, 0, 1e-9);
    // A depth is never at or past the empties, and small cells are left out.
    EXPECT_TRUE(engine::endgame_mpc_cells({{2, 0, {0, 0, 0}}}, 0, 1).size() == 2);
    EXPECT_TRUE(engine::endgame_mpc_cells(samples, 1, 4).empty());
}

TEST(EndgameMpcFit, PlaneRecoversAKnownPlane) {
    std::vector<EndgameMpcCell> cells;
    for (int e = 9; e <= 20; ++e)
        for (int d = 1; d <= 6; ++d)
            cells.push_back({e, d, 10 + e, -0.1 * d + 0.05 * e + 0.5, -0.6 * d + 0.2 * e + 7});
    const auto sigma = engine::fit_endgame_mpc_plane(cells, false);
    EXPECT_NEAR(sigma.per_ply, -0.6, 1e-6);
    EXPECT_NEAR(sigma.per_empty, 0.2, 1e-6);
    EXPECT_NEAR(sigma.base, 7, 1e-6);
    EXPECT_NEAR(sigma.at(12, 3), -1.8 + 2.4 + 7, 1e-6);
    const auto bias = engine::fit_endgame_mpc_plane(cells, true);
    EXPECT_NEAR(bias.per_ply, -0.1, 1e-6);
    EXPECT_NEAR(bias.per_empty, 0.05, 1e-6);
    EXPECT_NEAR(bias.base, 0.5, 1e-6);
    // One depth only: the depth and the constant cannot be told apart.
    EXPECT_THROW(engine::fit_endgame_mpc_plane({{9, 2, 5, 0, 1}, {10, 2, 5, 0, 2}}, false),
                 std::runtime_error);
}

TEST(EndgameMpcFit, SamplesCarryExactScoresAndEveryDepth) {
    const core::Variant variant(core::Setup{});
    engine::EndgameMpcFitOptions options;
    options.games = 2;
    options.min_empties = 8;
    options.max_empties = 9;
    options.max_depth = 3;
    engine::Engine eng;
    size_t heard = 0;
    const auto samples =
        engine::endgame_mpc_samples(variant, options, eng, [&](size_t done) { heard = done; });
    ASSERT_GE(samples.size(), 2u);
    EXPECT_EQ(heard, samples.size());
    engine::SearchTables tables(4);
    for (const EndgameMpcSample& s : samples) {
        const core::Position pos = core::Position::from_discs(variant, {s.own, s.opp}, 0, 0);
        EXPECT_EQ(s.empties, core::popcount(pos.empty()));
        EXPECT_GE(s.empties, 8);
        EXPECT_LE(s.empties, 9);
        EXPECT_EQ(s.exact, test::minimax(pos));
        // The values are the midgame searches with Multi-ProbCut on, as the solver probes.
        EXPECT_EQ(s.values, engine::midgame_values(pos, 3, tables, true));
    }
}
