// SPDX-License-Identifier: MIT
// The shape of a board: its size, bit layout, which squares exist and which are blocked.
// Boards up to 8 columns use stride 8 and fit the low 64 bits; 10x10 and the octagon use
// stride 11 (a gap column) in 110 bits. A Geometry is immutable once built.
#pragma once

#include <vector>

#include "core/types.h"

namespace reversi::core {

// A square given by column and row, both from 0 (a1 is {0, 0}, top-left).
struct Coord {
    int col = 0;
    int row = 0;
    friend bool operator==(const Coord&, const Coord&) = default;
};

class Geometry {
public:
    // The board of `shape` with the given squares blocked (callers validate them first).
    Geometry(Shape shape, const std::vector<Coord>& blocked);

    Shape shape() const { return shape_; }
    int width() const { return width_; }
    int height() const { return height_; }
    int stride() const { return stride_; }
    // True when the board fits the 64-bit layout.
    bool narrow() const { return stride_ == 8; }
    // Number of squares that can hold a disc.
    int playable_count() const;

    // Squares of the shape (octagon corners excluded), blocked ones included.
    u128 on_board() const { return on_board_; }
    u128 blocked() const { return blocked_; }
    // Squares that can hold a disc: on the board and not blocked.
    u128 playable() const { return playable_; }
    // Board squares outside the first and last columns.
    u128 inner() const { return inner_; }
    u128 not_first_column() const { return not_first_; }
    u128 not_last_column() const { return not_last_; }
    // The four centre squares.
    u128 centre() const { return centre_; }

    // The layout index of a coordinate (which must be inside the width x height box).
    Square square(Coord c) const { return c.row * stride_ + c.col; }
    Coord coord(Square sq) const { return {sq % stride_, sq / stride_}; }
    // True when the coordinate is inside the box and part of the shape.
    bool on_shape(Coord c) const;
    // The corner squares in handicap order: top-left, bottom-right, top-right, bottom-left.
    std::vector<Coord> handicap_corners() const;

private:
    Shape shape_;
    int width_;
    int height_;
    int stride_;
    u128 on_board_ = 0;
    u128 blocked_ = 0;
    u128 playable_ = 0;
    u128 inner_ = 0;
    u128 not_first_ = 0;
    u128 not_last_ = 0;
    u128 centre_ = 0;
};

// Side length of a shape's bounding box.
int shape_size(Shape shape);

}  // namespace reversi::core
