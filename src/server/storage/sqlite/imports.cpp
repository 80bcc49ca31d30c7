// SPDX-License-Identifier: MIT
// SQLite back end, imported games (ImportStore, docs/EXPLORER.md "Imported games"), schema
// version 13 (migrations in storage/sqlite/accounts.cpp).
#include <sqlite3.h>

#include <limits>
#include <string>
#include <vector>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

extern const char* const SchemaVersion13;
const char* const SchemaVersion13 = R"(
CREATE TABLE IF NOT EXISTS imported_games (
    id INTEGER PRIMARY KEY,
    player INTEGER NOT NULL,
    pool TEXT NOT NULL,
    moves TEXT NOT NULL,
    winner INTEGER NOT NULL,
    black TEXT NOT NULL,
    white TEXT NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS imported_games_player ON imported_games(player);
)";

using sqlite_detail::OneShotStatement;

void SqliteStorage::add_imported_game(const StoredImportedGame& g) {
    OneShotStatement s{
        prepare("INSERT INTO imported_games(player, pool, moves, winner, black, white, at) "
                "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)")};
    sqlite3_bind_int64(s.st, 1, g.player);
    sqlite_detail::bind_text(s.st, 2, g.pool);
    sqlite_detail::bind_text(s.st, 3, g.moves);
    sqlite3_bind_int(s.st, 4, g.winner);
    sqlite_detail::bind_text(s.st, 5, g.black);
    sqlite_detail::bind_text(s.st, 6, g.white);
    sqlite3_bind_int64(s.st, 7, g.at);
    check(sqlite3_step(s.st), "add imported game");
}

std::vector<StoredImportedGame> SqliteStorage::imported_games() {
    return imported_games_after(0, std::numeric_limits<int>::max());
}

std::vector<StoredImportedGame> SqliteStorage::imported_games_after(int64_t id, int limit) {
    OneShotStatement s{
        prepare("SELECT player, pool, moves, winner, black, white, at, id FROM imported_games "
                "WHERE id > ?1 ORDER BY id LIMIT ?2")};
    sqlite3_bind_int64(s.st, 1, id);
    sqlite3_bind_int(s.st, 2, limit);
    std::vector<StoredImportedGame> out;
    int rc;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(s.st, 0), sqlite_detail::column_text(s.st, 1),
                       sqlite_detail::column_text(s.st, 2), sqlite3_column_int(s.st, 3),
                       sqlite_detail::column_text(s.st, 4), sqlite_detail::column_text(s.st, 5),
                       sqlite3_column_int64(s.st, 6), sqlite3_column_int64(s.st, 7)});
    check(rc, "read imported games");
    return out;
}

}  // namespace reversi::server
