// SPDX-License-Identifier: MIT
// PostgreSQL back end, analysis part (AnalysisStore): one JSON text per analysed table.
#include <optional>
#include <string>

#include "server/storage/postgres/storage.h"

namespace reversi::server {

void PostgresStorage::save_analysis(const std::string& table, const std::string& analysis) {
    connection_->exec(
        "INSERT INTO analyses(table_id, analysis) VALUES($1, $2) "
        "ON CONFLICT(table_id) DO UPDATE SET analysis = $2",
        {pg::text(table), pg::text(analysis)});
}

std::optional<std::string> PostgresStorage::load_analysis(const std::string& table) {
    const pg::Result rows =
        connection_->exec("SELECT analysis FROM analyses WHERE table_id = $1", {pg::text(table)});
    if (rows.rows() == 0) return std::nullopt;
    return rows.text(0, 0);
}

}  // namespace reversi::server
