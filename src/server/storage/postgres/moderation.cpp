// SPDX-License-Identifier: MIT
// PostgreSQL back end, moderation (ModerationStore): roles, sanctions, the audit log and
// reports, schema version 12 (storage/postgres/schema.cpp), shared by every node.
#include <optional>
#include <string>
#include <vector>

#include "server/storage/postgres/storage.h"

namespace reversi::server {

namespace {

pg::Param moderation_number(int64_t value) {
    return std::to_string(value);
}

}  // namespace

void PostgresStorage::set_role(int64_t player, const std::string& role) {
    if (role.empty()) {
        connection_->exec("DELETE FROM roles WHERE player = $1", {moderation_number(player)});
        return;
    }
    connection_->exec(
        "INSERT INTO roles(player, role) VALUES($1, $2) "
        "ON CONFLICT(player) DO UPDATE SET role = $2",
        {moderation_number(player), pg::text(role)});
}

std::vector<StoredRole> PostgresStorage::roles() {
    const pg::Result rows = connection_->exec("SELECT player, role FROM roles ORDER BY player");
    std::vector<StoredRole> out;
    for (int r = 0; r < rows.rows(); ++r) out.push_back({rows.integer(r, 0), rows.text(r, 1)});
    return out;
}

void PostgresStorage::save_sanction(const StoredSanction& s) {
    connection_->exec(
        "INSERT INTO sanctions(player, kind, until) VALUES($1, $2, $3) "
        "ON CONFLICT(player, kind) DO UPDATE SET until = $3",
        {moderation_number(s.player), pg::text(s.kind), moderation_number(s.until)});
}

void PostgresStorage::delete_sanction(int64_t player, const std::string& kind) {
    connection_->exec("DELETE FROM sanctions WHERE player = $1 AND kind = $2",
                      {moderation_number(player), pg::text(kind)});
}

std::vector<StoredSanction> PostgresStorage::sanctions() {
    const pg::Result rows =
        connection_->exec("SELECT player, kind, until FROM sanctions ORDER BY player, kind");
    std::vector<StoredSanction> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), rows.text(r, 1), rows.integer(r, 2)});
    return out;
}

void PostgresStorage::add_audit(const AuditEntry& e) {
    connection_->exec(
        "INSERT INTO audit_log(at, actor, action, target, detail, reason) "
        "VALUES($1, $2, $3, $4, $5, $6)",
        {moderation_number(e.at), moderation_number(e.actor), pg::text(e.action),
         moderation_number(e.target), pg::text(e.detail), pg::text(e.reason)});
}

std::vector<AuditEntry> PostgresStorage::audit(int64_t before_id, int limit) {
    const pg::Result rows = connection_->exec(
        "SELECT id, at, actor, action, target, detail, reason FROM audit_log "
        "WHERE $1 = 0 OR id < $1 ORDER BY id DESC LIMIT $2",
        {moderation_number(before_id), moderation_number(limit)});
    std::vector<AuditEntry> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), rows.integer(r, 1), rows.integer(r, 2), rows.text(r, 3),
                       rows.integer(r, 4), rows.text(r, 5), rows.text(r, 6)});
    return out;
}

void PostgresStorage::save_report(const StoredReport& r) {
    connection_->exec(
        "INSERT INTO reports(id, at, reporter, target, reason, text, table_id, chat_seq, "
        "chat_text, resolved_by, resolution) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) "
        "ON CONFLICT(id) DO UPDATE SET resolved_by = $10, resolution = $11",
        {pg::text(r.id), moderation_number(r.at), moderation_number(r.reporter),
         moderation_number(r.target), pg::text(r.reason), pg::text(r.text), pg::text(r.table),
         moderation_number(r.chat_seq), pg::text(r.chat_text), moderation_number(r.resolved_by),
         pg::text(r.resolution)});
}

namespace {

constexpr const char* ReportColumns =
    "SELECT id, at, reporter, target, reason, text, table_id, chat_seq, chat_text, resolved_by, "
    "resolution FROM reports ";

std::vector<StoredReport> reports_in(const pg::Result& rows) {
    std::vector<StoredReport> out;
    for (int i = 0; i < rows.rows(); ++i) {
        StoredReport r;
        r.id = rows.text(i, 0);
        r.at = rows.integer(i, 1);
        r.reporter = rows.integer(i, 2);
        r.target = rows.integer(i, 3);
        r.reason = rows.text(i, 4);
        r.text = rows.text(i, 5);
        r.table = rows.text(i, 6);
        r.chat_seq = rows.integer(i, 7);
        r.chat_text = rows.text(i, 8);
        r.resolved_by = rows.integer(i, 9);
        r.resolution = rows.text(i, 10);
        out.push_back(std::move(r));
    }
    return out;
}

}  // namespace

