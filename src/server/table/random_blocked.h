// SPDX-License-Identifier: MIT
// Random blocked-square layouts for tables: core::random_blocked_layout (point-symmetric
// through the centre, never on a centre square nor a handicap corner in use) as an API call.
#pragma once

#include <cstdint>
#include <vector>

#include "core/variant.h"

namespace reversi::server {

// `count` blocked squares for `setup` (whose own blocked list is ignored), chosen from `seed`.
// Throws ApiError(bad_setup) when `count` is odd (a point-symmetric layout comes in pairs) or
// larger than the squares available. The result is sorted row by row.
std::vector<core::Coord> random_blocked(const core::Setup& setup, int count, uint64_t seed);

}  // namespace reversi::server
