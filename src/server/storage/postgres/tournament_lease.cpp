// SPDX-License-Identifier: MIT
// PostgreSQL back end: the tournament lease and the leader's fenced tournament writes
// (docs/MULTINODE.md "Tournaments across nodes"). One row, taken and fenced as a table's lease
// is (lease.cpp): times are the database's, a new owner's fence is one higher, and a write
// locks the row FOR SHARE while it checks it, so a takeover waits for the write to commit.
#include <stdexcept>

#include "server/storage/postgres/storage.h"
#include "server/storage/postgres/values.h"

namespace reversi::server {

TournamentLead PostgresStorage::lead_tournaments(int64_t ttl_ms) {
    if (node_.empty()) throw std::logic_error("lead_tournaments before set_node");
    if (ttl_ms <= 0) throw std::invalid_argument("a lease needs a positive duration");
    reconnect_if_broken();
    TournamentLead out;
    try {
        const pg::Result taken = connection_->exec(
            "INSERT INTO tournament_lease(id, owner, fence, expires) "
            "VALUES(1, $1, 1, now() + $2::bigint * interval '1 millisecond') "
            "ON CONFLICT(id) DO UPDATE SET fence = CASE WHEN tournament_lease.owner = "
            "EXCLUDED.owner THEN tournament_lease.fence ELSE tournament_lease.fence + 1 END, "
            "owner = EXCLUDED.owner, expires = EXCLUDED.expires "
            "WHERE tournament_lease.owner = EXCLUDED.owner OR tournament_lease.expires <= now() "
            "RETURNING fence",
            {pg::text(node_), std::to_string(ttl_ms)});
        if (taken.rows() == 1) {
            out.fence = taken.integer(0, 0);
            tournament_fence_ = out.fence;
            return out;
        }
    } catch (...) {
        tournament_fence_.reset();  // not known to be ours: nothing is written under it
        throw;
    }
    tournament_fence_.reset();
    const pg::Result leader = connection_->exec(
        "SELECT n.address FROM tournament_lease l JOIN nodes n ON n.name = l.owner "
        "WHERE l.expires > now() AND n.expires > now()");
    if (leader.rows() == 1) out.leader = leader.text(0, 0);
    return out;
}

void PostgresStorage::step_down_tournaments() {
    if (!tournament_fence_) return;
    const int64_t fence = *tournament_fence_;
    tournament_fence_.reset();
    reconnect_if_broken();
    connection_->exec(
        "UPDATE tournament_lease SET expires = now() "
        "WHERE owner = $1 AND fence = $2::bigint AND expires > now()",
        {pg::text(node_), std::to_string(fence)});
}

std::vector<std::pair<std::string, std::string>> PostgresStorage::finished_results(
    const std::vector<std::string>& tables) {
    if (tables.empty()) return {};
    reconnect_if_broken();
    const pg::Result rows = connection_->exec(
        "SELECT id, result FROM tables WHERE id = ANY($1::text[]) AND status = 'finished'",
        {pg_values::text_array(tables)});
    std::vector<std::pair<std::string, std::string>> out;
    for (int r = 0; r < rows.rows(); ++r) out.emplace_back(rows.text(r, 0), rows.text(r, 1));
    return out;
}

}  // namespace reversi::server
