// SPDX-License-Identifier: MIT
// The engine pool. A stop request wakes every idle worker and cancels running searches
// through the same std::stop_token the engine already honours; the watchdog stops a search
// past its deadline the same way, and the engine then answers with its best move so far.
#include "server/common/engine_pool.h"

#include <iostream>

namespace reversi::server {

EnginePool::EnginePool(int threads, int queue_limit, double max_seconds)
    : queue_limit_(static_cast<size_t>(std::max(1, queue_limit))),
      max_time_(std::max<int64_t>(1, static_cast<int64_t>(max_seconds * 1000))),
      running_(static_cast<size_t>(std::max(1, threads))) {
    for (size_t i = 0; i < running_.size(); ++i)
        workers_.emplace_back([this, i](std::stop_token st) { work(i, st); });
    watchdog_ = std::jthread([this](std::stop_token st) { watch(st); });
}

EnginePool::~EnginePool() {
    stop();
}

bool EnginePool::submit(std::shared_ptr<const core::Variant> variant,
                        const core::Position& position, const engine::SearchLimits& limits,
                        Done done, Priority priority) {
    {
        std::lock_guard lock(mutex_);
        if (priority == Priority::Analysis ? analyses_.size() >= queue_limit_
                                           : moves_.size() + hints_.size() >= queue_limit_)
            return false;
        auto& queue = priority == Priority::Move   ? moves_
                      : priority == Priority::Hint ? hints_
                                                   : analyses_;
        queue.push_back({std::move(variant), position, limits, std::move(done)});
    }
    wake_.notify_one();
    return true;
}

size_t EnginePool::queued() const {
    std::lock_guard lock(mutex_);
    return moves_.size() + hints_.size() + analyses_.size();
}

void EnginePool::stop() {
    for (auto& w : workers_) w.request_stop();
    watchdog_.request_stop();
    wake_.notify_all();
    for (auto& w : workers_)
        if (w.joinable()) w.join();
    if (watchdog_.joinable()) watchdog_.join();
    std::lock_guard lock(mutex_);
    moves_.clear();
    hints_.clear();
    analyses_.clear();
}

void EnginePool::watch(std::stop_token stop) {
    std::mutex sleep_mutex;
    std::condition_variable_any sleeper;
    while (!stop.stop_requested()) {
        {
            std::lock_guard lock(mutex_);
            const auto now = Clock::now();
            for (Running& r : running_)
                if (r.deadline && now >= *r.deadline) {
                    r.stop.request_stop();
                    r.deadline.reset();
                }
        }
        std::unique_lock lock(sleep_mutex);
        sleeper.wait_for(lock, stop, std::chrono::milliseconds(10), [] { return false; });
    }
}

void EnginePool::work(size_t index, std::stop_token stop) {
    engine::Engine engine;
    for (;;) {
        Job job;
        std::stop_token job_token;
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, stop, [&] {
                    return !moves_.empty() || !hints_.empty() || !analyses_.empty();
                }))
                return;
            auto& queue = !moves_.empty() ? moves_ : !hints_.empty() ? hints_ : analyses_;
            job = std::move(queue.front());
            queue.pop_front();
            running_[index].stop = std::stop_source();
            running_[index].deadline = Clock::now() + max_time_;
            job_token = running_[index].stop.get_token();
        }
        if (metrics_) metrics_->engine_wait_seconds.observe_since(job.queued);
        // A stop of the whole pool reaches the search too.
        std::stop_callback forward(stop, [&] {
            std::lock_guard lock(mutex_);
            running_[index].stop.request_stop();
        });
        engine::SearchResult result;
        try {
            result = engine.search(job.position, job.limits, job_token);
        } catch (const std::exception& e) {
            std::cerr << "engine: search failed: " << e.what() << '\n';
        }
        {
            std::lock_guard lock(mutex_);
            running_[index].deadline.reset();
        }
        if (stop.stop_requested()) return;
        try {
            if (job.done) job.done(result);
        } catch (const std::exception& e) {
            std::cerr << "engine: result handler failed: " << e.what() << '\n';
        }
    }
}

}  // namespace reversi::server
