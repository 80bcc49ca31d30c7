// SPDX-License-Identifier: MIT
// Builds the masks of a board shape once; this square-by-square loop runs at setup only.
#include "core/geometry.h"

#include <algorithm>

#include "core/bitboard.h"

namespace reversi::core {

int shape_size(Shape shape) {
    switch (shape) {
        case Shape::Six: return 6;
        case Shape::Eight: return 8;
        case Shape::Ten:
        case Shape::Octagon: return 10;
    }
    return 8;
}

Geometry::Geometry(Shape shape, const std::vector<Coord>& blocked)
    : shape_(shape), width_(shape_size(shape)), height_(shape_size(shape)),
      stride_(shape_size(shape) <= 8 ? 8 : 11) {
    for (int row = 0; row < height_; ++row) {
        for (int col = 0; col < width_; ++col) {
            const Coord c{col, row};
            if (!on_shape(c)) continue;
            const u128 bit = square_bit<u128>(square(c));
            on_board_ |= bit;
            if (col != 0) not_first_ |= bit;
            if (col != width_ - 1) not_last_ |= bit;
            if (col != 0 && col != width_ - 1) inner_ |= bit;
            const int mid = width_ / 2;
            if ((col == mid - 1 || col == mid) && (row == mid - 1 || row == mid)) centre_ |= bit;
        }
    }
    for (const Coord& c : blocked)
        if (on_shape(c)) blocked_ |= square_bit<u128>(square(c));
    playable_ = on_board_ & ~blocked_;
}

int Geometry::playable_count() const { return popcount(playable_); }

bool Geometry::on_shape(Coord c) const {
    if (c.col < 0 || c.row < 0 || c.col >= width_ || c.row >= height_) return false;
    if (shape_ != Shape::Octagon) return true;
    // Three squares are cut from each corner: those within distance 1 of a corner's
    // two edges, i.e. col' + row' <= 1 measured from that corner.
    const int dx = std::min(c.col, width_ - 1 - c.col);
    const int dy = std::min(c.row, height_ - 1 - c.row);
    return dx + dy > 1;
}

std::vector<Coord> Geometry::handicap_corners() const {
    const int last = width_ - 1;
    return {{0, 0}, {last, last}, {last, 0}, {0, last}};
}

}  // namespace reversi::core
