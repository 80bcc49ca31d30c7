// SPDX-License-Identifier: MIT
// The network thread's stalls, measured from inside: a timer due every `period` records how
// late it ran in `Metrics::loop_lag_seconds`. Everything on that thread (every socket, the
// hub, the lobby, the sweeps) runs one task at a time, so a late timer is a task, or a burst
// of tasks, that held the thread that long: the p99 of a move cannot be lower. One probe per
// io_context, started by run_server; it costs one wake-up a period.
//
// A late timer is either work (the thread ran other tasks) or a wait for a core (the thread
// was runnable while other threads and processes held both cores: on a loaded 2-core machine
// it was preempted 400 times a second). The kernel's schedstat for the thread tells them
// apart: each period, how long it waited on a run queue goes to
// `Metrics::loop_runqueue_seconds` (issue 29).
#pragma once

#include <chrono>

#include "server/common/net.h"

namespace reversi::server {

class Metrics;

class LoopLagProbe {
  public:
    static constexpr std::chrono::milliseconds DefaultPeriod{10};

    LoopLagProbe(net::io_context& ioc, Metrics& metrics,
                 std::chrono::milliseconds period = DefaultPeriod);
    ~LoopLagProbe();
    LoopLagProbe(const LoopLagProbe&) = delete;
    LoopLagProbe& operator=(const LoopLagProbe&) = delete;
    // Starts the timer; stop() (or the io_context's end) ends it. Call on the thread that runs
    // the io_context: its schedstat is the one read.
    void start();
    void stop();

  private:
    void arm();
    // The thread's total run-queue wait so far (0 when the kernel does not say).
    std::chrono::nanoseconds runqueue_wait() const;

    net::steady_timer timer_;
    Metrics& metrics_;
    std::chrono::milliseconds period_;
    std::chrono::steady_clock::time_point due_;
    int schedstat_ = -1;  // /proc/thread-self/schedstat of the io_context's thread
    std::chrono::nanoseconds waited_{0};
    // Set by stop(): a tick that had already fired when the timer was cancelled completes
    // without an error, and must not arm again.
    bool stopped_ = false;
};

}  // namespace reversi::server