std::vector<StoredReport> PostgresStorage::open_reports(int limit) {
    return reports_in(connection_->exec(
        std::string(ReportColumns) + "WHERE resolved_by = 0 ORDER BY at, id LIMIT $1",
        {moderation_number(limit)}));
}

bool PostgresStorage::add_report(const StoredReport& r) {
    // Two nodes filing the same reporter's reports at once take turns here, so the check
    // below sees the other's row (the lock ends with the transaction).
    connection_->exec("SELECT pg_advisory_xact_lock(hashtextextended('report:' || $1, 0))",
                      {moderation_number(r.reporter)});
    return connection_
               ->exec(
                   "INSERT INTO reports(id, at, reporter, target, reason, text, table_id, "
                   "chat_seq, chat_text, resolved_by, resolution) "
                   "SELECT $1::text, $2::bigint, $3::bigint, $4::bigint, $5::text, $6::text, "
                   "$7::text, $8::bigint, $9::text, 0, '' WHERE NOT EXISTS ("
                   "SELECT 1 FROM reports WHERE reporter = $3 AND target = $4 AND "
                   "resolved_by = 0 AND ($4 <> 0 OR (table_id = $7 AND chat_seq = $8)))",
                   {pg::text(r.id), moderation_number(r.at), moderation_number(r.reporter),
                    moderation_number(r.target), pg::text(r.reason), pg::text(r.text),
                    pg::text(r.table), moderation_number(r.chat_seq), pg::text(r.chat_text)})
               .affected() == 1;
}

std::vector<ReportGroup> PostgresStorage::report_groups(int limit) {
    const pg::Result rows = connection_->exec(
        "SELECT target, COUNT(*), MAX(at) FROM reports WHERE resolved_by = 0 GROUP BY target "
        "ORDER BY COUNT(*) DESC, MAX(at) DESC, target LIMIT $1",
        {moderation_number(limit)});
    std::vector<ReportGroup> out;
    for (int i = 0; i < rows.rows(); ++i)
        out.push_back(
            {rows.integer(i, 0), static_cast<int>(rows.integer(i, 1)), rows.integer(i, 2)});
    return out;
}

std::vector<StoredReport> PostgresStorage::open_reports_of(int64_t target, int limit) {
    return reports_in(
        connection_->exec(std::string(ReportColumns) +
                              "WHERE target = $1 AND resolved_by = 0 ORDER BY at DESC, id LIMIT $2",
                          {moderation_number(target), moderation_number(limit)}));
}

std::optional<StoredReport> PostgresStorage::load_report(const std::string& id) {
    auto rows =
        reports_in(connection_->exec(std::string(ReportColumns) + "WHERE id = $1", {pg::text(id)}));
    if (rows.empty()) return std::nullopt;
    return std::move(rows.front());
}

int PostgresStorage::resolve_reports_of(int64_t target, int64_t until, int64_t by,
                                        const std::string& resolution) {
    return static_cast<int>(connection_
                                ->exec("UPDATE reports SET resolved_by = $3, resolution = $4 "
                                       "WHERE target = $1 AND resolved_by = 0 AND at <= $2",
                                       {moderation_number(target), moderation_number(until),
                                        moderation_number(by), pg::text(resolution)})
                                .affected());
}

void PostgresStorage::delete_chat(const std::string& table, int64_t seq) {
    connection_->exec("DELETE FROM chat WHERE table_id = $1 AND seq = $2",
                      {pg::text(table), moderation_number(seq)});
}

bool PostgresStorage::mark_reversed(const std::string& table) {
    return connection_
               ->exec("INSERT INTO reversed_games(table_id) VALUES($1) ON CONFLICT DO NOTHING",
                      {pg::text(table)})
               .affected() == 1;
}

bool PostgresStorage::ratings_reversed(const std::string& table) {
    return connection_->exec("SELECT 1 FROM reversed_games WHERE table_id = $1", {pg::text(table)})
               .rows() == 1;
}

}  // namespace reversi::server
