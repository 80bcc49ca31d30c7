// SPDX-License-Identifier: MIT
// The requests of the browser's engine (see engine_api.h and docs/ENGINE.md): analyze, move,
// hint, analyze_game, bench, perft, files. Each op reads its fields with the server's readers, runs
// the engine, and writes the answer with the server's writers.
#include "wasm/engine_api.h"

#include <algorithm>
#include <set>

#include "core/notation.h"
#include "core/perft.h"
#include "engine/bench.h"
#include "engine/book.h"
#include "engine/game_analysis.h"
#include "engine/levels.h"
#include "engine/multiplayer_pattern_eval.h"
#include "engine/pattern_eval.h"
#include "engine/probcut.h"
#include "engine/version.h"
#include "server/analysis/board.h"
#include "server/analysis/review.h"
#include "server/common/protocol.h"

namespace reversi::wasm {

using server::ApiError;
using server::ErrorCode;
using server::json;

namespace {

// The longest game of any board (10x10: 96 squares; every ply may be a pass too).
constexpr size_t MaxMoves = 240;

json square_json(const core::Geometry& g, core::Square sq) {
    return sq == core::NoSquare ? json(nullptr) : json(core::square_name(g, sq));
}

// An integer field in [lo, hi], `fallback` when absent.
int bounded_int(const json& body, const char* name, int fallback, int lo, int hi) {
    const int v = server::get_int(body, name, fallback);
    if (v < lo || v > hi)
        throw ApiError(ErrorCode::BadRequest, std::string(name) + " must be " + std::to_string(lo) +
                                                  " to " + std::to_string(hi));
    return v;
}

// POST /api/analyze: the analysis board's answer.
json analyze(engine::Engine& eng, const json& body) {
    const server::BoardLimits limits;
    const server::BoardRequest req = server::parse_board_request(body, limits);
    const core::Position& pos = req.game.position();
    const auto search = server::board_search(pos, req.depth, limits.exact_empties);
    if (!search) return server::board_over_answer(pos, req.game.ply());
    eng.clear();
    return server::board_answer(pos, req.game.ply(), eng.search(pos, *search));
}

// The computer's move at a level, as a table's seat of that level plays it (hub.cpp): the
// level's settings, the seed mixed with the ply.
json move(engine::Engine& eng, const json& body) {
    const core::Game game = server::parse_game_request(body, MaxMoves, true);
    const core::Position& pos = game.position();
    if (pos.is_over()) throw ApiError(ErrorCode::GameOver, "the game is over");
    engine::SearchLimits limits;
    limits.level = bounded_int(body, "level", 2, engine::MinLevel, engine::MaxLevel);
    const auto seed = body.find("seed");
    if (seed != body.end() && !seed->is_number_unsigned())
        throw ApiError(ErrorCode::BadRequest, "seed must be a whole number of 0 or more");
    limits.seed = engine::move_seed(seed == body.end() ? 0 : seed->get<uint64_t>(), game.ply());
    const engine::SearchResult r = eng.search(pos, limits);
    const core::Geometry& g = pos.geometry();
    return {{"move", square_json(g, r.best)},
            {"score", r.score},
            {"exact", r.exact},
            {"depth", r.depth},
            {"nodes", r.nodes},
            {"seconds", r.seconds},
            {"ply", game.ply()},
            {"to_move", pos.side()}};
}

// A table's hint (hub/ws.cpp: the server's --hint-seconds, 1 s, of a search without a depth),
// as its "hint" message says it: {square, score, depth, ply}.
json hint(engine::Engine& eng, const json& body) {
    const core::Game game = server::parse_game_request(body, MaxMoves, true);
    const core::Position& pos = game.position();
    if (pos.is_over()) throw ApiError(ErrorCode::GameOver, "the game is over");
    engine::SearchLimits limits;
    limits.seconds = bounded_int(body, "ms", 1000, 50, 10000) / 1000.0;
    const engine::SearchResult r = eng.search(pos, limits);
    return {{"square", square_json(pos.geometry(), r.best)},
            {"score", r.score},
            {"depth", r.depth},
            {"ply", game.ply()}};
}

// GET /api/games/{id}/analysis of a game given by its moves: the finished review.
json analyze_game(engine::Engine& eng, const json& body, const Progress& progress) {
    const core::Game game = server::parse_game_request(body, MaxMoves, false);
    const engine::AnalysisDepth depth;
    eng.clear();
    const auto verdicts =
        engine::analyse_game(eng, game.start(), game.moves(), depth, {}, [&](int done, int total) {
            if (progress) progress(json{{"done", done}, {"total", total}}.dump());
        });
    json plies = json::array();
    for (const engine::PlyVerdict& v : verdicts)
        plies.push_back(server::ply_json(game.variant().geometry(), v));
    return server::review_done_json(depth, std::move(plies));
}

json perft(const json& body, const ApiLimits& limits) {
    const core::Game game = server::parse_game_request(body, MaxMoves, true);
    const int depth = bounded_int(body, "depth", 1, 0, limits.max_perft_depth);
    return {{"nodes", core::perft(game.position(), depth)}};
}

// `reversi bench [--depth-offset N]`: the node count (the signature at offset 0), the time,
// and each position's line.
json bench(const json& body) {
    const int offset = bounded_int(body, "depth_offset", 0, 0, 3);
    double seconds = 0;
    json lines = json::array();
    const uint64_t nodes = engine::run_bench(offset, 1, [&](const engine::BenchLine& l) {
        seconds += l.seconds;
        lines.push_back({{"name", l.name}, {"nodes", l.nodes}, {"score", l.score}});
    });
    return {{"nodes", nodes}, {"seconds", seconds}, {"lines", std::move(lines)}};
}

// The shipped data files a setup's searches may read, as paths under the data folder
// ("weights/8x8.weights"): its weights, Multi-ProbCut parameters, solved openings and book.
// A file the engine finds absent where it ships one is an error, so all of them are named.
json files(const json& body) {
    const core::Game game = server::parse_game_request(body, MaxMoves, true);
    const core::Variant& v = game.variant();
    const bool anti = v.anti();
    std::set<std::string> out;
    const auto listed = [](const std::vector<std::string>& list, const std::string& key) {
        return !key.empty() && std::find(list.begin(), list.end(), key) != list.end();
    };
    if (v.players() > 2) {
        const std::string key = engine::weight_variant_key(v);
        if (listed(engine::trained_variants(), key)) out.insert("weights/" + key + ".weights");
    } else {
        const std::string shape = engine::shape_variant_key(v.geometry().shape(), anti);
        for (const std::string& key : {engine::playing_variant_key(v.geometry(), anti), shape}) {
            if (listed(engine::trained_variants(), key)) out.insert("weights/" + key + ".weights");
            if (listed(engine::probcut_variants(), key)) out.insert("mpc/" + key + ".mpc");
        }
        if (shape == "6x6") out.insert("solved/6x6.solved");
        if (listed(engine::shipped_book_variants(), shape)) out.insert("book/" + shape + ".book");
    }
    return {{"files", json(out)}};
}

json answer(engine::Engine& eng, const json& body, const ApiLimits& limits,
            const Progress& progress) {
    if (!body.is_object()) throw ApiError(ErrorCode::BadRequest, "the request must be an object");
    const auto op_it = body.find("op");
    if (op_it == body.end() || !op_it->is_string())
        throw ApiError(ErrorCode::BadRequest, "the request needs an \"op\"");
    const std::string& op = op_it->get_ref<const std::string&>();
    if (op == "analyze") return analyze(eng, body);
    if (op == "move") return move(eng, body);
    if (op == "hint") return hint(eng, body);
    if (op == "analyze_game") return analyze_game(eng, body, progress);
    if (op == "perft") return perft(body, limits);
    if (op == "bench") return bench(body);
    if (op == "files") return files(body);
    if (op == "version") return {{"version", engine::engine_version()}};
    throw ApiError(ErrorCode::BadRequest, "no op " + server::utf8_safe(op, 32));
}

json failure(ErrorCode code, const std::string& message) {
    return {
        {"ok", false},
        {"error", {{"code", server::error_name(code)}, {"message", server::utf8_safe(message)}}}};
}

}  // namespace

EngineApi::EngineApi(ApiLimits limits) : limits_(limits), engine_(engine::EngineOptions{16}) {}

std::string EngineApi::call(const std::string& request, const Progress& progress) {
    json out;
    try {
        if (request.size() > limits_.max_request_bytes)
            throw ApiError(
                ErrorCode::TooLarge,
                "the request is over " + std::to_string(limits_.max_request_bytes) + " bytes");
        const json body = server::parse_json(request);
        out = {{"ok", true}, {"result", answer(engine_, body, limits_, progress)}};
    } catch (const ApiError& e) {
        out = failure(e.code(), e.what());
    } catch (const std::bad_alloc&) {
        out = failure(ErrorCode::Busy, "out of memory");
    } catch (const std::exception& e) {
        // A data file missing or damaged (weights, parameters, book): the engine cannot answer.
        out = failure(ErrorCode::Unavailable, e.what());
    }
    return server::dump_safe(out);
}

}  // namespace reversi::wasm
