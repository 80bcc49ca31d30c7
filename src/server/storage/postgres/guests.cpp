// SPDX-License-Identifier: MIT
// PostgreSQL back end, guests that expire (GuestStore): one statement deletes them (and, by
// the CTE before it, their sessions) and returns their ids, so two nodes sweeping at once
// delete each guest once.
#include <string>

#include "server/storage/postgres/storage.h"

namespace reversi::server {

std::vector<int64_t> PostgresStorage::expire_guests(int64_t idle_before, int limit,
                                                    const std::vector<int64_t>& keep) {
    std::string kept = "{";
    for (size_t i = 0; i < keep.size(); ++i) kept += (i ? "," : "") + std::to_string(keep[i]);
    kept += "}";
    const pg::Result rows = connection_->exec(
        "WITH idle AS (SELECT id FROM players p WHERE password_hash = '' AND created < $1 "
        "AND NOT (id = ANY($3::BIGINT[])) "
        "AND NOT EXISTS (SELECT 1 FROM table_players t WHERE t.player = p.id) "
        "AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.player = p.id AND s.last_seen >= $1) "
        "ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED), "
        "gone AS (DELETE FROM sessions WHERE player IN (SELECT id FROM idle)) "
        "DELETE FROM players WHERE id IN (SELECT id FROM idle) RETURNING id",
        {pg::text(std::to_string(idle_before)), pg::text(std::to_string(limit)), pg::text(kept)});
    std::vector<int64_t> ids;
    for (int r = 0; r < rows.rows(); ++r) ids.push_back(rows.integer(r, 0));
    return ids;
}

}  // namespace reversi::server
