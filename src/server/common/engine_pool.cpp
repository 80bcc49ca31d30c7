// SPDX-License-Identifier: MIT
// The engine pool. A stop request wakes every idle worker and cancels running searches
// through the same std::stop_token the engine already honours; the watchdog stops a search
// past its deadline the same way, and the engine then answers with its best move so far. The
// watchdog also makes room for a waiting search that ranks above a running one, since an owner
// may pass its budget while its searches run (issue 27: twenty level-10 tables of one address
// held every worker and another player's level-2 reply waited 38 s).
#include "server/common/engine_pool.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <tuple>

namespace reversi::server {

namespace {

constexpr int Classes = 3;
// Ranks within a budget side: computer moves and hints (a person waits for both), analyses.
constexpr int Tiers = 2;
// The least time a search runs before an owner of its rank with fewer searches displaces it.
constexpr std::chrono::milliseconds FairSlice{500};
// A hint's slice is shorter: it is advice, and a tenth of a second of search gives a good one,
// while a computer reply is the game itself (issue 48: hints rank with moves, so a flood of
// hints must not hold other people's replies for half-second slices).
constexpr std::chrono::milliseconds HintSlice{100};

int class_of(EnginePool::Priority p) {
    return static_cast<int>(p);
}

// A hint ranks with computer moves, so owners share the engine for both by turns (issue 48:
// a hint ranked below every move waited 55 s behind another address's two level-10 games).
int tier_of(EnginePool::Priority p) {
    return p == EnginePool::Priority::Analysis ? 1 : 0;
}

// Moves the calling thread down to `worker_class` (never up).
void enter(EnginePool::WorkerClass worker_class) {
    if (worker_class == EnginePool::WorkerClass::Normal) return;
    // Linux keeps a nice value per thread: this lowers this worker only. Nice 19 is also what
    // is left should the kernel refuse SCHED_IDLE.
    setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19);
    if (worker_class == EnginePool::WorkerClass::Idle) {
        const sched_param none{};
        pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
    }
}

}  // namespace

EnginePool::EnginePool(int threads, int queue_limit, double max_seconds,
                       double owner_seconds_per_minute)
    : queue_limit_(static_cast<size_t>(std::max(1, queue_limit))),
      max_time_(std::max<int64_t>(1, static_cast<int64_t>(max_seconds * 1000))),
      budget_per_minute_ms_(std::max(1.0, owner_seconds_per_minute * 1000)),
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
                        Done done, Priority priority, const std::string& owner) {
    {
        std::lock_guard lock(mutex_);
        const bool full =
            priority == Priority::Analysis
                ? waiting_[class_of(Priority::Analysis)] >= queue_limit_
                : waiting_[class_of(Priority::Move)] + waiting_[class_of(Priority::Hint)] >=
                      queue_limit_;
        if (full) return false;
        const auto now = Clock::now();
        auto [it, fresh] = owners_.try_emplace(owner);
        if (fresh) {
            it->second.budget_ms = budget_per_minute_ms_;
            it->second.refilled = now;
        }
        it->second.waiting[class_of(priority)].push_back(
            {std::move(variant), position, limits, std::move(done)});
        ++waiting_[class_of(priority)];
        make_room(now);
    }
    wake_.notify_one();
    return true;
}

int EnginePool::move_threads_now(int wanted, int idle_workers, size_t waiting) {
    const int spare = idle_workers - static_cast<int>(std::min<size_t>(waiting, 1 << 20));
    return std::clamp(1 + spare, 1, std::max(1, wanted));
}

size_t EnginePool::queued() const {
    std::lock_guard lock(mutex_);
    return waiting_[0] + waiting_[1] + waiting_[2];
}

void EnginePool::stop() {
    for (auto& w : workers_) w.request_stop();
    watchdog_.request_stop();
    wake_.notify_all();
    for (auto& w : workers_)
        if (w.joinable()) w.join();
    if (watchdog_.joinable()) watchdog_.join();
    std::lock_guard lock(mutex_);
    owners_.clear();
    waiting_ = {0, 0, 0};
}

