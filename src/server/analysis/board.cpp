// SPDX-License-Identifier: MIT
// The analysis board's request parsing and answer. The setup goes through the same parser
// and rules check as a new table's; the moves are replayed with the rules library, so an
// answer is only ever given for a position that a game could reach.
#include "server/analysis/board.h"

#include "core/bitboard.h"
#include "core/notation.h"
#include "engine/game_analysis.h"

namespace reversi::server {

namespace {

// The longest text accepted as one move ("pass", "j10").
constexpr size_t MaxMoveText = 8;

}  // namespace

core::Game parse_game_request(const json& body, size_t max_moves, bool any_players) {
    if (!body.is_object()) throw ApiError(ErrorCode::BadRequest, "the body must be an object");
    const auto setup_it = body.find("setup");
    const SetupRequest setup =
        parse_setup(setup_it == body.end() || setup_it->is_null() ? json::object() : *setup_it);
    if (setup.random_blocked != 0)
        throw ApiError(ErrorCode::BadRequest,
                       "random_blocked is not allowed here: send the blocked squares");
    if (setup.setup.players != 2 && !any_players)
        throw ApiError(ErrorCode::BadRequest, "the analysis board is for two-player games");
    if (const std::string why = setup.setup.problem(); !why.empty())
        throw ApiError(ErrorCode::BadSetup, why);
    core::Game game(setup.setup);
    const auto moves_it = body.find("moves");
    if (moves_it == body.end() || moves_it->is_null()) return game;
    if (!moves_it->is_array())
        throw ApiError(ErrorCode::BadRequest, "\"moves\" must be a list of square names");
    if (moves_it->size() > max_moves)
        throw ApiError(ErrorCode::BadRequest, "at most " + std::to_string(max_moves) + " moves");
    const core::Geometry& g = game.variant().geometry();
    for (size_t i = 0; i < moves_it->size(); ++i) {
        const json& m = (*moves_it)[i];
        const std::string label = "move " + std::to_string(i + 1);
        if (!m.is_string() || m.get_ref<const std::string&>().size() > MaxMoveText)
            throw ApiError(ErrorCode::BadRequest, label + " must be a square name or \"pass\"");
        const std::string& text = m.get_ref<const std::string&>();
        const auto sq = core::parse_square(g, text);
        if (!sq)
            throw ApiError(ErrorCode::BadRequest, label + " (" + utf8_safe(text, MaxMoveText) +
                                                      ") is not a square of this board");
        if (const std::string why = game.play(*sq); !why.empty())
            throw ApiError(ErrorCode::IllegalMove,
                           label + " (" + core::square_name(g, *sq) + ") is not legal: " + why);
    }
    return game;
}

BoardRequest parse_board_request(const json& body, const BoardLimits& limits) {
    BoardRequest req{parse_game_request(body, limits.max_moves, false),
                     get_int(body, "depth", limits.default_depth)};
    if (req.depth < 1 || req.depth > limits.max_depth)
        throw ApiError(ErrorCode::BadRequest,
                       "depth must be 1 to " + std::to_string(limits.max_depth));
    return req;
}

json board_answer(const core::Position& pos, int ply, const engine::SearchResult& result) {
    const core::Geometry& g = pos.geometry();
    json moves = json::array();
    for (const engine::MoveScore& m : result.root_moves)
        moves.push_back(
            {{"square", core::square_name(g, m.move)}, {"score", m.score}, {"exact", m.exact}});
    const bool over = pos.is_over();
    return {{"moves", moves},
            {"best", result.best == core::NoSquare ? json(nullptr)
                                                   : json(core::square_name(g, result.best))},
            {"score", result.score},
            {"exact", result.exact},
            {"depth", result.depth},
            {"to_move", over ? json(nullptr) : json(pos.side())},
            {"ply", ply},
            {"over", over}};
}

std::optional<engine::SearchLimits> board_search(const core::Position& pos, int depth,
                                                 int exact_empties) {
    if (pos.is_over()) return std::nullopt;
    return engine::analysis_limits(pos, {depth, exact_empties});
}

json board_over_answer(const core::Position& pos, int ply) {
    engine::SearchResult over;
    const int black = pos.outcome().black_score;
    over.score = pos.side() == 0 ? black : -black;
    over.exact = true;
    return board_answer(pos, ply, over);
}

}  // namespace reversi::server
