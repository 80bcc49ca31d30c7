// SPDX-License-Identifier: MIT
// The tournament side of a store shared by several server nodes (docs/MULTINODE.md
// "Tournaments across nodes"): one node at a time, the leader, runs every tournament; it holds
// the tournament lease (owner, fence, expiry, as a table's lease) and renews it, and its
// tournament writes are fenced by it. PostgreSQL implements it (storage/postgres/
// tournament_lease.cpp); a SQLite store has one node, which always leads. Every method runs
// on the storage thread and throws std::runtime_error when the database cannot be reached.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace reversi::server {

// What one attempt to lead found.
struct TournamentLead {
    std::optional<int64_t> fence;  // this node leads, under this fence
    std::string leader;            // otherwise: the live leader's public address (empty: none)
};

class TournamentLeases {
  public:
    virtual ~TournamentLeases() = default;
    // Takes the tournament lease for `ttl_ms` when it is free, expired or already this
    // node's (then extended, same fence); a new owner's fence is one higher. From here on,
    // tournament writes of this node are fenced by it (none while another node leads).
    // Needs the node's name (TableLeases::set_node) first.
    virtual TournamentLead lead_tournaments(int64_t ttl_ms) = 0;
    // At a clean stop: ends this node's tournament lease now, so another node leads at once.
    virtual void step_down_tournaments() = 0;
    // The finished tables among `tables`, each with its stored result (JSON text): how the
    // leader hears of tournament games that ended on other nodes.
    virtual std::vector<std::pair<std::string, std::string>> finished_results(
        const std::vector<std::string>& tables) = 0;
};

}  // namespace reversi::server
