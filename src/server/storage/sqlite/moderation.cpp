// SPDX-License-Identifier: MIT
// SQLite back end, moderation (ModerationStore): roles, sanctions, the audit log and reports,
// schema version 12 (migrations in storage/sqlite/accounts.cpp). Moderators act rarely, so
// the statements are prepared for each call rather than kept.
#include <sqlite3.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

extern const char* const SchemaVersion14;
const char* const SchemaVersion14 = R"(
CREATE TABLE IF NOT EXISTS roles (
    player INTEGER PRIMARY KEY,
    role TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sanctions (
    player INTEGER NOT NULL,
    kind TEXT NOT NULL,
    until INTEGER NOT NULL,
    PRIMARY KEY (player, kind)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    actor INTEGER NOT NULL,
    action TEXT NOT NULL,
    target INTEGER NOT NULL,
    detail TEXT NOT NULL,
    reason TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reports (
    id TEXT PRIMARY KEY,
    at INTEGER NOT NULL,
    reporter INTEGER NOT NULL,
    target INTEGER NOT NULL,
    reason TEXT NOT NULL,
    text TEXT NOT NULL,
    table_id TEXT NOT NULL,
    chat_seq INTEGER NOT NULL,
    chat_text TEXT NOT NULL,
    resolved_by INTEGER NOT NULL,
    resolution TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS reports_open ON reports(resolved_by, at);
CREATE TABLE IF NOT EXISTS reversed_games (
    table_id TEXT PRIMARY KEY
) WITHOUT ROWID;
)";

namespace {

using namespace sqlite_detail;

using Statement = std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)>;

// Binds a report's fields as ?1 to ?9 (id to chat_text), as every insert of one names them.
void bind_report(sqlite3_stmt* st, const StoredReport& r) {
    bind_text(st, 1, r.id);
    sqlite3_bind_int64(st, 2, r.at);
    sqlite3_bind_int64(st, 3, r.reporter);
    sqlite3_bind_int64(st, 4, r.target);
    bind_text(st, 5, r.reason);
    bind_text(st, 6, r.text);
    bind_text(st, 7, r.table);
    sqlite3_bind_int64(st, 8, r.chat_seq);
    bind_text(st, 9, r.chat_text);
}

}  // namespace

void SqliteStorage::set_role(int64_t player, const std::string& role) {
    Statement st(
        prepare(role.empty() ? "DELETE FROM roles WHERE player = ?1"
                             : "INSERT OR REPLACE INTO roles(player, role) VALUES(?1, ?2)"),
        sqlite3_finalize);
    sqlite3_bind_int64(st.get(), 1, player);
    if (!role.empty()) bind_text(st.get(), 2, role);
    check(sqlite3_step(st.get()), "set role");
}

std::vector<StoredRole> SqliteStorage::roles() {
    Statement st(prepare("SELECT player, role FROM roles ORDER BY player"), sqlite3_finalize);
    std::vector<StoredRole> out;
    int rc;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(st.get(), 0), column_text(st.get(), 1)});
    check(rc, "read roles");
    return out;
}

void SqliteStorage::save_sanction(const StoredSanction& sanction) {
    Statement st(
        prepare("INSERT OR REPLACE INTO sanctions(player, kind, until) VALUES(?1, ?2, ?3)"),
        sqlite3_finalize);
    sqlite3_bind_int64(st.get(), 1, sanction.player);
    bind_text(st.get(), 2, sanction.kind);
    sqlite3_bind_int64(st.get(), 3, sanction.until);
    check(sqlite3_step(st.get()), "save sanction");
}

void SqliteStorage::delete_sanction(int64_t player, const std::string& kind) {
    Statement st(prepare("DELETE FROM sanctions WHERE player = ?1 AND kind = ?2"),
                 sqlite3_finalize);
    sqlite3_bind_int64(st.get(), 1, player);
    bind_text(st.get(), 2, kind);
    check(sqlite3_step(st.get()), "delete sanction");
}

