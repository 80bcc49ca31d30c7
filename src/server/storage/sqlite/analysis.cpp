// SPDX-License-Identifier: MIT
// SQLite back end, analysis part: one JSON document per analysed table. The table is schema
// version 4 (storage/sqlite/accounts.cpp), with IF NOT EXISTS because earlier builds created
// it at every start; an analysis can always be computed again, so losing one costs only time.
#include <sqlite3.h>

#include <optional>
#include <string>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

extern const char* const SchemaVersion4;
const char* const SchemaVersion4 = R"(
CREATE TABLE IF NOT EXISTS analyses (
    table_id TEXT PRIMARY KEY,
    analysis TEXT NOT NULL
) WITHOUT ROWID;
)";

namespace {

using namespace sqlite_detail;

}  // namespace

void SqliteStorage::prepare_analysis() {
    save_analysis_ = prepare("INSERT OR REPLACE INTO analyses(table_id, analysis) VALUES(?1, ?2)");
    load_analysis_ = prepare("SELECT analysis FROM analyses WHERE table_id = ?1");
}

void SqliteStorage::close_analysis() {
    for (sqlite3_stmt** st : {&save_analysis_, &load_analysis_}) {
        sqlite3_finalize(*st);
        *st = nullptr;
    }
}

void SqliteStorage::save_analysis(const std::string& table, const std::string& analysis) {
    ResetAfter r{save_analysis_};
    bind_text(save_analysis_, 1, table);
    bind_text(save_analysis_, 2, analysis);
    check(sqlite3_step(save_analysis_), "save analysis");
}

std::optional<std::string> SqliteStorage::load_analysis(const std::string& table) {
    ResetAfter r{load_analysis_};
    bind_text(load_analysis_, 1, table);
    const int rc = sqlite3_step(load_analysis_);
    check(rc, "load analysis");
    if (rc != SQLITE_ROW) return std::nullopt;
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(load_analysis_, 0));
    return p ? std::string(p, sqlite3_column_bytes(load_analysis_, 0)) : std::string();
}

}  // namespace reversi::server
