// SPDX-License-Identifier: MIT
// The Prometheus text page of the server's metrics. Names follow Prometheus' conventions:
// reversi_ prefix, _total for counters, _seconds for durations, base units only.
#include "server/common/metrics.h"

#include <algorithm>
#include <cstdio>

namespace reversi::server {

namespace {

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

void family(std::string& out, const std::string& name, const char* type, const std::string& help) {
    out += "# HELP " + name + ' ' + help + '\n';
    out += "# TYPE " + name + ' ' + type + '\n';
}

void counter(std::string& out, const std::string& name, const std::string& help, uint64_t v) {
    family(out, name, "counter", help);
    out += name + ' ' + std::to_string(v) + '\n';
}

void histogram(std::string& out, const std::string& name, const std::string& help,
               const Histogram& h) {
    family(out, name, "histogram", help);
    uint64_t cumulative = 0;
    for (size_t i = 0; i < Histogram::Bounds.size(); ++i) {
        cumulative += h.bucket(i);
        out += name + "_bucket{le=\"" + number(Histogram::Bounds[i]) + "\"} " +
               std::to_string(cumulative) + '\n';
    }
    cumulative += h.bucket(Histogram::Bounds.size());
    out += name + "_bucket{le=\"+Inf\"} " + std::to_string(cumulative) + '\n';
    out += name + "_sum " + number(h.sum()) + '\n';
    out += name + "_count " + std::to_string(cumulative) + '\n';
}

}  // namespace

void Histogram::observe(double seconds) {
    seconds = std::max(0.0, seconds);
    const auto at = std::lower_bound(Bounds.begin(), Bounds.end(), seconds);
    buckets_[static_cast<size_t>(at - Bounds.begin())].fetch_add(1, std::memory_order_relaxed);
    sum_us_.fetch_add(static_cast<uint64_t>(seconds * 1e6), std::memory_order_relaxed);
}

uint64_t Histogram::count() const {
    uint64_t n = 0;
    for (size_t i = 0; i < buckets_.size(); ++i) n += bucket(i);
    return n;
}

void Metrics::error(ErrorCode code) {
    const std::lock_guard lock(errors_mutex_);
    ++errors_[error_name(code)];
}

void Metrics::gauge(std::string name, std::string help, std::function<double()> read) {
    gauges_.push_back({std::move(name), std::move(help), std::move(read)});
}

std::string Metrics::text() const {
    std::string out;
    for (const Gauge& g : gauges_) {
        family(out, g.name, "gauge", g.help);
        out += g.name + ' ' + number(g.read()) + '\n';
    }
    counter(out, "reversi_moves_total", "Moves acknowledged (committed, then broadcast).",
            moves.value());
    counter(out, "reversi_connections_total", "Connections accepted (HTTP and WebSocket).",
            connections.value());
    counter(out, "reversi_storage_writes_total", "Writes committed to the store.",
            storage_writes.value());
    counter(out, "reversi_storage_faults_total",
            "Store transactions that failed and were rolled back.", storage_faults.value());
    histogram(out, "reversi_commit_seconds", "One store transaction, begin to commit.",
              commit_seconds);
    histogram(out, "reversi_write_queue_seconds",
              "A write's wait in the storage queue: queued to its transaction's BEGIN.",
              write_queue_seconds);
    histogram(out, "reversi_begin_seconds",
              "BEGIN of a store transaction: its wait for the write lock (a checkpoint's).",
              begin_seconds);
    histogram(out, "reversi_write_answer_seconds",
              "A write's commit to its completion run on the network thread (a move's "
              "broadcast).",
              write_answer_seconds);
    histogram(out, "reversi_move_seconds",
              "A move's message received to its new state broadcast (the commit included).",
              move_seconds);
    histogram(out, "reversi_engine_wait_seconds",
              "A search's wait in the engine queue before a worker starts it.",
              engine_wait_seconds);
    histogram(out, "reversi_pairing_seconds", "A quick-pairing seeker's wait until paired.",
              pairing_seconds);
    histogram(out, "reversi_checkpoint_seconds",
              "One WAL checkpoint of the SQLite store (off the commit path unless counted in "
              "reversi_commit_checkpoints_total).",
              checkpoint_seconds);
    counter(out, "reversi_commit_checkpoints_total",
            "WAL checkpoints a commit ran itself because the log reached its bound.",
            commit_checkpoints.value());
    counter(out, "reversi_idle_checkpoints_total",
            "Checkpoints the writer ran itself while its queue was empty, letting the WAL start "
            "over.",
            idle_checkpoints.value());
    counter(out, "reversi_begin_busy_waits_total",
            "Waits of the store writer's busy handler: a BEGIN found the write lock held.",
            begin_busy_waits.value());
    histogram(out, "reversi_loop_lag_seconds",
              "How late the network thread ran a timer due every 10 ms: the task in front of it.",
              loop_lag_seconds);
    histogram(out, "reversi_loop_runqueue_seconds",
              "Per 10 ms period of the loop-lag timer, how long the network thread was runnable "
              "but waited for a core (the part of the lag that is not its own work).",
              loop_runqueue_seconds);
    histogram(out, "reversi_sweep_seconds",
              "One periodic sweep over the hub's tables, on the network thread.", sweep_seconds);
    histogram(out, "reversi_answer_seconds",
              "One task of the network thread answering committed store jobs (at most 32: the "
              "moves' broadcasts, the lobby's updates).",
              answer_seconds);
    counter(out, "reversi_review_waited_plies_total",
            "Plies of post-game reviews searched at nice 19 rather than in SCHED_IDLE: the game's "
            "review was asked for, or the idle class left the ply unanswered past its patience.",
            review_waited_plies.value());
    counter(out, "reversi_reviews_deferred_total",
            "Games that ended while the node was above serve --review-max-move-rate: not queued "
            "for their review, which runs when someone asks for it.",
            reviews_deferred.value());
    family(out, "reversi_errors_total", "counter",
           "Requests and messages refused, by error code (docs/PROTOCOL.md).");
    const std::lock_guard lock(errors_mutex_);
    for (const auto& [code, n] : errors_)
        out += "reversi_errors_total{code=\"" + code + "\"} " + std::to_string(n) + '\n';
    return out;
}

}  // namespace reversi::server
