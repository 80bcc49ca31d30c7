// SPDX-License-Identifier: MIT
// Chooses pairs of squares mirrored through the board's centre. Every board is of even side,
// so a square is never its own mirror image and pairs never overlap.
#include "core/random_blocked.h"

#include <algorithm>
#include <random>
#include <string>

#include "core/bitboard.h"

namespace reversi::core {

std::vector<Coord> random_blocked_layout(const Setup& setup, int count, uint64_t seed) {
    if (count < 0 || count % 2 != 0)
        throw SetupError(
            "random blocked squares come in point-symmetric pairs: ask for an even number (got " +
            std::to_string(count) + ")");
    const Geometry box(setup.shape, {});
    const int w = box.width(), h = box.height();
    const auto corners = box.handicap_corners();
    auto allowed = [&](Coord c) {
        if (!box.on_shape(c)) return false;
        if (box.centre() & square_bit<u128>(box.square(c))) return false;
        for (int i = 0; i < setup.handicap && i < static_cast<int>(corners.size()); ++i)
            if (corners[i] == c) return false;
        return true;
    };
    // One representative per pair: the square that comes first in row-major order.
    std::vector<Coord> pairs;
    for (int row = 0; row < h; ++row)
        for (int col = 0; col < w; ++col) {
            const Coord c{col, row}, m{w - 1 - col, h - 1 - row};
            if (row * w + col < m.row * w + m.col && allowed(c) && allowed(m)) pairs.push_back(c);
        }
    if (count / 2 > static_cast<int>(pairs.size()))
        throw SetupError("at most " + std::to_string(2 * pairs.size()) +
                         " squares can be blocked on this board");
    std::mt19937_64 rng(seed);
    std::shuffle(pairs.begin(), pairs.end(), rng);
    std::vector<Coord> out;
    for (int i = 0; i < count / 2; ++i) {
        out.push_back(pairs[static_cast<size_t>(i)]);
        out.push_back(
            {w - 1 - pairs[static_cast<size_t>(i)].col, h - 1 - pairs[static_cast<size_t>(i)].row});
    }
    std::sort(out.begin(), out.end(),
              [](Coord a, Coord b) { return a.row != b.row ? a.row < b.row : a.col < b.col; });
    return out;
}

}  // namespace reversi::core
