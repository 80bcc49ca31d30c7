// SPDX-License-Identifier: MIT
// The analysis board's request and answer (docs/SITE.md "Analysis", POST /api/analyze): a
// two-player position given as a setup and the moves from its start, and the scores of every
// legal move there. Parsing trusts nothing: sizes are bounded before anything is built, and a
// bad field, setup or move becomes an ApiError that names it.
#pragma once

#include <cstddef>

#include "core/game.h"
#include "engine/engine.h"
#include "server/common/protocol.h"

namespace reversi::server {

// Bounds of an analysis board request.
struct BoardLimits {
    int default_depth = 10;
    int max_depth = 12;
    size_t max_moves = 240;
};

struct BoardRequest {
    core::Game game;  // the position to analyse is game.position()
    int depth = 0;
};

// Reads {"setup", "moves", "depth"} (setup and moves may be left out: the 8x8 start).
// Throws ApiError: bad_request (shape of the request, random_blocked, 3-4 players, depth out
// of range, too many moves, a text that is no square), bad_setup, illegal_move.
BoardRequest parse_board_request(const json& body, const BoardLimits& limits);

// {"moves": [{"square", "score", "exact"}...] best first, "best", "score", "exact",
// "depth", "to_move", "ply", "over"} for the searched position.
json board_answer(const core::Position& pos, int ply, const engine::SearchResult& result);

}  // namespace reversi::server
