// SPDX-License-Identifier: MIT
// Worker threads that run engine searches for computer seats, hints and analyses, so the
// network thread never searches. Each worker owns one engine::Engine. The engine's time is
// shared fairly between its owners (a player's address, or whoever the caller names): each
// owner has a budget of engine seconds per minute, and a free worker takes, in this order, a
// computer move or a hint (a person waits for either: one rank), then an analysis, of an owner
// within its budget, then the same of owners past it; among equals the owner running fewest
// searches, then the next owner in turn (round robin, not first come first served; an owner's
// own moves before its hints). A waiting search makes a running one yield when it ranks above
// it (an analysis, or an owner past its budget), or ranks the same while the running one has
// had its slice (half a second; a tenth for a hint) and its owner holds more workers than the
// waiting one's: a hint or a move answers with its
// best so far (a level is a target, not a licence to hold a thread), an analysis goes back to
// the head of its queue.
// A computer move may search with several threads (set_move_threads): it takes the extra ones
// only from workers that are idle with nothing waiting for them, and its owner's budget is
// charged for every thread it holds, so the fair queue counts engine threads, not searches.
// The queue is bounded (moves and hints together, analyses apart); a watchdog stops any search
// past its hard deadline through the std::stop_token the engine already honours. Each result
// goes to the job's callback on the worker thread (callers post it back).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine.h"
#include "server/common/metrics.h"

namespace reversi::server {

class EnginePool {
  public:
    using Done = std::function<void(const engine::SearchResult&)>;
    enum class Priority { Move, Hint, Analysis };
    // How the workers are scheduled (Linux keeps both per thread): at the process's own
    // priority; at nice 19; or in SCHED_IDLE, which runs only on a core nothing else wants and
    // yields it at once when the network thread wakes (weight 3 against nice 19's 15).
    enum class WorkerClass { Normal, Lowest, Idle };
    // Starts `threads` workers (at least one); at most `queue_limit` jobs wait, no search runs
    // longer than `max_seconds`, and each owner may spend `owner_seconds_per_minute` of engine
    // time a minute before its searches give way to everyone else's.
    explicit EnginePool(int threads, int queue_limit = 256, double max_seconds = 10.0,
                        double owner_seconds_per_minute = 30.0);
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // Queues a search of `position` for `owner` (empty: one shared owner); `variant` keeps the
    // position's variant alive meanwhile. False (and `done` is never called) when the queue
    // is full (moves and hints share `queue_limit`; analysis jobs have a bound of their own
    // of the same size).
    bool submit(std::shared_ptr<const core::Variant> variant, const core::Position& position,
                const engine::SearchLimits& limits, Done done, Priority priority = Priority::Move,
                const std::string& owner = {});
    // Jobs waiting (not running).
    size_t queued() const;
    // Where each job's wait in the queue is counted (set before the first submit).
    void set_metrics(Metrics* metrics) { metrics_ = metrics; }
    // Search threads a computer move may use (`serve --move-threads`, at least 1; set before
    // the first submit).
    void set_move_threads(int threads) { move_threads_ = std::max(1, threads); }
    // The threads a computer move starting now gets: `wanted` at most, one plus the workers
    // that are idle and not needed by the `waiting` searches.
    static int move_threads_now(int wanted, int idle_workers, size_t waiting);
    // Runs every later search in `worker_class`, for work nobody waits on, so that it takes
    // a core from the network thread only when that is idle. A thread may always lower itself;
    // raising it again would need a privilege, so a pool only goes down.
    void set_worker_class(WorkerClass worker_class) { worker_class_ = worker_class; }
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
    // An owner's waiting jobs per class, its budget (engine milliseconds it may still spend,
    // refilled continuously up to one minute's worth) and its searches running now.
    struct Owner {
        std::array<std::deque<Job>, 3> waiting;
        double budget_ms = 0;
        Clock::time_point refilled;
        int running = 0;
        uint64_t turn = 0;  // when it was last served: the longest unserved goes first
    };
    // What a worker is searching now, for the watchdog and for yielding.
    struct Running {
        std::optional<Clock::time_point> deadline;
        std::stop_source stop;
        std::string owner;
        Priority priority = Priority::Move;
        Clock::time_point started;
        bool busy = false;
        bool yielded = false;  // stopped to make room for a search that ranks higher
        int threads = 1;       // search threads it holds (its owner is charged for each)
    };
    // The rank of a search of `priority` by `owner`: lower runs first.
    int rank(Priority priority, const std::string& owner, Clock::time_point now);
    bool within_budget(const std::string& owner, Clock::time_point now);
    // The owner and class of the best waiting search, if any (mutex held).
    std::optional<std::pair<std::string, Priority>> best_waiting(Clock::time_point now);
    // Stops the running search that ranks lowest when a waiting one ranks above it and may
    // displace it (mutex held).
    void make_room(Clock::time_point now);
    void work(size_t index, std::stop_token stop);
    void watch(std::stop_token stop);

    const size_t queue_limit_;
    const std::chrono::milliseconds max_time_;
    const double budget_per_minute_ms_;
    mutable std::mutex mutex_;
    std::condition_variable_any wake_;
    std::map<std::string, Owner> owners_;  // owners with waiting or running searches
    std::array<size_t, 3> waiting_ = {0, 0, 0};
    uint64_t turns_ = 0;
    std::vector<Running> running_;
    std::vector<std::jthread> workers_;
    std::jthread watchdog_;
    Metrics* metrics_ = nullptr;
    std::atomic<WorkerClass> worker_class_{WorkerClass::Normal};
    int move_threads_ = 1;
};

}  // namespace reversi::server
