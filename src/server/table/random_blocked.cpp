// SPDX-License-Identifier: MIT
// Chooses pairs of squares mirrored through the board's centre. Every board is of even side,
// so a square is never its own mirror image and pairs never overlap.
#include "server/table/random_blocked.h"

#include <algorithm>
#include <random>
#include <string>

#include "core/bitboard.h"
#include "server/common/protocol.h"

namespace reversi::server {

std::vector<core::Coord> random_blocked(const core::Setup& setup, int count, uint64_t seed) {
    if (count < 0 || count % 2 != 0)
        throw ApiError(ErrorCode::BadSetup,
                       "random blocked squares come in point-symmetric pairs: ask for an even "
                       "number (got " +
                           std::to_string(count) + ")");
    const core::Geometry box(setup.shape, {});
    const int w = box.width(), h = box.height();
    const auto corners = box.handicap_corners();
    auto allowed = [&](core::Coord c) {
        if (!box.on_shape(c)) return false;
        if (box.centre() & core::square_bit<core::u128>(box.square(c))) return false;
        for (int i = 0; i < setup.handicap && i < static_cast<int>(corners.size()); ++i)
            if (corners[i] == c) return false;
        return true;
    };
    // One representative per pair: the square that comes first in row-major order.
    std::vector<core::Coord> pairs;
    for (int row = 0; row < h; ++row)
        for (int col = 0; col < w; ++col) {
            const core::Coord c{col, row}, m{w - 1 - col, h - 1 - row};
            if (row * w + col < m.row * w + m.col && allowed(c) && allowed(m)) pairs.push_back(c);
        }
    if (count / 2 > static_cast<int>(pairs.size()))
        throw ApiError(ErrorCode::BadSetup, "at most " + std::to_string(2 * pairs.size()) +
                                                " squares can be blocked on this board");
    std::mt19937_64 rng(seed);
    std::shuffle(pairs.begin(), pairs.end(), rng);
    std::vector<core::Coord> out;
    for (int i = 0; i < count / 2; ++i) {
        out.push_back(pairs[i]);
        out.push_back({w - 1 - pairs[i].col, h - 1 - pairs[i].row});
    }
    std::sort(out.begin(), out.end(), [](core::Coord a, core::Coord b) {
        return a.row != b.row ? a.row < b.row : a.col < b.col;
    });
    return out;
}

}  // namespace reversi::server
