// SPDX-License-Identifier: MIT
// The loop-lag probe counts a task that holds the network thread, at its length.
#include "server/common/loop_lag.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <thread>

#include "prometheus_sample.h"
#include "server/common/metrics.h"

namespace reversi::server {
namespace {

using testing_support::prometheus_sample;

TEST(LoopLagProbe, ATaskThatHoldsTheThreadIsCountedAtItsLength) {
    net::io_context ioc{1};
    Metrics metrics;
    LoopLagProbe probe(ioc, metrics, std::chrono::milliseconds(5));
    probe.start();
    net::steady_timer stall(ioc, std::chrono::milliseconds(12));
    stall.async_wait(
        [](error_code) { std::this_thread::sleep_for(std::chrono::milliseconds(60)); });
    net::steady_timer end(ioc, std::chrono::milliseconds(120));
    end.async_wait([&](error_code) { probe.stop(); });
    ioc.run();
    const std::string page = metrics.text();
    const double all = prometheus_sample(page, "reversi_loop_lag_seconds_count");
    const double under_25ms =
        prometheus_sample(page, "reversi_loop_lag_seconds_bucket{le=\"0.025\"}");
    const double under_100ms =
        prometheus_sample(page, "reversi_loop_lag_seconds_bucket{le=\"0.1\"}");
    // Ticks on the idle loop, and one of them waited behind the 60 ms task, counted once.
    EXPECT_GE(all, 5);
    EXPECT_EQ(all - under_25ms, 1) << page;
    EXPECT_EQ(under_100ms, all);
}

TEST(LoopLagProbe, StopEndsItEvenWhenItsTickHasAlreadyFired) {
    // A busy thread lets both timers expire; the stop's timer, due first, runs first, while
    // the probe's tick has already completed and can no longer be cancelled. The tick must
    // not arm again, or the loop never runs out of work (a shutdown, or this test, would hang).
    net::io_context ioc{1};
    Metrics metrics;
    LoopLagProbe probe(ioc, metrics, std::chrono::milliseconds(5));
    probe.start();
    net::steady_timer end(ioc, std::chrono::milliseconds(2));
    end.async_wait([&](error_code) { probe.stop(); });
    net::post(ioc, [] { std::this_thread::sleep_for(std::chrono::milliseconds(30)); });
    ioc.run_for(std::chrono::seconds(2));
    EXPECT_TRUE(ioc.stopped()) << "the probe kept the loop running after stop()";
}

// Keeps the calling thread on one CPU.
bool pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

TEST(LoopLagProbe, TimeSpentWaitingForACoreIsCountedApart) {
    // The loop's thread and a thread that spins share one CPU. A thread that sleeps gets the
    // CPU back at once when it wakes, so the loop runs a task that computes for 150 ms: two
    // threads that both compute share the CPU, and the loop waits for it about half the time.
    const int cpu = sched_getcpu();
    ASSERT_GE(cpu, 0);
    std::atomic<bool> spin{true};
    double waited = -1, ticks = 0;
    std::thread loop([&] {
        if (!pin_to(cpu)) return;
        std::thread spinner([&] {
            pin_to(cpu);
            while (spin.load()) {
            }
        });
        net::io_context ioc{1};
        Metrics metrics;
        LoopLagProbe probe(ioc, metrics, std::chrono::milliseconds(5));
        probe.start();
        net::steady_timer busy(ioc, std::chrono::milliseconds(10));
        busy.async_wait([](error_code) {
            const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(150);
            while (std::chrono::steady_clock::now() < end) {
            }
        });
        net::steady_timer end(ioc, std::chrono::milliseconds(200));
        end.async_wait([&](error_code) { probe.stop(); });
        ioc.run();
        spin = false;
        spinner.join();
        const std::string page = metrics.text();
        waited = prometheus_sample(page, "reversi_loop_runqueue_seconds_sum");
        ticks = prometheus_sample(page, "reversi_loop_runqueue_seconds_count");
    });
    loop.join();
    ASSERT_GE(waited, 0) << "could not pin the thread";
    EXPECT_GE(ticks, 2);
    // Half of the 150 ms task, give or take the scheduler's slices.
    EXPECT_GT(waited, 0.03);
}

}  // namespace
}  // namespace reversi::server
