// SPDX-License-Identifier: MIT
// The engine facade. Until the two-player search lands, two-player positions get the greedy
// stand-in; 3-4 player positions go to the multiplayer search.
#include "engine/engine.h"

#include <chrono>
#include <thread>

#include "engine/greedy.h"
#include "engine/multiplayer.h"

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
                            std::stop_token stop, const IterationCallback& on_iteration) {
    const auto start = std::chrono::steady_clock::now();
    SearchResult result = pos.players() > 2 ? multiplayer_search(pos, limits, stop, on_iteration)
                                            : greedy_move(pos, limits.seed);
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
