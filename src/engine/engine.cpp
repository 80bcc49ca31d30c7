// SPDX-License-Identifier: MIT
// Stand-in engine until the real search lands: plays the legal move that flips most discs
// (ties broken by the seed). It honours the facade's contract (legal moves, passes, game
// over, cancellation) so that front ends can be built against it.
#include "engine/engine.h"

#include <chrono>
#include <thread>

#include "core/bitboard.h"

namespace reversi::engine {

struct Engine::Impl {
    EngineOptions options;
    std::jthread worker;
};

Engine::Engine(EngineOptions options) : impl_(std::make_unique<Impl>()) {
    impl_->options = options;
}

Engine::~Engine() { stop(); wait(); }

SearchResult Engine::search(const core::Position& pos, const SearchLimits& limits,
                            std::stop_token, const IterationCallback&) {
    const auto start = std::chrono::steady_clock::now();
    SearchResult result;
    if (pos.is_over()) return result;
    if (pos.must_pass()) {
        result.best = core::PassMove;
        return result;
    }
    core::u128 moves = pos.legal_moves();
    int best_flips = -1;
    uint64_t tiebreak = limits.seed * 0x9e3779b97f4a7c15ULL + 1;
    while (moves) {
        const core::Square sq = core::pop_lsb(moves);
        const int flips = core::popcount(pos.flips(sq));
        tiebreak = tiebreak * 6364136223846793005ULL + 1442695040888963407ULL;
        if (flips > best_flips || (flips == best_flips && (tiebreak >> 63))) {
            best_flips = flips;
            result.best = sq;
        }
        ++result.nodes;
    }
    result.pv = {result.best};
    result.depth = 1;
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

void Engine::clear() {}

}  // namespace reversi::engine
