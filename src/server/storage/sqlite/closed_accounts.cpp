// SPDX-License-Identifier: MIT
// SQLite back end, the rows a deleted account leaves (ClosedAccountStore): its tables' specs
// found through table_players, and its chat lines.
#include <sqlite3.h>

#include <string>
#include <vector>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

using sqlite_detail::bind_text;
using sqlite_detail::column_text;
using sqlite_detail::OneShotStatement;

std::vector<StoredSpec> SqliteStorage::table_specs_of(int64_t player) {
    OneShotStatement st{
        prepare("SELECT id, spec FROM tables WHERE id IN "
                "(SELECT table_id FROM table_players WHERE player = ?1)")};
    sqlite3_bind_int64(st.st, 1, player);
    std::vector<StoredSpec> out;
    int rc;
    while ((rc = sqlite3_step(st.st)) == SQLITE_ROW)
        out.push_back({column_text(st.st, 0), column_text(st.st, 1)});
    check(rc, "read a player's tables");
    return out;
}

void SqliteStorage::set_table_spec(const std::string& table, const std::string& spec) {
    OneShotStatement st{prepare("UPDATE tables SET spec = ?2 WHERE id = ?1")};
    bind_text(st.st, 1, table);
    bind_text(st.st, 2, spec);
    check(sqlite3_step(st.st), "rewrite a table's spec");
}

void SqliteStorage::delete_chat_from(const std::string& sender) {
    OneShotStatement st{prepare("DELETE FROM chat WHERE sender = ?1")};
    bind_text(st.st, 1, sender);
    check(sqlite3_step(st.st), "delete a player's chat");
}

}  // namespace reversi::server
