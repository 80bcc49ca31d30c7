// SPDX-License-Identifier: MIT
// PostgreSQL back end, first part: the connection, transactions, tables and moves. The hot
// statements (a move, a table row) are prepared once per session; every value is bound.
#include "server/storage/postgres/storage.h"

#include <charconv>
#include <stdexcept>
#include <unordered_map>

#include "server/common/clock_text.h"
#include "server/storage/postgres/schema.h"
#include "server/storage/postgres/values.h"

namespace reversi::server {

namespace {

constexpr const char* TableColumns = "id, created, status, spec, result";

MoveRecord move_from(const pg::Result& rows, int row, int first_column) {
    MoveRecord m;
    m.ply = static_cast<int>(rows.integer(row, first_column));
    m.square = rows.text(row, first_column + 1);
    m.damaged = !parse_clock_text(rows.text(row, first_column + 2), m.clock_after);
    return m;
}

// SQLite's LIMIT and OFFSET semantics: a negative limit means none, a negative offset 0.
pg::Param limit_param(int limit) {
    return limit < 0 ? pg::Param() : pg::Param(std::to_string(limit));
}
std::string offset_text(int offset) {
    return std::to_string(offset < 0 ? 0 : offset);
}

}  // namespace

bool PostgresStorage::is_uri(const std::string& db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

PostgresStorage::PostgresStorage(const std::string& uri)
    : connection_(std::make_unique<pg::Connection>(uri)) {
    // The schema first: the statements prepared next need its tables.
    connection_->exec("SET synchronous_commit = on");
    pg::migrate(*connection_);
    set_up_session();
}

PostgresStorage::~PostgresStorage() = default;

void PostgresStorage::set_up_session() {
    pg::Connection& c = *connection_;
    // The durability rule: COMMIT returns only once the transaction is on the server's disk,
    // whatever the server's or the database's default says.
    c.exec("SET synchronous_commit = on");
    c.exec("SET client_encoding = 'UTF8'");
    c.prepare("save_table", std::string("INSERT INTO tables(") + TableColumns +
                                ") VALUES($1, $2, $3, $4, $5) ON CONFLICT(id) DO UPDATE SET "
                                "status = $3, spec = $4, result = $5");
    c.prepare("add_move",
              "INSERT INTO moves(table_id, ply, square, clock) VALUES($1, $2, $3, $4) "
              "ON CONFLICT(table_id, ply) DO UPDATE SET square = $3, clock = $4");
    c.prepare("truncate_moves", "DELETE FROM moves WHERE table_id = $1 AND ply >= $2");
    c.prepare("moves_of", "SELECT ply, square, clock FROM moves WHERE table_id = $1 ORDER BY ply");
    c.prepare("load", std::string("SELECT ") + TableColumns + " FROM tables WHERE id = $1");
}

int PostgresStorage::stored_schema_version() {
    return pg::stored_schema_version(*connection_);
}

// A transaction is one pipeline: BEGIN, the writes and COMMIT go out without waiting for each
// answer and are answered after one round trip, COMMIT's last. A write that fails (a lost
// lease is an error of its own statement) makes the server skip the rest, COMMIT included, so
// a batch commits whole or not at all, and commit() returns only once COMMIT is answered.
void PostgresStorage::begin() {
    if (connection_->broken()) {
        connection_->reconnect();
        set_up_session();
    }
    pending_leases_.clear();
    connection_->begin_pipeline();
    connection_->send("BEGIN", {}, "BEGIN");
}

void PostgresStorage::commit() {
    connection_->send("COMMIT", {}, "COMMIT");
    const pg::Result done = connection_->end_pipeline();
    // COMMIT of a transaction in which a statement failed answers ROLLBACK, not an error.
    if (done.command_status() != "COMMIT")
        throw std::runtime_error("postgresql: the transaction was rolled back");
}

void PostgresStorage::rollback() {
    pending_leases_.clear();
    connection_->abandon_pipeline();
    if (!connection_->broken() && connection_->in_transaction()) connection_->exec("ROLLBACK");
}

void PostgresStorage::in_snapshot(const std::function<void()>& read) {
    if (connection_->in_transaction()) {
        read();
        return;
    }
    if (connection_->broken()) {
        connection_->reconnect();
        set_up_session();
    }
    connection_->exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
        read();
        connection_->exec("COMMIT");
    } catch (...) {
        rollback();
        throw;
    }
}

void PostgresStorage::save_table(const StoredTable& t) {
    std::vector<pg::Param> params = {pg::text(t.id), std::to_string(t.created), pg::text(t.status),
                                     pg::text(t.spec), pg::text(t.result)};
    if (!node_.empty()) return fenced_write(FencedWrite::SaveTable, std::move(params), t.id);
    connection_->send_prepared("save_table", params);
}

void PostgresStorage::add_move(const std::string& table, const MoveRecord& m) {
    std::vector<pg::Param> params = {pg::text(table), std::to_string(m.ply), pg::text(m.square),
                                     clock_text(m.clock_after)};
    if (!node_.empty()) return fenced_write(FencedWrite::AddMove, std::move(params), table);
    connection_->send_prepared("add_move", params);
}

void PostgresStorage::truncate_moves(const std::string& table, int from_ply) {
    std::vector<pg::Param> params = {pg::text(table), std::to_string(from_ply)};
    if (!node_.empty()) return fenced_write(FencedWrite::TruncateMoves, std::move(params), table);
    connection_->send_prepared("truncate_moves", params);
}

std::vector<MoveRecord> PostgresStorage::moves_of(const std::string& id) {
    const pg::Result rows = connection_->run("moves_of", {pg::text(id)});
    std::vector<MoveRecord> out;
    out.reserve(static_cast<size_t>(rows.rows()));
    for (int r = 0; r < rows.rows(); ++r) out.push_back(move_from(rows, r, 0));
    return out;
}

std::vector<StoredTable> PostgresStorage::tables_from(const pg::Result& rows) {
    std::vector<StoredTable> out;
    out.reserve(static_cast<size_t>(rows.rows()));
    for (int r = 0; r < rows.rows(); ++r) {
        StoredTable t;
        t.id = rows.text(r, 0);
        t.created = rows.integer(r, 1);
        t.status = rows.text(r, 2);
        t.spec = rows.text(r, 3);
        t.result = rows.text(r, 4);
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<StoredTable> PostgresStorage::unfinished() {
    std::vector<StoredTable> out;
    in_snapshot([&] {
        out = tables_from(connection_->exec(std::string("SELECT ") + TableColumns +
                                            " FROM tables WHERE status <> 'finished' "
                                            "ORDER BY created, id"));
        // Every move of every unfinished table in one statement: a restart with thousands
        // of live games must not cost one round trip per table.
        const pg::Result moves = connection_->exec(
            "SELECT m.table_id, m.ply, m.square, m.clock FROM moves m JOIN tables t "
            "ON t.id = m.table_id WHERE t.status <> 'finished' ORDER BY m.table_id, m.ply");
        std::unordered_map<std::string, size_t> index;
        for (size_t i = 0; i < out.size(); ++i) index.emplace(out[i].id, i);
        for (int r = 0; r < moves.rows(); ++r) {
            const auto it = index.find(moves.text(r, 0));
            if (it != index.end()) out[it->second].moves.push_back(move_from(moves, r, 1));
        }
    });
    return out;
}

std::optional<StoredTable> PostgresStorage::load(const std::string& id) {
    std::optional<StoredTable> out;
    // No stored id holds a NUL byte (PostgreSQL text cannot): such an id names nothing.
    if (id.find('\0') != std::string::npos) return out;
    in_snapshot([&] {
        std::vector<StoredTable> rows = tables_from(connection_->run("load", {pg::text(id)}));
        if (rows.empty()) return;
        out = std::move(rows.front());
        out->moves = moves_of(id);
    });
    return out;
}

std::vector<StoredTable> PostgresStorage::load_many(const std::vector<std::string>& ids) {
    std::vector<std::string> wanted;
    for (const std::string& id : ids)
        if (id.find('\0') == std::string::npos) wanted.push_back(id);
    std::vector<StoredTable> out;
    if (wanted.empty()) return out;
    const std::string list = pg_values::text_array(wanted);
    // Three statements for any number of tables, in one snapshot: a takeover of hundreds of
    // tables with the primary a round trip away must not cost several round trips each.
    in_snapshot([&] {
        out = tables_from(connection_->exec(std::string("SELECT ") + TableColumns +
                                                " FROM tables WHERE id = ANY($1::text[]) "
                                                "ORDER BY created, id",
                                            {list}));
        std::unordered_map<std::string, size_t> index;
        for (size_t i = 0; i < out.size(); ++i) index.emplace(out[i].id, i);
        const pg::Result moves = connection_->exec(
            "SELECT table_id, ply, square, clock FROM moves WHERE table_id = ANY($1::text[]) "
            "ORDER BY table_id, ply",
            {list});
        for (int r = 0; r < moves.rows(); ++r) {
            const auto it = index.find(moves.text(r, 0));
            if (it != index.end()) out[it->second].moves.push_back(move_from(moves, r, 1));
        }
        const pg::Result chat = connection_->exec(
            "SELECT table_id, seq, time, seat, sender, text FROM chat "
            "WHERE table_id = ANY($1::text[]) ORDER BY table_id, seq",
            {list});
        for (int r = 0; r < chat.rows(); ++r) {
            const auto it = index.find(chat.text(r, 0));
            if (it != index.end()) out[it->second].chat.push_back(pg_values::chat_line(chat, r, 1));
        }
    });
    return out;
}

std::vector<StoredTable> PostgresStorage::finished(int limit, int offset) {
    std::vector<StoredTable> out;
    in_snapshot([&] {
        out = tables_from(connection_->exec(std::string("SELECT ") + TableColumns +
                                                " FROM tables WHERE status = 'finished' "
                                                "ORDER BY created DESC, id LIMIT $1 OFFSET $2",
                                            {limit_param(limit), offset_text(offset)}));
        for (StoredTable& t : out) t.moves = moves_of(t.id);
    });
    return out;
}

}  // namespace reversi::server
