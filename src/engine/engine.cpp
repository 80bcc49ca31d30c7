// SPDX-License-Identifier: MIT
// The engine facade: routes a position to the right search. Finished games and forced passes
// are answered here; a free opening is searched placement by placement (at most four plies)
// with the two-player search at its leaves; 3-4 player positions go to the multiplayer
// search. Levels are translated into search settings here (engine/levels.h), and the levels
// that play from the opening book answer its positions here (engine/book.h).
#include "engine/engine.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

#include "core/bitboard.h"
#include "engine/book.h"
#include "engine/levels.h"
#include "engine/multiplayer.h"
#include "engine/pattern_eval.h"
#include "engine/search.h"

namespace reversi::engine {

namespace {

// Deepest search used at the leaves of a free opening.
constexpr int OpeningLeafDepth = 4;
// With no depth given, positions with this many empties or fewer are solved exactly.
constexpr int DefaultExactEmpties = 20;

SearchSettings settings_for(const SearchLimits& limits, double& seconds) {
    SearchSettings s;
    s.seed = limits.seed;
    s.multipv = std::max(1, limits.multipv);
    s.exact = limits.exact;
    s.wld = limits.wld;
    s.threads = std::max(1, limits.threads);
    s.handmade_eval = limits.handmade_eval;
    s.probcut = limits.probcut;
    s.solved_openings = limits.solved_openings;
    s.weights_dir = limits.weights_dir;
    seconds = limits.seconds;
    if (limits.level > 0) {
        const LevelSettings level = level_settings(limits.level, 2);
        s.max_depth = level.depth;
        s.exact_empties = level.exact_empties;
        s.noise = level.noise;
        if (seconds <= 0) seconds = level.seconds;
        if (limits.depth > 0) s.max_depth = std::min(s.max_depth, limits.depth);
    } else {
        s.max_depth = limits.depth > 0 ? limits.depth : 64;
        s.exact_empties = limits.depth > 0 ? 0 : DefaultExactEmpties;
    }
    s.budgeted = seconds > 0 && s.exact_empties > 0;
    return s;
}

// A level that plays from the opening book answers a position the book holds without a
// search; analyses (multi-PV) and solves always search.
std::optional<SearchResult> book_move(const core::Position& pos, const SearchLimits& limits) {
    if (limits.level <= 0 || !limits.book || limits.exact || limits.wld || limits.multipv > 1 ||
        !Book::covers(pos))
        return std::nullopt;
    const LevelSettings level = level_settings(limits.level, 2);
    if (level.book_margin == LevelSettings::NoBook) return std::nullopt;
    const auto book = opening_book(shape_variant_key(pos.geometry().shape(), pos.variant().anti()));
    if (!book) return std::nullopt;
    return book_result(*book, pos, level.book_margin, limits.seed);
}

}  // namespace

struct Engine::Impl {
    explicit Impl(const EngineOptions& o) : options(o), tables(std::max(1, o.hash_mb)) {}
    EngineOptions options;
    SearchTables tables;
    std::jthread worker;

    SearchResult search_two(const core::Position& pos, const SearchLimits& limits,
                            std::stop_token stop, const IterationCallback& on_iteration);
    SearchResult search_opening(const core::Position& pos, const SearchLimits& limits,
                                std::stop_token stop);
};

SearchResult Engine::Impl::search_two(const core::Position& pos, const SearchLimits& limits,
                                      std::stop_token stop, const IterationCallback& on_iteration) {
    SearchResult result;
    if (pos.is_over()) {
        const core::Outcome o = pos.outcome();
        result.score = pos.side() == 0 ? o.black_score : -o.black_score;
        result.exact = true;
        return result;
    }
    if (pos.must_pass()) {
        SearchResult after = search_two(pos.after(core::PassMove), limits, stop, {});
        result = after;
        result.best = core::PassMove;
        result.score = -after.score;
        result.pv.insert(result.pv.begin(), core::PassMove);
        result.root_moves.clear();
        if (limits.multipv > 1)
            result.root_moves.push_back({core::PassMove, result.score, result.exact});
        if (on_iteration) on_iteration(result);
        return result;
    }
    if (pos.in_opening()) return search_opening(pos, limits, stop);
    if (auto r = book_move(pos, limits)) {
        if (on_iteration) on_iteration(*r);
        return *r;
    }
    double seconds = 0;
    const SearchSettings settings = settings_for(limits, seconds);
    // Noisy levels must not meet bounds from another seed's noise.
    if (settings.noise > 0) tables.clear();
    SearchControl control(stop, seconds, limits.nodes);
    return search_two_player(pos, settings, tables, control, on_iteration);
}

SearchResult Engine::Impl::search_opening(const core::Position& pos, const SearchLimits& limits,
                                          std::stop_token stop) {
    // Negamax over the centre placements; each finished opening is searched shallowly.
    SearchLimits leaf = limits;
    leaf.depth = limits.depth > 0 ? std::min(limits.depth, OpeningLeafDepth) : OpeningLeafDepth;
    leaf.seconds = 0;
    leaf.multipv = 1;
    leaf.exact = leaf.wld = false;
    SearchResult result;
    result.score = -1000;
    core::u128 moves = pos.legal_moves();
    while (moves) {
        const core::Square sq = core::pop_lsb(moves);
        const core::Position child = pos.after(sq);
        const SearchResult r = child.in_opening() ? search_opening(child, limits, stop)
                                                  : search_two(child, leaf, stop, {});
        result.nodes += r.nodes + 1;
        result.ordering_nodes += r.ordering_nodes;
        if (-r.score > result.score) {
            result.score = -r.score;
            result.best = sq;
            result.pv = r.pv;
            result.pv.insert(result.pv.begin(), sq);
        }
        result.root_moves.push_back({sq, -r.score, false});
        if (stop.stop_requested()) break;
    }
    std::stable_sort(result.root_moves.begin(), result.root_moves.end(),
                     [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
    if (limits.multipv <= 1)
        result.root_moves.clear();
    else if (result.root_moves.size() > static_cast<size_t>(limits.multipv))
        result.root_moves.resize(static_cast<size_t>(limits.multipv));
    result.depth = leaf.depth;
    return result;
}

Engine::Engine(EngineOptions options) : impl_(std::make_unique<Impl>(options)) {}

Engine::~Engine() {
    stop();
    wait();
}

SearchResult Engine::search(const core::Position& pos, const SearchLimits& limits,
                            std::stop_token stop, const IterationCallback& on_iteration) {
    const auto start = std::chrono::steady_clock::now();
    SearchResult result = pos.players() > 2 ? multiplayer_search(pos, limits, stop, on_iteration)
                                            : impl_->search_two(pos, limits, stop, on_iteration);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

void Engine::go(const core::Position& pos, const SearchLimits& limits,
                std::function<void(const SearchResult&)> on_done, IterationCallback on_iteration) {
    wait();
    impl_->worker = std::jthread([this, pos, limits, on_done, on_iteration](std::stop_token st) {
        const SearchResult r = search(pos, limits, st, on_iteration);
        if (on_done) on_done(r);
    });
}

void Engine::stop() {
    if (impl_->worker.joinable()) impl_->worker.request_stop();
}

void Engine::wait() {
    if (impl_->worker.joinable()) impl_->worker.join();
}

void Engine::clear() {
    impl_->tables.clear();
}

}  // namespace reversi::engine