std::vector<StoredSanction> SqliteStorage::sanctions() {
    Statement st(prepare("SELECT player, kind, until FROM sanctions ORDER BY player, kind"),
                 sqlite3_finalize);
    std::vector<StoredSanction> out;
    int rc;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(st.get(), 0), column_text(st.get(), 1),
                       sqlite3_column_int64(st.get(), 2)});
    check(rc, "read sanctions");
    return out;
}

void SqliteStorage::add_audit(const AuditEntry& entry) {
    Statement st(prepare("INSERT INTO audit_log(at, actor, action, target, detail, reason) "
                         "VALUES(?1, ?2, ?3, ?4, ?5, ?6)"),
                 sqlite3_finalize);
    sqlite3_bind_int64(st.get(), 1, entry.at);
    sqlite3_bind_int64(st.get(), 2, entry.actor);
    bind_text(st.get(), 3, entry.action);
    sqlite3_bind_int64(st.get(), 4, entry.target);
    bind_text(st.get(), 5, entry.detail);
    bind_text(st.get(), 6, entry.reason);
    check(sqlite3_step(st.get()), "add audit");
}

std::vector<AuditEntry> SqliteStorage::audit(int64_t before_id, int limit) {
    Statement st(prepare("SELECT id, at, actor, action, target, detail, reason FROM audit_log "
                         "WHERE ?1 = 0 OR id < ?1 ORDER BY id DESC LIMIT ?2"),
                 sqlite3_finalize);
    sqlite3_bind_int64(st.get(), 1, before_id);
    sqlite3_bind_int(st.get(), 2, limit);
    std::vector<AuditEntry> out;
    int rc;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW) {
        AuditEntry e;
        e.id = sqlite3_column_int64(st.get(), 0);
        e.at = sqlite3_column_int64(st.get(), 1);
        e.actor = sqlite3_column_int64(st.get(), 2);
        e.action = column_text(st.get(), 3);
        e.target = sqlite3_column_int64(st.get(), 4);
        e.detail = column_text(st.get(), 5);
        e.reason = column_text(st.get(), 6);
        out.push_back(std::move(e));
    }
    check(rc, "read audit");
    return out;
}

void SqliteStorage::save_report(const StoredReport& r) {
    Statement st(prepare("INSERT OR REPLACE INTO reports(id, at, reporter, target, reason, text, "
                         "table_id, chat_seq, chat_text, resolved_by, resolution) "
                         "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)"),
                 sqlite3_finalize);
    bind_report(st.get(), r);
    sqlite3_bind_int64(st.get(), 10, r.resolved_by);
    bind_text(st.get(), 11, r.resolution);
    check(sqlite3_step(st.get()), "save report");
}

namespace {

constexpr const char* ReportColumns =
    "SELECT id, at, reporter, target, reason, text, table_id, chat_seq, chat_text, resolved_by, "
    "resolution FROM reports ";

// The rows of a statement over ReportColumns, once its parameters are bound; `rc` is the
// last step's code.
std::vector<StoredReport> reports_in(sqlite3_stmt* st, int& rc) {
    std::vector<StoredReport> out;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        StoredReport r;
        r.id = column_text(st, 0);
        r.at = sqlite3_column_int64(st, 1);
        r.reporter = sqlite3_column_int64(st, 2);
        r.target = sqlite3_column_int64(st, 3);
        r.reason = column_text(st, 4);
        r.text = column_text(st, 5);
        r.table = column_text(st, 6);
        r.chat_seq = sqlite3_column_int64(st, 7);
        r.chat_text = column_text(st, 8);
        r.resolved_by = sqlite3_column_int64(st, 9);
        r.resolution = column_text(st, 10);
        out.push_back(std::move(r));
    }
    return out;
}

}  // namespace

std::vector<StoredReport> SqliteStorage::open_reports(int limit) {
    Statement st(
        prepare((std::string(ReportColumns) + "WHERE resolved_by = 0 ORDER BY at, id LIMIT ?1")
                    .c_str()),
        sqlite3_finalize);
    sqlite3_bind_int(st.get(), 1, limit);
    int rc = SQLITE_OK;
    auto rows = reports_in(st.get(), rc);
    check(rc, "read reports");
    return rows;
}

