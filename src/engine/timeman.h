// SPDX-License-Identifier: MIT
// When a search must stop: the caller's stop token (and one more a parallel search adds), a
// wall-clock deadline and a node limit.
// Searches poll `SearchControl::poll` every few thousand nodes; once it says stop, it keeps
// saying so, and every unfinished result of that search is discarded by its caller.
#pragma once

#include <chrono>
#include <cstdint>
#include <stop_token>

namespace reversi::engine {

using Clock = std::chrono::steady_clock;

class SearchControl {
  public:
    // No deadline when `seconds` is 0, no node limit when `max_nodes` is 0.
    SearchControl(std::stop_token stop, double seconds, uint64_t max_nodes)
        : stop_(std::move(stop)), start_(Clock::now()), max_nodes_(max_nodes) {
        if (seconds > 0) {
            deadline_ = start_ + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(seconds));
            has_deadline_ = true;
            budget_ = seconds;
        }
    }

    // Also stops when `also` is requested (a helper thread finished the search first).
    void add_stop(std::stop_token also) { also_ = std::move(also); }

    // True once the search must stop; looks at the clock only once every 1024 calls.
    bool poll(uint64_t nodes) {
        if (stopped_) return true;
        if (--countdown_ > 0) return false;
        countdown_ = 1024;
        return check(nodes);
    }
    // The same check, made now.
    bool check(uint64_t nodes) {
        if (stopped_) return true;
        stopped_ = stop_.stop_requested() || also_.stop_requested() ||
                   (max_nodes_ && nodes >= max_nodes_) ||
                   (has_deadline_ && Clock::now() >= deadline_);
        return stopped_;
    }
    bool stopped() const { return stopped_; }
    // Seconds since the search started.
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
    // True when another iteration is unlikely to finish in the time left: iterations grow
    // several-fold, so past half the budget a new one would mostly be thrown away.
    bool should_not_start_iteration() const { return past(0.45); }
    // True once this fraction of the time budget is spent (never without a deadline).
    bool past(double fraction) const { return has_deadline_ && elapsed() > fraction * budget_; }

  private:
    std::stop_token stop_;
    std::stop_token also_;
    Clock::time_point start_;
    Clock::time_point deadline_{};
    bool has_deadline_ = false;
    double budget_ = 0;
    uint64_t max_nodes_ = 0;
    bool stopped_ = false;
    int countdown_ = 1024;
};

}  // namespace reversi::engine
