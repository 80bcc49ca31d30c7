// SPDX-License-Identifier: MIT
// PostgreSQL back end, tournament part (TournamentStore): one JSON text per tournament.
#include <string>
#include <vector>

#include "server/storage/postgres/storage.h"

namespace reversi::server {

void PostgresStorage::save_tournament(const StoredTournament& t) {
    connection_->exec(
        "INSERT INTO tournaments(id, created, status, doc) VALUES($1, $2, $3, $4) "
        "ON CONFLICT(id) DO UPDATE SET status = $3, doc = $4",
        {pg::text(t.id), std::to_string(t.created), pg::text(t.status), pg::text(t.doc)});
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
