// SPDX-License-Identifier: MIT
// PostgreSQL back end, the rows a deleted account leaves (ClosedAccountStore): its tables'
// specs found through table_players, and its chat lines. The spec is rewritten without the
// table's fence: a name changes, no move or state does.
#include <string>
#include <vector>

#include "server/storage/postgres/storage.h"

namespace reversi::server {

std::vector<StoredSpec> PostgresStorage::table_specs_of(int64_t player) {
    const pg::Result rows = connection_->exec(
        "SELECT id, spec FROM tables WHERE id IN "
        "(SELECT table_id FROM table_players WHERE player = $1)",
        {std::to_string(player)});
    std::vector<StoredSpec> out;
    out.reserve(static_cast<size_t>(rows.rows()));
    for (int r = 0; r < rows.rows(); ++r) out.push_back({rows.text(r, 0), rows.text(r, 1)});
    return out;
}

void PostgresStorage::set_table_spec(const std::string& table, const std::string& spec) {
    connection_->exec("UPDATE tables SET spec = $2 WHERE id = $1",
                      {pg::text(table), pg::text(spec)});
}

void PostgresStorage::delete_chat_from(const std::string& sender) {
    connection_->exec("DELETE FROM chat WHERE sender = $1", {pg::text(sender)});
}

}  // namespace reversi::server
