// SPDX-License-Identifier: MIT
// SQLite back end, tournament part: one JSON document per tournament (schema version 10).
#include <sqlite3.h>

#include <memory>
#include <string>
#include <vector>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

extern const char* const SchemaVersion10;
const char* const SchemaVersion10 = R"(
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    status TEXT NOT NULL,
    doc TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments(status, created);
)";

namespace {

using namespace sqlite_detail;

// A statement prepared for one call (tournaments change seldom: once per game).
using Statement = std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)>;

}  // namespace

void SqliteStorage::save_tournament(const StoredTournament& t) {
    Statement st(prepare("INSERT OR REPLACE INTO tournaments(id, created, status, doc) "
                         "VALUES(?1, ?2, ?3, ?4)"),
                 sqlite3_finalize);
    bind_text(st.get(), 1, t.id);
    sqlite3_bind_int64(st.get(), 2, t.created);
    bind_text(st.get(), 3, t.status);
    bind_text(st.get(), 4, t.doc);
    check(sqlite3_step(st.get()), "save tournament");
}

std::vector<StoredTournament> SqliteStorage::tournaments(int finished) {
    Statement st(prepare("SELECT id, created, status, doc FROM tournaments WHERE status != "
                         "'finished' UNION ALL SELECT * FROM (SELECT id, created, status, doc "
                         "FROM tournaments WHERE status = 'finished' ORDER BY created DESC "
                         "LIMIT ?1)"),
                 sqlite3_finalize);
    sqlite3_bind_int(st.get(), 1, finished);
    std::vector<StoredTournament> out;
    int rc;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW)
        out.push_back({column_text(st.get(), 0), sqlite3_column_int64(st.get(), 1),
                       column_text(st.get(), 2), column_text(st.get(), 3)});
    check(rc, "read tournaments");
    return out;
}

}  // namespace reversi::server
