// SPDX-License-Identifier: MIT
// Worker threads that run engine searches for computer seats and hints, so the network thread
// never searches. Each worker owns one engine::Engine. The queue is bounded and has three
// classes: computer moves (a player is waiting for them) go before hints, and post-game
// analysis (one position per job) only runs when neither waits; first come, first served
// within a class. Analysis jobs have their own bound, so they never crowd out a move. Every search has a hard deadline, enforced by a watchdog through
// the std::stop_token the engine already honours, so no level can hold a thread for long.
// Each result goes to the job's callback on the worker thread (callers post it back).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "server/common/metrics.h"

namespace reversi::server {

class EnginePool {
  public:
    using Done = std::function<void(const engine::SearchResult&)>;
    enum class Priority { Move, Hint, Analysis };
    // Starts `threads` workers (at least one); at most `queue_limit` jobs wait, and no
    // search runs longer than `max_seconds`.
    explicit EnginePool(int threads, int queue_limit = 256, double max_seconds = 10.0);
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // Queues a search of `position`; `variant` keeps the position's variant alive meanwhile.
    // False (and `done` is never called) when the queue is full (moves and hints share
    // `queue_limit`; analysis jobs have a bound of their own of the same size).
    bool submit(std::shared_ptr<const core::Variant> variant, const core::Position& position,
                const engine::SearchLimits& limits, Done done, Priority priority = Priority::Move);
    // Jobs waiting (not running).
    size_t queued() const;
    // Where each job's wait in the queue is counted (set before the first submit).
    void set_metrics(Metrics* metrics) { metrics_ = metrics; }
    // Drops queued jobs, stops running searches and joins the workers.
    void stop();

  private:
    using Clock = std::chrono::steady_clock;
    struct Job {
        std::shared_ptr<const core::Variant> variant;
        core::Position position;
        engine::SearchLimits limits;
        Done done;
        std::chrono::steady_clock::time_point queued = std::chrono::steady_clock::now();
    };
    // What a worker is searching now, for the watchdog.
    struct Running {
        std::optional<Clock::time_point> deadline;
        std::stop_source stop;
    };
    void work(size_t index, std::stop_token stop);
    void watch(std::stop_token stop);

    const size_t queue_limit_;
    const std::chrono::milliseconds max_time_;
    mutable std::mutex mutex_;
    std::condition_variable_any wake_;
    std::deque<Job> moves_, hints_, analyses_;
    std::vector<Running> running_;
    std::vector<std::jthread> workers_;
    std::jthread watchdog_;
    Metrics* metrics_ = nullptr;
};

}  // namespace reversi::server
