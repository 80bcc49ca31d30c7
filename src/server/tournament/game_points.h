// SPDX-License-Identifier: MIT
// What a finished game is worth to each of its seats in a tournament, in half points
// (docs/SITE.md "Tournaments"), from the table's result.
#pragma once

#include <cstddef>
#include <vector>

#include "server/common/protocol.h"

namespace reversi::server::tournament {

// Each seat's half points in a finished game of `seats` players: two players a win 2, a draw
// (or a game that did not count) 1, a loss 0; three and four by place as ratings rank them
// (ratings.h pairwise_score: 2 for each player finished ahead of, 1 level), everyone level
// when the game did not count.
std::vector<int> seat_points(const json& result, size_t seats);

}  // namespace reversi::server::tournament
