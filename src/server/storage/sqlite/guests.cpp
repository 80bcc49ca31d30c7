// SPDX-License-Identifier: MIT
// SQLite back end, guests that expire (GuestStore). The sweep runs rarely (hourly), so its
// statements are prepared for each sweep rather than kept.
#include <algorithm>
#include <memory>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

using namespace sqlite_detail;

std::vector<int64_t> SqliteStorage::expire_guests(int64_t idle_before, int limit,
                                                  const std::vector<int64_t>& keep) {
    const auto statement = [this](const char* sql) {
        return std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)>(prepare(sql),
                                                                     sqlite3_finalize);
    };
    const auto idle = statement(
        "SELECT id FROM players p WHERE password_hash = '' AND created < ?1 "
        "AND NOT EXISTS (SELECT 1 FROM table_players t WHERE t.player = p.id) "
        "AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.player = p.id AND s.last_seen >= ?1) "
        "ORDER BY id LIMIT ?2");
    sqlite3_bind_int64(idle.get(), 1, idle_before);
    // The kept ones may be among the first rows: read past them, up to `limit` others.
    sqlite3_bind_int64(idle.get(), 2, static_cast<int64_t>(limit) + keep.size());
    std::vector<int64_t> ids;
    int rc = SQLITE_DONE;
    while (static_cast<int>(ids.size()) < limit && (rc = sqlite3_step(idle.get())) == SQLITE_ROW) {
        const int64_t id = sqlite3_column_int64(idle.get(), 0);
        if (std::find(keep.begin(), keep.end(), id) == keep.end()) ids.push_back(id);
    }
    if (static_cast<int>(ids.size()) < limit) check(rc, "read idle guests");
    const auto sessions = statement("DELETE FROM sessions WHERE player = ?1");
    const auto players = statement("DELETE FROM players WHERE id = ?1 AND password_hash = ''");
    for (const int64_t id : ids) {
        for (sqlite3_stmt* st : {sessions.get(), players.get()}) {
            ResetAfter r{st};
            sqlite3_bind_int64(st, 1, id);
            check(sqlite3_step(st), "delete an idle guest");
        }
    }
    return ids;
}

}  // namespace reversi::server
