// SPDX-License-Identifier: MIT
#include "server/common/loop_lag.h"

#include <fcntl.h>
#include <unistd.h>

#include <charconv>

#include "server/common/metrics.h"

namespace reversi::server {

LoopLagProbe::LoopLagProbe(net::io_context& ioc, Metrics& metrics, std::chrono::milliseconds period)
    : timer_(ioc), metrics_(metrics), period_(period) {}

LoopLagProbe::~LoopLagProbe() {
    if (schedstat_ >= 0) ::close(schedstat_);
}

void LoopLagProbe::start() {
    if (schedstat_ < 0) schedstat_ = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    waited_ = runqueue_wait();
    stopped_ = false;
    due_ = std::chrono::steady_clock::now();
    arm();
}

std::chrono::nanoseconds LoopLagProbe::runqueue_wait() const {
    // "run time, run-queue wait, time slices", in nanoseconds.
    char text[96];
    const ssize_t n = schedstat_ < 0 ? -1 : ::pread(schedstat_, text, sizeof text - 1, 0);
    if (n <= 0) return std::chrono::nanoseconds(0);
    const char* const end = text + n;
    const char* p = text;
    while (p < end && *p != ' ') ++p;
    long long wait = 0;
    std::from_chars(p < end ? p + 1 : end, end, wait);
    return std::chrono::nanoseconds(wait);
}

void LoopLagProbe::stop() {
    stopped_ = true;
    timer_.cancel();
}

void LoopLagProbe::arm() {
    // Due a period after it last ran, not after it was last due: one long stall counts once,
    // not again for every period it swallowed.
    due_ += period_;
    timer_.expires_at(due_);
    timer_.async_wait([this](error_code ec) {
        if (ec || stopped_) return;
        const auto now = std::chrono::steady_clock::now();
        metrics_.loop_lag_seconds.observe(std::chrono::duration<double>(now - due_).count());
        if (schedstat_ >= 0) {
            const auto waited = runqueue_wait();
            metrics_.loop_runqueue_seconds.observe(
                std::chrono::duration<double>(waited - waited_).count());
            waited_ = waited;
        }
        due_ = now;
        arm();
    });
}

}  // namespace reversi::server
