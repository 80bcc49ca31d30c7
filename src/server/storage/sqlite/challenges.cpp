// SPDX-License-Identifier: MIT
// SQLite back end, open correspondence challenges (ChallengeStore), schema version 20
// (migrations in storage/sqlite/accounts.cpp). A SQLite store has one node: it holds every
// stored challenge. A few writes per challenge, so statements are prepared per call.
#include <sqlite3.h>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

// Version 20: open correspondence challenges, so that a restart does not lose them (issue 48,
// loose end of item 13). Self-contained: the number may change at a merge.
extern const char* const SchemaVersionChallenges;
const char* const SchemaVersionChallenges = R"(
CREATE TABLE IF NOT EXISTS correspondence_challenges (
    id TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    challenge TEXT NOT NULL,
    expires INTEGER NOT NULL
);
)";

using sqlite_detail::OneShotStatement;

void SqliteStorage::save_challenge(const StoredChallenge& c) {
    OneShotStatement s{
        prepare("INSERT OR REPLACE INTO correspondence_challenges(id, node, challenge, expires) "
                "VALUES(?1, ?2, ?3, ?4)")};
    sqlite_detail::bind_text(s.st, 1, c.id);
    sqlite_detail::bind_text(s.st, 2, c.node);
    sqlite_detail::bind_text(s.st, 3, c.challenge);
    sqlite3_bind_int64(s.st, 4, c.expires);
    check(sqlite3_step(s.st), "save challenge");
}

void SqliteStorage::delete_challenge(const std::string& id) {
    OneShotStatement s{prepare("DELETE FROM correspondence_challenges WHERE id = ?1")};
    sqlite_detail::bind_text(s.st, 1, id);
    check(sqlite3_step(s.st), "delete challenge");
}

std::vector<StoredChallenge> SqliteStorage::claim_challenges(const std::string& node) {
    {
        OneShotStatement own{prepare("UPDATE correspondence_challenges SET node = ?1")};
        sqlite_detail::bind_text(own.st, 1, node);
        check(sqlite3_step(own.st), "claim challenges");
    }
    OneShotStatement s{
        prepare("SELECT id, node, challenge, expires FROM correspondence_challenges ORDER BY id")};
    std::vector<StoredChallenge> out;
    int rc;
    while ((rc = sqlite3_step(s.st)) == SQLITE_ROW)
        out.push_back({sqlite_detail::column_text(s.st, 0), sqlite_detail::column_text(s.st, 1),
                       sqlite_detail::column_text(s.st, 2), sqlite3_column_int64(s.st, 3)});
    check(rc, "read challenges");
    return out;
}

}  // namespace reversi::server
