// SPDX-License-Identifier: MIT
// PostgreSQL back end, imported games (ImportStore, docs/EXPLORER.md "Imported games"), schema
// version 13 (schema.cpp).
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
    const pg::Result rows = connection_->exec(
        "SELECT player, pool, moves, winner, black, white, at FROM imported_games ORDER BY id");
    std::vector<StoredImportedGame> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), rows.text(r, 1), rows.text(r, 2),
                       static_cast<int>(rows.integer(r, 3)), rows.text(r, 4), rows.text(r, 5),
                       rows.integer(r, 6)});
    return out;
}

}  // namespace reversi::server
