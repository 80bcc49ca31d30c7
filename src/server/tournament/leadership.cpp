// SPDX-License-Identifier: MIT
// The tournament leadership (leadership.h): the network thread decides when, the storage
// thread asks the database, and the answer comes back as a posted completion.
#include "server/tournament/leadership.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <optional>

#include "server/common/protocol.h"

namespace reversi::server {

TournamentLeadership::TournamentLeadership(net::io_context& ioc, StorageQueue& queue,
                                           TournamentLeases& leases, int64_t ttl_ms)
    : queue_(queue), leases_(leases), ttl_ms_(ttl_ms), timer_(ioc) {}

int64_t TournamentLeadership::steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void TournamentLeadership::start(Changed changed) {
    changed_ = std::move(changed);
    try_now();
    arm();
}

void TournamentLeadership::arm() {
    timer_.expires_after(std::chrono::milliseconds(std::max<int64_t>(ttl_ms_ / 3, 1)));
    timer_.async_wait([this](error_code ec) {
        if (ec || !*alive_) return;
        try_now();
        arm();
    });
}

void TournamentLeadership::try_now() {
    if (trying_) return;  // the last round is still in the queue
    trying_ = true;
    struct Outcome {
        std::optional<TournamentLead> lead;  // nothing: the database did not answer
        int64_t started = 0;
    };
    auto outcome = std::make_shared<Outcome>();
    // Ahead of the queue, as the table leases' renewal (docs/MULTINODE.md): behind a busy
    // node's backlog the lease would expire and another node take the lead meanwhile.
    queue_.urgent(
        [leases = &leases_, outcome, ttl = ttl_ms_](Storage&) {
            outcome->started = steady_ms();
            try {
                outcome->lead = leases->lead_tournaments(ttl);
            } catch (const std::exception& e) {
                std::cerr << "tournaments: the lease was not renewed: " << utf8_safe(e.what())
                          << '\n';
            }
        },
        [this, outcome, alive = alive_] {
            if (!*alive) return;
            trying_ = false;
            const bool was = leading_;
            const int64_t fence = fence_;
            if (outcome->lead) {
                leading_ = outcome->lead->fence.has_value();
                leader_ = outcome->lead->leader;
                if (leading_) {
                    kept_at_ = outcome->started;
                    fence_ = *outcome->lead->fence;
                }
            } else if (leading_ && outcome->started - kept_at_ >= ttl_ms_) {
                // Unrenewed for a ttl: another node may lead by now.
                leading_ = false;
                leader_.clear();
            }
            if (!changed_) return;
            // Led again under a higher fence (another node led meanwhile): what this node
            // holds is stale, so it stops and starts again from the store.
            if (was && leading_ && fence != fence_) changed_(false);
            if (was != leading_ || fence != fence_) changed_(leading_);
        });
}

void TournamentLeadership::finished_games(
    std::vector<std::string> tables,
    std::function<void(std::vector<std::pair<std::string, std::string>>)> then) {
    auto found = std::make_shared<std::vector<std::pair<std::string, std::string>>>();
    queue_.read(
        [leases = &leases_, found, tables = std::move(tables)](Storage&) {
            try {
                *found = leases->finished_results(tables);
            } catch (const std::exception& e) {
                std::cerr << "tournaments: finished games not read: " << utf8_safe(e.what())
                          << '\n';
            }
        },
        [found, then = std::move(then), alive = alive_] {
            if (*alive) then(std::move(*found));
        });
}

void TournamentLeadership::hand_over() {
    *alive_ = false;
    timer_.cancel();
    if (!leading_) return;
    leading_ = false;
    queue_.read(
        [leases = &leases_](Storage&) {
            try {
                leases->step_down_tournaments();
            } catch (const std::exception& e) {
                // It expires by itself within a ttl, as a dead leader's does.
                std::cerr << "tournaments: the lease was not handed over: " << utf8_safe(e.what())
                          << '\n';
            }
        },
        {});
}

}  // namespace reversi::server
