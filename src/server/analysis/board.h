// SPDX-License-Identifier: MIT
// The analysis board's request and answer (docs/SITE.md "Analysis", POST /api/analyze): a
// two-player position given as a setup and the moves from its start, and the scores of every
// legal move there. Parsing trusts nothing: sizes are bounded before anything is built, and a
// bad field, setup or move becomes an ApiError that names it.
#pragma once

#include <cstddef>
#include <optional>

#include "core/game.h"
#include "engine/engine.h"
#include "engine/limits.h"
#include "server/common/protocol.h"

namespace reversi::server {

// Bounds of an analysis board request, and from how many empties it is solved exactly.
struct BoardLimits {
    int default_depth = 10;
    int max_depth = 12;
    size_t max_moves = 240;
    int exact_empties = 14;
};

struct BoardRequest {
    core::Game game;  // the position to analyse is game.position()
    int depth = 0;
};

// Reads {"setup", "moves"} into the game they make (both may be left out: the 8x8 start).
// Throws ApiError: bad_request (shape of the request, random_blocked, more than `max_moves`
// moves, a text that is no square; 3-4 players unless `any_players`), bad_setup, illegal_move.
// The one reader of a position for the analysis board and the browser's engine (src/wasm).
core::Game parse_game_request(const json& body, size_t max_moves, bool any_players);

// Reads {"setup", "moves", "depth"} (setup and moves may be left out: the 8x8 start).
// Throws ApiError: bad_request (shape of the request, random_blocked, 3-4 players, depth out
// of range, too many moves, a text that is no square), bad_setup, illegal_move.
BoardRequest parse_board_request(const json& body, const BoardLimits& limits);

// {"moves": [{"square", "score", "exact"}...] best first, "best", "score", "exact",
// "depth", "to_move", "ply", "over"} for the searched position.
json board_answer(const core::Position& pos, int ply, const engine::SearchResult& result);

// What the board searches for `pos`: every legal move scored (engine::analysis_limits at
// `depth`, exact from `exact_empties`); nothing for a finished position, which
// board_over_answer answers without a search.
std::optional<engine::SearchLimits> board_search(const core::Position& pos, int depth,
                                                 int exact_empties);
// The answer for a finished position: its final score for the side to move, exact.
json board_over_answer(const core::Position& pos, int ply);

}  // namespace reversi::server
