// SPDX-License-Identifier: MIT
// Worker threads that run engine searches for computer seats and hints, so the network thread
// never searches. Each worker owns one engine::Engine; jobs are served first come, first
// served, and each result goes to the job's callback on the worker thread (callers post it
// back to their own executor).
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/engine.h"

namespace reversi::server {

class EnginePool {
  public:
    using Done = std::function<void(const engine::SearchResult&)>;
    // Starts `threads` workers (at least one).
    explicit EnginePool(int threads);
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // Queues a search of `position`; `variant` keeps the position's variant alive meanwhile.
    void submit(std::shared_ptr<const core::Variant> variant, const core::Position& position,
                const engine::SearchLimits& limits, Done done);
    // Drops queued jobs, stops running searches and joins the workers.
    void stop();

  private:
    struct Job {
        std::shared_ptr<const core::Variant> variant;
        core::Position position;
        engine::SearchLimits limits;
        Done done;
    };
    void work(std::stop_token stop);

    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::deque<Job> jobs_;
    std::vector<std::jthread> workers_;
};

}  // namespace reversi::server
