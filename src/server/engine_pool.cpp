// SPDX-License-Identifier: MIT
// The engine pool. A stop request wakes every idle worker and cancels running searches
// through the same std::stop_token the engine already honours.
#include "server/engine_pool.h"

#include <iostream>

namespace reversi::server {

EnginePool::EnginePool(int threads) {
    for (int i = 0; i < std::max(1, threads); ++i)
        workers_.emplace_back([this](std::stop_token st) { work(st); });
}

EnginePool::~EnginePool() {
    stop();
}

void EnginePool::submit(std::shared_ptr<const core::Variant> variant,
                        const core::Position& position, const engine::SearchLimits& limits,
                        Done done) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back({std::move(variant), position, limits, std::move(done)});
    }
    wake_.notify_one();
}

void EnginePool::stop() {
    for (auto& w : workers_) w.request_stop();
    wake_.notify_all();
    for (auto& w : workers_)
        if (w.joinable()) w.join();
    std::lock_guard lock(mutex_);
    jobs_.clear();
}

void EnginePool::work(std::stop_token stop) {
    engine::Engine engine;
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, stop, [&] { return !jobs_.empty(); })) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        try {
            const engine::SearchResult r = engine.search(job.position, job.limits, stop);
            if (stop.stop_requested()) return;
            if (job.done) job.done(r);
        } catch (const std::exception& e) {
            std::cerr << "engine: search failed: " << e.what() << '\n';
            engine::SearchResult none;
            if (job.done) job.done(none);
        }
    }
}

}  // namespace reversi::server
