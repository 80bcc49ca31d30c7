// SPDX-License-Identifier: MIT
// Builds the search layout of a board from its geometry, square by square (done once per
// search, so clarity beats speed here).
#include "engine/board.h"

namespace reversi::engine {

template <class B>
Layout<B>::Layout(const core::Geometry& g) {
    playable = narrow_word<B>(g.playable());
    inner = narrow_word<B>(g.inner());
    not_first = narrow_word<B>(g.not_first_column());
    not_last = narrow_word<B>(g.not_last_column());
    playable_count = g.playable_count();
    const int w = g.width();
    const int h = g.height();
    auto is_playable = [&](int col, int row) {
        if (col < 0 || row < 0 || col >= w || row >= h) return false;
        return ((g.playable() >> g.square({col, row})) & 1) != 0;
    };
    // Axis steps as (dcol, drow), in the order of Axes.
    constexpr int dc[4] = {1, 0, 1, -1};
    constexpr int dr[4] = {0, 1, 1, 1};
    for (int row = 0; row < h; ++row) {
        for (int col = 0; col < w; ++col) {
            if (!is_playable(col, row)) continue;
            const int sq = g.square({col, row});
            const B bit = core::square_bit<B>(sq);
            bool every_axis_walled = true;
            for (int a = 0; a < 4; ++a) {
                const bool before = !is_playable(col - dc[a], row - dr[a]);
                const bool after = !is_playable(col + dc[a], row + dr[a]);
                if (before) wall_before[a] |= bit;
                if (after) wall_after[a] |= bit;
                every_axis_walled = every_axis_walled && (before || after);
            }
            if (every_axis_walled) corner_like |= bit;
            const int q = (row < h / 2 ? 0 : 2) + (col < w / 2 ? 0 : 1);
            quadrants[q] |= bit;
        }
    }
    for (int row = 0; row < h; ++row) {
        for (int col = 0; col < w; ++col) {
            if (!is_playable(col, row)) continue;
            const int sq = g.square({col, row});
            const bool corner = (corner_like >> sq) & 1;
            bool x_square = false;
            bool c_square = false;
            for (int drow = -1; drow <= 1; ++drow) {
                for (int dcol = -1; dcol <= 1; ++dcol) {
                    if ((drow == 0 && dcol == 0) || !is_playable(col + dcol, row + drow)) continue;
                    const int n = g.square({col + dcol, row + drow});
                    if (!((corner_like >> n) & 1)) continue;
                    touching_corners[sq] |= core::square_bit<B>(n);
                    (drow != 0 && dcol != 0 ? x_square : c_square) = true;
                }
            }
            if (!corner && touching_corners[sq]) corner_neighbours |= core::square_bit<B>(sq);
            bool edge = false;
            for (int a = 0; a < 4; ++a) edge = edge || ((wall_before[a] | wall_after[a]) >> sq & 1);
            for (int d = 0; d < 8; ++d) {
                const int step_col = d < 4 ? dc[d] : -dc[d - 4];
                const int step_row = d < 4 ? dr[d] : -dr[d - 4];
                for (int c = col + step_col, r = row + step_row; is_playable(c, r);
                     c += step_col, r += step_row)
                    rays[sq][d] |= core::square_bit<B>(g.square({c, r}));
            }
            square_value[sq] = corner ? 40 : x_square ? -25 : c_square ? -8 : edge ? 6 : 0;
        }
    }
}

template struct Layout<uint64_t>;
template struct Layout<core::u128>;

}  // namespace reversi::engine
