// SPDX-License-Identifier: MIT
// A review's JSON (see review.h): squares by name, a pass as "pass", none as null.
#include "server/analysis/review.h"

#include "core/notation.h"

namespace reversi::server {

namespace {

json square_json(const core::Geometry& g, core::Square sq) {
    return sq == core::NoSquare ? json(nullptr) : json(core::square_name(g, sq));
}

}  // namespace

json ply_json(const core::Geometry& g, const engine::PlyVerdict& v) {
    return {{"ply", v.ply},
            {"seat", v.side},
            {"played", square_json(g, v.played)},
            {"played_score", v.played_score},
            {"best", square_json(g, v.best)},
            {"best_score", v.best_score},
            {"loss", v.loss},
            {"class", engine::move_class_name(v.move_class)},
            {"exact", v.exact}};
}

json review_done_json(const engine::AnalysisDepth& depth, json plies) {
    return {{"status", "done"},
            {"progress", 1.0},
            {"depth", depth.midgame},
            {"exact_empties", depth.exact_empties},
            {"plies", std::move(plies)}};
}

}  // namespace reversi::server
