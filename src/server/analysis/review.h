// SPDX-License-Identifier: MIT
// The JSON of a game's review (docs/SITE.md "Analysis", GET /api/games/{id}/analysis): one
// ply's verdict, and the finished review. One owner for the server's stored reviews and the
// browser's engine (src/wasm), so the two answers cannot drift apart.
#pragma once

#include "core/geometry.h"
#include "engine/game_analysis.h"
#include "server/common/protocol.h"

namespace reversi::server {

// {"ply", "seat", "played", "played_score", "best", "best_score", "loss", "class", "exact"}.
json ply_json(const core::Geometry& g, const engine::PlyVerdict& v);

// {"status": "done", "progress": 1, "depth", "exact_empties", "plies"}: a finished review.
json review_done_json(const engine::AnalysisDepth& depth, json plies);

}  // namespace reversi::server
