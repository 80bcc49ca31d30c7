// SPDX-License-Identifier: MIT
// Random blocked-square layouts (RULES.md 1, Decision): point-symmetric through the centre so
// that no seat is favoured, never on a centre square nor on a handicap corner in use. The
// server draws them for its tables, self-play for training on the same kind of boards.
#pragma once

#include <cstdint>
#include <vector>

#include "core/variant.h"

namespace reversi::core {

// `count` blocked squares for `setup` (whose own blocked list is ignored), chosen from `seed`.
// Throws SetupError when `count` is odd (a point-symmetric layout comes in pairs) or larger
// than the squares available. The result is sorted row by row.
std::vector<Coord> random_blocked_layout(const Setup& setup, int count, uint64_t seed);

}  // namespace reversi::core
