// SPDX-License-Identifier: MIT
// The selective passes' sigma fitted on exactly solved self-play positions (see
// endgame_mpc_fit.h).
#include "engine/endgame_mpc_fit.h"

#include <array>
#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "core/bitboard.h"
#include "engine/eval.h"
#include "engine/search.h"
#include "engine/selfplay.h"

namespace reversi::engine {

namespace {

constexpr int TableMegabytes = 16;

}  // namespace

std::vector<EndgameMpcSample> endgame_mpc_samples(const core::Variant& variant,
                                                  const EndgameMpcFitOptions& options,
                                                  Engine& engine,
                                                  const std::function<void(size_t)>& on_sample) {
    SelfplayOptions play;
    play.exact_empties = 0;
    play.seed = options.seed;
    const int playable = variant.geometry().playable_count();
    SearchTables tables(TableMegabytes);
    std::vector<EndgameMpcSample> out;
    for (int game = 0; game < options.games; ++game) {
        for (const TrainingPosition& p :
             play_selfplay_game(variant, play, static_cast<uint64_t>(game), engine)) {
            const int empties = playable - core::popcount(p.own | p.opp);
            if (empties < options.min_empties || empties > options.max_empties) continue;
            const core::Position pos = core::Position::from_discs(variant, {p.own, p.opp}, 0, 0);
            if (pos.legal_moves() == 0) continue;
            SearchLimits limits;
            limits.exact = true;
            EndgameMpcSample s;
            s.empties = empties;
            s.exact = engine.search(pos, limits).score;
            s.values = midgame_values(pos, options.max_depth, tables, true);
            s.own = p.own;
            s.opp = p.opp;
            out.push_back(std::move(s));
            if (on_sample) on_sample(out.size());
        }
    }
    return out;
}

std::vector<EndgameMpcCell> endgame_mpc_cells(const std::vector<EndgameMpcSample>& samples,
                                              int min_depth, int min_samples) {
    struct Sums {
        int n = 0;
        double sum = 0, sum_sq = 0;
    };
    std::map<std::pair<int, int>, Sums> sums;
    for (const EndgameMpcSample& s : samples)
        for (int d = min_depth; d < static_cast<int>(s.values.size()) && d < s.empties; ++d) {
            const double error = s.exact - s.values[d] / static_cast<double>(DiscScale);
            Sums& c = sums[{s.empties, d}];
            ++c.n;
            c.sum += error;
            c.sum_sq += error * error;
        }
    std::vector<EndgameMpcCell> cells;
    for (const auto& [at, c] : sums) {
        if (c.n < min_samples) continue;
        const double mean = c.sum / c.n;
        const double variance = (c.sum_sq - c.n * mean * mean) / (c.n - 1);
        cells.push_back({at.first, at.second, c.n, mean, std::sqrt(std::max(0.0, variance))});
    }
    return cells;
}

EndgameMpcPlane fit_endgame_mpc_plane(const std::vector<EndgameMpcCell>& cells, bool of_bias) {
    // Normal equations of the weighted least squares over (depth, empties, 1).
    std::array<std::array<double, 4>, 3> m{};
    for (const EndgameMpcCell& c : cells) {
        const std::array<double, 3> x{static_cast<double>(c.depth), static_cast<double>(c.empties),
                                      1.0};
        const double y = of_bias ? c.bias : c.sigma;
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) m[i][j] += c.samples * x[i] * x[j];
            m[i][3] += c.samples * x[i] * y;
        }
    }
    // Gauss-Jordan elimination with partial pivoting.
    for (int col = 0; col < 3; ++col) {
        int pivot = col;
        for (int r = col + 1; r < 3; ++r)
            if (std::abs(m[r][col]) > std::abs(m[pivot][col])) pivot = r;
        if (std::abs(m[pivot][col]) < 1e-9)
            throw std::runtime_error("endgame Multi-ProbCut fit: too few distinct cells");
        std::swap(m[col], m[pivot]);
        for (int r = 0; r < 3; ++r) {
            if (r == col) continue;
            const double f = m[r][col] / m[col][col];
            for (int k = col; k < 4; ++k) m[r][k] -= f * m[col][k];
        }
    }
    return {m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]};
}

}  // namespace reversi::engine
