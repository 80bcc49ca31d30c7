// SPDX-License-Identifier: MIT
// PostgreSQL back end, tournament part (TournamentStore): one JSON text per tournament,
// written under the tournament lease once several nodes share the database.
#include <stdexcept>
#include <string>
#include <vector>

#include "server/storage/postgres/storage.h"

namespace reversi::server {

void PostgresStorage::save_tournament(const StoredTournament& t) {
    std::vector<pg::Param> params = {pg::text(t.id), std::to_string(t.created), pg::text(t.status),
                                     pg::text(t.doc)};
    if (node_.empty()) {  // one node: nothing to fence
        connection_->exec(
            "INSERT INTO tournaments(id, created, status, doc) VALUES($1, $2, $3, $4) "
            "ON CONFLICT(id) DO UPDATE SET status = $3, doc = $4",
            params);
        return;
    }
    // Several nodes: only the leader writes, under the fence it leads with (tournament_lease.cpp).
    if (!tournament_fence_)
        throw std::runtime_error("postgresql: this node does not lead the tournaments");
    params.push_back(pg::text(node_));
    params.push_back(std::to_string(*tournament_fence_));
    const pg::Result held = connection_->exec(
        "WITH lease AS (SELECT fence FROM tournament_lease WHERE id = 1 AND owner = $5 AND "
        "fence = $6::bigint AND expires > now() FOR SHARE), written AS ("
        "INSERT INTO tournaments(id, created, status, doc) SELECT $1, $2::bigint, $3, $4 FROM "
        "lease "
        "ON CONFLICT(id) DO UPDATE SET status = EXCLUDED.status, doc = EXCLUDED.doc RETURNING 1) "
        "SELECT COUNT(*) FROM lease",
        params);
    if (held.integer(0, 0) != 1)
        throw std::runtime_error(
            "postgresql: the tournament lease is lost (another node leads); nothing written");
}

std::vector<StoredTournament> PostgresStorage::tournaments(int finished) {
    const pg::Result rows = connection_->exec(
        "(SELECT id, created, status, doc FROM tournaments WHERE status <> 'finished') "
        "UNION ALL (SELECT id, created, status, doc FROM tournaments WHERE status = "
        "'finished' ORDER BY created DESC LIMIT $1)",
        {std::to_string(finished)});
    std::vector<StoredTournament> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.text(r, 0), rows.integer(r, 1), rows.text(r, 2), rows.text(r, 3)});
    return out;
}

}  // namespace reversi::server
