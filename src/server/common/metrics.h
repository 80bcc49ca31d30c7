// SPDX-License-Identifier: MIT
// The server's metrics, served in the Prometheus text format (docs/OPERATIONS.md): counters
// and latency histograms that any thread bumps with one atomic add, errors counted by code,
// and gauges read when the page is made. One `Metrics` per server, owned by run_server and
// handed to each part by pointer; a part without one (tests) counts nothing.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "server/common/protocol.h"

namespace reversi::server {

// A count that only goes up.
class Counter {
  public:
    void add(uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
    uint64_t value() const { return value_.load(std::memory_order_relaxed); }

  private:
    std::atomic<uint64_t> value_{0};
};

// Durations in seconds, counted in fixed buckets from 0.5 ms to 10 s (cumulative when shown);
// finer around 20 ms, the goal of a move's p99 (issue 29).
class Histogram {
  public:
    static constexpr std::array<double, 17> Bounds{0.0005, 0.001, 0.0025, 0.005, 0.0075, 0.01,
                                                   0.015,  0.02,  0.025,  0.05,  0.1,    0.25,
                                                   0.5,    1,     2.5,    5,     10};
    void observe(double seconds);
    void observe_since(std::chrono::steady_clock::time_point start) {
        observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    // Observations in bucket i (not cumulative; the last bucket is +Inf), their count and sum.
    uint64_t bucket(size_t i) const { return buckets_[i].load(std::memory_order_relaxed); }
    uint64_t count() const;
    double sum() const {
        return static_cast<double>(sum_us_.load(std::memory_order_relaxed)) / 1e6;
    }

  private:
    std::array<std::atomic<uint64_t>, Bounds.size() + 1> buckets_{};
    std::atomic<uint64_t> sum_us_{0};
};

// Every metric of one server. Counters and histograms are public members, bumped in place by
// the part that sees the event; gauges are functions registered at wiring time and read on
// the thread that makes the page (the network thread, which owns what they read).
class Metrics {
  public:
    Counter moves;             // moves acknowledged (committed and broadcast)
    Counter connections;       // connections accepted
    Counter storage_writes;    // writes committed
    Counter storage_faults;    // transactions that failed (rolled back)
    Histogram commit_seconds;  // one storage transaction, begin to commit
    // A write's stages (issue 29): queued to its transaction's BEGIN, BEGIN's wait for the
    // write lock, and its commit to its completion run on the network thread (the broadcast).
    Histogram write_queue_seconds;
    Histogram begin_seconds;
    Histogram write_answer_seconds;
    Histogram move_seconds;           // a move's message received to its state broadcast
    Histogram engine_wait_seconds;    // a search queued to a worker starting it
    Histogram pairing_seconds;        // a quick-pairing seeker's wait until paired
    Histogram checkpoint_seconds;     // one WAL checkpoint (SQLite), on whichever thread ran it
    Counter commit_checkpoints;       // checkpoints a commit had to run itself (the WAL's bound)
    Counter idle_checkpoints;         // checkpoints the writer ran with its queue empty
    Counter begin_busy_waits;         // the writer's busy handler's waits (a BEGIN found it locked)
    Histogram loop_lag_seconds;       // how late the network thread ran a timer: its longest task
    Histogram loop_runqueue_seconds;  // per loop-lag period, the network thread's wait for a core
    Histogram sweep_seconds;          // one periodic sweep over the hub's tables, on that thread
    Histogram answer_seconds;         // one task of that thread answering committed store jobs
    Counter review_waited_plies;      // review plies searched at nice 19, not in SCHED_IDLE
    Counter reviews_deferred;         // ended games not queued for review: the node was busy

    // Counts a move acknowledged and its latency since it was `received`.
    void move_acknowledged(std::chrono::steady_clock::time_point received) {
        moves.add();
        move_seconds.observe_since(received);
    }
    // Counts one refused request or message by its code (HTTP and WebSocket alike).
    void error(ErrorCode code);
    // Adds a gauge: `read` is called each time the page is made.
    void gauge(std::string name, std::string help, std::function<double()> read);
    // The whole page in the Prometheus text exposition format (version 0.0.4).
    std::string text() const;

  private:
    struct Gauge {
        std::string name, help;
        std::function<double()> read;
    };
    std::vector<Gauge> gauges_;
    mutable std::mutex errors_mutex_;
    std::map<std::string, uint64_t> errors_;
};

// `if (metrics) metrics->error(code)`, the form the hooks use.
inline void count_error(Metrics* metrics, ErrorCode code) {
    if (metrics) metrics->error(code);
}

}  // namespace reversi::server
