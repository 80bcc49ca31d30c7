// SPDX-License-Identifier: MIT
// The traditional Othello opening names (docs/EXPLORER.md "Opening names"): a table of names and
// their move sequences from f5, and the symmetry that brings any 8x8 game to that orientation.
// The square has 8 symmetries; the 4 that keep the start position (identity, the half turn and
// the two diagonal reflections) map the four first moves f5, e6, c4, d3 onto f5, so a game is
// named whichever first move it began with.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/geometry.h"

namespace reversi::server {

// Square `c` of 8x8 under one of the square's 8 symmetries, numbered as core/box_symmetry.h
// numbers them.
core::Coord transform(int symmetry, core::Coord c);
// The symmetry that undoes `symmetry`.
int inverse_symmetry(int symmetry);
// The symmetry (one that keeps the start position) taking an 8x8 game's first move to f5;
// identity for an empty game or a first move that is not one of the four.
int canonical_symmetry(const std::vector<core::Coord>& moves);

struct NamedOpening {
    std::string name;
    size_t plies = 0;  // the length of the named sequence
};

// The longest named opening the 8x8 game `moves` begins with (in any orientation), or nothing.
std::optional<NamedOpening> opening_name(const std::vector<core::Coord>& moves);

// The table itself: name and moves from f5 ("f5 d6 c3 d3 c4"), in table order.
const std::vector<std::pair<std::string, std::string>>& opening_table();

}  // namespace reversi::server
