// SPDX-License-Identifier: MIT
#include "server/common/loop_lag.h"

#include "server/common/metrics.h"

namespace reversi::server {

LoopLagProbe::LoopLagProbe(net::io_context& ioc, Metrics& metrics, std::chrono::milliseconds period)
    : timer_(ioc), metrics_(metrics), period_(period) {}

void LoopLagProbe::start() {
    due_ = std::chrono::steady_clock::now();
    arm();
}

void LoopLagProbe::stop() {
    timer_.cancel();
}

void LoopLagProbe::arm() {
    // Due a period after it last ran, not after it was last due: one long stall counts once,
    // not again for every period it swallowed.
    due_ += period_;
    timer_.expires_at(due_);
    timer_.async_wait([this](error_code ec) {
        if (ec) return;
        const auto now = std::chrono::steady_clock::now();
        metrics_.loop_lag_seconds.observe(std::chrono::duration<double>(now - due_).count());
        due_ = now;
        arm();
    });
}

}  // namespace reversi::server
