// SPDX-License-Identifier: MIT
// Post-game analysis. The search for a ply scores every root move (multi-PV over all legal
// moves), so the played move and the best move are compared at the same depth and in the
// same unit; a forced pass is searched through the facade, which scores the pass itself.
#include "engine/game_analysis.h"

#include <algorithm>
#include <string>

#include "core/bitboard.h"

namespace reversi::engine {

MoveClass classify_loss(int loss) {
    if (loss <= 0) return MoveClass::Best;
    if (loss < GoodLossBelow) return MoveClass::Good;
    if (loss < InaccuracyLossBelow) return MoveClass::Inaccuracy;
    if (loss < MistakeLossBelow) return MoveClass::Mistake;
    return MoveClass::Blunder;
}

const char* move_class_name(MoveClass c) {
    switch (c) {
        case MoveClass::Best:
            return "best";
        case MoveClass::Good:
            return "good";
        case MoveClass::Inaccuracy:
            return "inaccuracy";
        case MoveClass::Mistake:
            return "mistake";
        case MoveClass::Blunder:
            return "blunder";
    }
    return "best";
}

SearchLimits analysis_limits(const core::Position& pos, const AnalysisDepth& depth) {
    SearchLimits limits;
    // Multi-PV needs at least 2 to fill root_moves, even with a single legal move.
    limits.multipv = std::max(2, core::popcount(pos.legal_moves()));
    const int empties = core::popcount(pos.empty());
    if (empties <= depth.exact_empties)
        limits.exact = true;
    else
        limits.depth = std::max(1, depth.midgame);
    return limits;
}

PlyVerdict judge_ply(const core::Position& before, int ply, core::Square played,
                     const SearchResult& result) {
    if (before.players() != 2) throw std::invalid_argument("analysis is for two-player games only");
    if (!before.is_legal(played))
        throw std::invalid_argument("move " + std::to_string(ply + 1) + " is not legal");
    PlyVerdict v;
    v.ply = ply;
    v.side = before.side();
    v.played = played;
    v.best = result.best;
    v.best_score = result.score;
    v.exact = result.exact;
    const auto& moves = result.root_moves;
    if (!moves.empty()) {
        // The root moves come best first; their best is the reference, so that the played
        // move (one of them) can never score above it.
        v.best = moves.front().move;
        v.best_score = moves.front().score;
        v.exact = moves.front().exact;
    }
    const auto it = std::find_if(moves.begin(), moves.end(),
                                 [&](const MoveScore& m) { return m.move == played; });
    if (it != moves.end()) {
        v.played_score = it->score;
        v.exact = v.exact && it->exact;
    } else {
        // Only a search stopped before it reached the move leaves it unscored: no verdict.
        v.played_score = v.best_score;
    }
    if (v.played_score >= v.best_score) v.best = played;
    v.best_score = std::max(v.best_score, v.played_score);
    v.loss = v.best_score - v.played_score;
    v.move_class = classify_loss(v.loss);
    return v;
}

std::vector<PlyVerdict> analyse_game(Engine& engine, const core::Position& start,
                                     const std::vector<core::Square>& moves,
                                     const AnalysisDepth& depth, std::stop_token stop,
                                     const AnalysisProgress& progress) {
    if (start.players() != 2) throw std::invalid_argument("analysis is for two-player games only");
    std::vector<PlyVerdict> out;
    out.reserve(moves.size());
    core::Position pos = start;
    const int total = static_cast<int>(moves.size());
    for (int ply = 0; ply < total; ++ply) {
        if (stop.stop_requested()) break;
        const core::Square played = moves[static_cast<size_t>(ply)];
        if (pos.is_over() || !pos.is_legal(played))
            throw std::invalid_argument("move " + std::to_string(ply + 1) + " is not legal");
        const SearchResult r = engine.search(pos, analysis_limits(pos, depth), stop);
        if (stop.stop_requested()) break;
        out.push_back(judge_ply(pos, ply, played, r));
        pos.play(played);
        if (progress) progress(ply + 1, total);
    }
    return out;
}

}  // namespace reversi::engine
