// SPDX-License-Identifier: MIT
// The network thread's stalls, measured from inside: a timer due every `period` records how
// late it ran in `Metrics::loop_lag_seconds`. Everything on that thread (every socket, the
// hub, the lobby, the sweeps) runs one task at a time, so a late timer is a task, or a burst
// of tasks, that held the thread that long: the p99 of a move cannot be lower. One probe per
// io_context, started by run_server; it costs one wake-up a period.
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
    // Starts the timer; stop() (or the io_context's end) ends it.
    void start();
    void stop();

  private:
    void arm();

    net::steady_timer timer_;
    Metrics& metrics_;
    std::chrono::milliseconds period_;
    std::chrono::steady_clock::time_point due_;
};

}  // namespace reversi::server
