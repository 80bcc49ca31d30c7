// SPDX-License-Identifier: MIT
// PostgreSQL back end, imported games (ImportStore, docs/EXPLORER.md "Imported games"), schema
// version 13 (schema.cpp).
#include <limits>
#include <string>
#include <vector>

#include "server/storage/postgres/storage.h"
#include "server/storage/postgres/values.h"

namespace reversi::server {

void PostgresStorage::add_imported_game(const StoredImportedGame& g) {
    using namespace pg_values;
    connection_->exec(
        "INSERT INTO imported_games(player, pool, moves, winner, black, white, at) "
        "VALUES($1, $2, $3, $4, $5, $6, $7)",
        {number(g.player), pg::text(g.pool), pg::text(g.moves), number(g.winner), pg::text(g.black),
         pg::text(g.white), number(g.at)});
}

std::vector<StoredImportedGame> PostgresStorage::imported_games() {
    return imported_games_after(0, std::numeric_limits<int>::max());
}

std::vector<StoredImportedGame> PostgresStorage::imported_games_after(int64_t id, int limit) {
    using namespace pg_values;
    const pg::Result rows = connection_->exec(
        "SELECT player, pool, moves, winner, black, white, at, id FROM imported_games "
        "WHERE id > $1 ORDER BY id LIMIT $2",
        {number(id), number(limit)});
    std::vector<StoredImportedGame> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), rows.text(r, 1), rows.text(r, 2),
                       static_cast<int>(rows.integer(r, 3)), rows.text(r, 4), rows.text(r, 5),
                       rows.integer(r, 6), rows.integer(r, 7)});
    return out;
}

}  // namespace reversi::server