bool SqliteStorage::add_report(const StoredReport& r) {
    // One writer at a time: the check and the insert see the same rows.
    Statement st(prepare("INSERT INTO reports(id, at, reporter, target, reason, text, table_id, "
                         "chat_seq, chat_text, resolved_by, resolution) "
                         "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, '' WHERE NOT EXISTS ("
                         "SELECT 1 FROM reports WHERE reporter = ?3 AND target = ?4 AND "
                         "resolved_by = 0 AND (?4 != 0 OR (table_id = ?7 AND chat_seq = ?8)))"),
                 sqlite3_finalize);
    bind_report(st.get(), r);
    check(sqlite3_step(st.get()), "add report");
    return sqlite3_changes(db_) == 1;
}

std::vector<ReportGroup> SqliteStorage::report_groups(int limit) {
    Statement st(prepare("SELECT target, COUNT(*), MAX(at) FROM reports WHERE resolved_by = 0 "
                         "GROUP BY target ORDER BY COUNT(*) DESC, MAX(at) DESC, target LIMIT ?1"),
                 sqlite3_finalize);
    sqlite3_bind_int(st.get(), 1, limit);
    std::vector<ReportGroup> out;
    int rc;
    while ((rc = sqlite3_step(st.get())) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(st.get(), 0), sqlite3_column_int(st.get(), 1),
                       sqlite3_column_int64(st.get(), 2)});
    check(rc, "read report groups");
    return out;
}

std::vector<StoredReport> SqliteStorage::open_reports_of(int64_t target, int limit) {
    Statement st(prepare((std::string(ReportColumns) +
                          "WHERE target = ?1 AND resolved_by = 0 ORDER BY at DESC, id LIMIT ?2")
                             .c_str()),
                 sqlite3_finalize);
    sqlite3_bind_int64(st.get(), 1, target);
    sqlite3_bind_int(st.get(), 2, limit);
    int rc = SQLITE_OK;
    auto rows = reports_in(st.get(), rc);
    check(rc, "read reports");
    return rows;
}

std::optional<StoredReport> SqliteStorage::load_report(const std::string& id) {
    Statement st(prepare((std::string(ReportColumns) + "WHERE id = ?1").c_str()), sqlite3_finalize);
    bind_text(st.get(), 1, id);
    int rc = SQLITE_OK;
    auto rows = reports_in(st.get(), rc);
    check(rc, "read report");
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
}

int SqliteStorage::resolve_reports_of(int64_t target, int64_t until, int64_t by,
                                      const std::string& resolution) {
    Statement st(prepare("UPDATE reports SET resolved_by = ?3, resolution = ?4 "
                         "WHERE target = ?1 AND resolved_by = 0 AND at <= ?2"),
                 sqlite3_finalize);
    sqlite3_bind_int64(st.get(), 1, target);
    sqlite3_bind_int64(st.get(), 2, until);
    sqlite3_bind_int64(st.get(), 3, by);
    bind_text(st.get(), 4, resolution);
    check(sqlite3_step(st.get()), "resolve reports");
    return sqlite3_changes(db_);
}

void SqliteStorage::delete_chat(const std::string& table, int64_t seq) {
    Statement st(prepare("DELETE FROM chat WHERE table_id = ?1 AND seq = ?2"), sqlite3_finalize);
    bind_text(st.get(), 1, table);
    sqlite3_bind_int64(st.get(), 2, seq);
    check(sqlite3_step(st.get()), "delete chat");
}

bool SqliteStorage::mark_reversed(const std::string& table) {
    Statement st(prepare("INSERT OR IGNORE INTO reversed_games(table_id) VALUES(?1)"),
                 sqlite3_finalize);
    bind_text(st.get(), 1, table);
    check(sqlite3_step(st.get()), "mark reversed");
    return sqlite3_changes(db_) == 1;
}

bool SqliteStorage::ratings_reversed(const std::string& table) {
    Statement st(prepare("SELECT 1 FROM reversed_games WHERE table_id = ?1"), sqlite3_finalize);
    bind_text(st.get(), 1, table);
    const int rc = sqlite3_step(st.get());
    if (rc != SQLITE_ROW) check(rc, "read reversed");
    return rc == SQLITE_ROW;
}

}  // namespace reversi::server