bool EnginePool::within_budget(const std::string& name, Clock::time_point now) {
    Owner& owner = owners_.at(name);
    const double since = std::chrono::duration<double, std::milli>(now - owner.refilled).count();
    owner.budget_ms =
        std::min(budget_per_minute_ms_, owner.budget_ms + since * budget_per_minute_ms_ / 60'000);
    owner.refilled = now;
    // The searches it runs now count already: otherwise an owner could start one search per
    // worker on a full budget and hold them all.
    double spending = 0;
    for (const Running& r : running_)
        if (r.busy && r.owner == name)
            spending +=
                r.threads * std::chrono::duration<double, std::milli>(now - r.started).count();
    return owner.budget_ms - spending > 0;
}

int EnginePool::rank(Priority priority, const std::string& owner, Clock::time_point now) {
    return (within_budget(owner, now) ? 0 : Tiers) + tier_of(priority);
}

std::optional<std::pair<std::string, EnginePool::Priority>> EnginePool::best_waiting(
    Clock::time_point now) {
    std::optional<std::pair<std::string, Priority>> best;
    std::tuple<int, int, uint64_t> best_key;
    for (auto& [name, owner] : owners_)
        for (int c = 0; c < Classes; ++c) {
            if (owner.waiting[c].empty()) continue;
            const auto key = std::make_tuple(rank(static_cast<Priority>(c), name, now),
                                             owner.running, owner.turn);
            if (!best || key < best_key) {
                best = {name, static_cast<Priority>(c)};
                best_key = key;
            }
            break;  // an owner's later classes never rank above its first waiting one
        }
    return best;
}

void EnginePool::make_room(Clock::time_point now) {
    if (std::any_of(running_.begin(), running_.end(), [](const Running& r) { return !r.busy; }))
        return;  // a worker is free: it takes the best waiting search itself
    const auto best = best_waiting(now);
    if (!best) return;
    const int wanted = rank(best->second, best->first, now);
    const int waiting_owner_runs = owners_.at(best->first).running;
    Running* victim = nullptr;
    int victim_rank = wanted;
    for (Running& r : running_) {
        if (!r.busy || r.yielded) continue;
        const int ranked = rank(r.priority, r.owner, now);
        // A search that ranks lower gives way; so does one of equal rank that has had its
        // slice while its owner holds more workers than the waiting owner (one worker, two
        // owners: they take turns of at least a slice each, not one search each).
        const auto slice = r.priority == Priority::Hint ? HintSlice : FairSlice;
        const bool over_share = ranked == wanted && now - r.started >= slice &&
                                owners_.at(r.owner).running > waiting_owner_runs;
        if (ranked > victim_rank || (over_share && !victim)) {
            victim = &r;
            victim_rank = ranked;
        }
    }
    if (!victim) return;
    victim->yielded = true;
    victim->stop.request_stop();
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
            if (waiting_[0] + waiting_[1] + waiting_[2] > 0) make_room(now);
        }
        std::unique_lock lock(sleep_mutex);
        sleeper.wait_for(lock, stop, std::chrono::milliseconds(10), [] { return false; });
    }
}

void EnginePool::work(size_t index, std::stop_token stop) {
    engine::Engine engine;
    WorkerClass entered = WorkerClass::Normal;
    for (;;) {
        Job job;
        std::stop_token job_token;
        Priority priority = Priority::Move;
        std::string owner;
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, stop,
                            [&] { return waiting_[0] + waiting_[1] + waiting_[2] > 0; }))
                return;
            const auto now = Clock::now();
            const auto best = best_waiting(now);
            owner = best->first;
            priority = best->second;
            Owner& o = owners_.at(owner);
            auto& queue = o.waiting[class_of(priority)];
            job = std::move(queue.front());
            queue.pop_front();
            --waiting_[class_of(priority)];
            ++o.running;
            o.turn = ++turns_;
            Running& r = running_[index];
            r.stop = std::stop_source();
            r.deadline = now + max_time_;
            r.owner = owner;
            r.priority = priority;
            r.started = now;
            r.busy = true;
            r.yielded = false;
            r.threads = 1;
            if (priority == Priority::Move && move_threads_ > 1) {
                const int idle = static_cast<int>(std::count_if(
                    running_.begin(), running_.end(), [](const Running& x) { return !x.busy; }));
                r.threads =
                    move_threads_now(move_threads_, idle, waiting_[0] + waiting_[1] + waiting_[2]);
                job.limits.threads = r.threads;
            }
            job_token = r.stop.get_token();
        }
        if (metrics_) metrics_->engine_wait_seconds.observe_since(job.queued);
        if (const WorkerClass wanted = worker_class_; wanted > entered) {
            enter(wanted);
            entered = wanted;
        }
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
        bool resumed = false;
        {
            std::lock_guard lock(mutex_);
            Running& r = running_[index];
            const auto now = Clock::now();
            Owner& o = owners_.at(owner);
            within_budget(owner, now);  // refills up to now before the charge
            o.budget_ms -=
                r.threads * std::chrono::duration<double, std::milli>(now - r.started).count();
            --o.running;
            // An analysis that yielded starts again later: a cut-short one would be judged
            // at a depth unlike the others. Hints and moves answer with their best so far.
            if (r.yielded && priority == Priority::Analysis && !stop.stop_requested()) {
                o.waiting[class_of(priority)].push_front(std::move(job));
                ++waiting_[class_of(priority)];
                resumed = true;
            }
            r.deadline.reset();
            r.busy = false;
            r.yielded = false;
            // An owner with nothing waiting or running is forgotten once its budget is full
            // again, so memory follows the active owners only.
            std::erase_if(owners_, [&](auto& entry) {
                const Owner& x = entry.second;
                const bool idle = x.running == 0 && x.waiting[0].empty() && x.waiting[1].empty() &&
                                  x.waiting[2].empty();
                return idle && within_budget(entry.first, now) &&
                       x.budget_ms >= budget_per_minute_ms_;
            });
        }
        if (stop.stop_requested()) return;
        if (resumed) {
            wake_.notify_one();
            continue;
        }
        try {
            if (job.done) job.done(result);
        } catch (const std::exception& e) {
            std::cerr << "engine: result handler failed: " << e.what() << '\n';
        }
    }
}

}  // namespace reversi::server
