// SPDX-License-Identifier: MIT
// Which node runs the tournaments, when several nodes share one PostgreSQL database
// (docs/MULTINODE.md "Tournaments across nodes"). One node at a time leads: it holds the
// tournament lease and renews it every ttl/3; every other node tries to take it at the same
// pace, so when the leader dies another one leads within a ttl (and restores the tournaments
// from the store). Its timer runs on the network thread; the lease statements on the storage
// thread, as StorageQueue jobs.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "server/common/net.h"
#include "server/storage/storage.h"
#include "server/storage/tournament_leases.h"

namespace reversi::server {

class TournamentLeadership {
  public:
    // Called when this node starts or stops leading (a later start has a higher fence).
    using Changed = std::function<void(bool leading)>;

    TournamentLeadership(net::io_context& ioc, StorageQueue& queue, TournamentLeases& leases,
                         int64_t ttl_ms);
    TournamentLeadership(const TournamentLeadership&) = delete;
    TournamentLeadership& operator=(const TournamentLeadership&) = delete;

    // Arms the timer and tries to lead at once. Call after the node is named in the store
    // (TableOwnership::start).
    void start(Changed changed);
    bool leading() const { return leading_; }
    // The live leader's public address while another node leads (empty: none known now).
    const std::string& leader() const { return leader_; }
    // At a clean stop: stops the timer and queues, behind the writes already queued, the end
    // of this node's lease, so another node leads at its next try rather than after a ttl.
    void hand_over();
    // One round of the timer's work (the timer calls it; tests too).
    void try_now();
    // The finished tables among `tables` with their stored results (JSON text), read on the
    // storage thread and handed to `then` on this one: the leader hears so of the games that
    // ended on other nodes. `then` gets nothing when the store could not be read.
    void finished_games(std::vector<std::string> tables,
                        std::function<void(std::vector<std::pair<std::string, std::string>>)> then);

  private:
    void arm();
    static int64_t steady_ms();

    StorageQueue& queue_;
    TournamentLeases& leases_;
    int64_t ttl_ms_;
    Changed changed_;
    net::steady_timer timer_;
    bool leading_ = false;
    int64_t fence_ = 0;    // the fence this node leads under
    bool trying_ = false;  // a round is in the queue
    std::string leader_;
    // Steady ms at the start of the last round that kept the lease: once a ttl has passed
    // since, another node may lead, so this one stops.
    int64_t kept_at_ = 0;
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace reversi::server
