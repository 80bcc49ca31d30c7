// SPDX-License-Identifier: MIT
// SQLite back end. Statements are prepared once and reset after each use; every value is
// bound, never pasted into SQL. Moves live in their own table keyed by (table, ply), so an
// accepted move costs one small insert.
#include "server/storage/sqlite/storage.h"

#include <sqlite3.h>

#include <charconv>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "server/common/clock_text.h"
#include "server/common/metrics.h"
#include "server/storage/sqlite/statement.h"

namespace reversi::server {

// The first schema (version 1): tables and moves. Databases made before versions were
// recorded hold exactly this, which is why it keeps IF NOT EXISTS.
extern const char* const SchemaVersion1;
const char* const SchemaVersion1 = R"(
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    status TEXT NOT NULL,
    spec TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL,
    ply INTEGER NOT NULL,
    square TEXT NOT NULL,
    clock TEXT NOT NULL,
    PRIMARY KEY (table_id, ply)
) WITHOUT ROWID;
)";

namespace {

using namespace sqlite_detail;

// The WAL hook: SQLite calls it after each commit on the committing thread.
int after_commit(void* checkpointer, sqlite3* db, const char*, int pages) {
    static_cast<WalCheckpointer*>(checkpointer)->after_commit(db, pages);
    return SQLITE_OK;
}

}  // namespace

SqliteStorage::SqliteStorage(const std::string& path, SqliteCheckpoints checkpoints,
                             CheckpointRule rule) {
    if (sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw std::runtime_error("cannot open database " + path + ": " + why);
    }
    try {
        sqlite3_busy_handler(db_, wait_for_lock, this);
        exec("PRAGMA journal_mode=WAL");
        exec("PRAGMA synchronous=FULL");
        // After a checkpoint has let the WAL start over, it is cut back to this size.
        exec("PRAGMA journal_size_limit=67108864");
        // What a row loses (a deleted account's name, its chat: issue 48) is overwritten with
        // zeros, not left in free space of the file for anyone who reads its bytes.
        exec("PRAGMA secure_delete=ON");
        migrate();
        if (journal_mode() == "wal") {
            checkpointer_ = std::make_unique<WalCheckpointer>(path, checkpoints, rule);
            // Replaces SQLite's automatic checkpoint, which ran inside the commit.
            sqlite3_wal_hook(db_, after_commit, checkpointer_.get());
        }
        save_ = prepare(
            "INSERT INTO tables(id, created, status, spec, result) VALUES(?1, ?2, ?3, ?4, ?5) "
            "ON CONFLICT(id) DO UPDATE SET status = ?3, spec = ?4, result = ?5");
        add_move_ = prepare(
            "INSERT OR REPLACE INTO moves(table_id, ply, square, clock) VALUES(?1, ?2, ?3, ?4)");
        truncate_ = prepare("DELETE FROM moves WHERE table_id = ?1 AND ply >= ?2");
        moves_ = prepare("SELECT ply, square, clock FROM moves WHERE table_id = ?1 ORDER BY ply");
        unfinished_ = prepare(
            "SELECT id, created, status, spec, result FROM tables WHERE status != 'finished' "
            "ORDER BY created, id");
        load_ = prepare("SELECT id, created, status, spec, result FROM tables WHERE id = ?1");
        finished_ = prepare(
            "SELECT id, created, status, spec, result FROM tables WHERE status = 'finished' "
            "ORDER BY created DESC, id LIMIT ?1 OFFSET ?2");
        prepare_accounts();
        prepare_chat();
        prepare_analysis();
    } catch (...) {
        close();
        throw;
    }
}

SqliteStorage::~SqliteStorage() {
    close();
}

void SqliteStorage::close() {
    for (sqlite3_stmt* st : {save_, add_move_, truncate_, moves_, unfinished_, load_, finished_})
        sqlite3_finalize(st);
    save_ = add_move_ = truncate_ = moves_ = unfinished_ = load_ = finished_ = nullptr;
    close_accounts();
    close_chat();
    close_analysis();
    if (db_) sqlite3_wal_hook(db_, nullptr, nullptr);
    checkpointer_.reset();
    if (db_) sqlite3_close(db_);
    db_ = nullptr;
}

void SqliteStorage::check(int rc, const char* what) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
        throw std::runtime_error(std::string("sqlite ") + what + ": " + sqlite3_errmsg(db_));
}

void SqliteStorage::exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        const std::string why = err ? err : "unknown error";
        sqlite3_free(err);
        throw std::runtime_error(std::string("sqlite: ") + why);
    }
}

sqlite3_stmt* SqliteStorage::prepare(const char* sql) {
    sqlite3_stmt* st = nullptr;
    check(sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr), "prepare");
    return st;
}

void SqliteStorage::begin() {
    exec("BEGIN IMMEDIATE");
}
void SqliteStorage::commit() {
    exec("COMMIT");
}
void SqliteStorage::rollback() {
    if (!sqlite3_get_autocommit(db_)) exec("ROLLBACK");
}

void SqliteStorage::set_metrics(Metrics* metrics) {
    metrics_.store(metrics, std::memory_order_relaxed);
    if (checkpointer_) checkpointer_->set_metrics(metrics);
}

void SqliteStorage::idle() {
    if (checkpointer_) checkpointer_->writer_idle(db_);
}

int SqliteStorage::wait_for_lock(void* self, int calls) {
    // SQLite's own handler (sqlite3_busy_timeout) sleeps 1, 2, 5, 10, 15 ms ... between
    // tries: a lock held 4 ms cost 8, and every move queued behind the BEGIN waited too.
    // Steps of 100 us, given up after about 5 s as the timeout did.
    constexpr int Steps = 50000;
    if (calls >= Steps) return 0;
    auto* storage = static_cast<SqliteStorage*>(self);
    storage->busy_waits_.fetch_add(1, std::memory_order_relaxed);
    if (Metrics* m = storage->metrics_.load(std::memory_order_relaxed)) m->begin_busy_waits.add();
    std::this_thread::sleep_for(std::chrono::microseconds(100));
    return 1;
}

uint64_t SqliteStorage::background_checkpoints() const {
    return checkpointer_ ? checkpointer_->checkpoints() : 0;
}

uint64_t SqliteStorage::commit_checkpoints() const {
    return checkpointer_ ? checkpointer_->commit_checkpoints() : 0;
}

uint64_t SqliteStorage::idle_checkpoints() const {
    return checkpointer_ ? checkpointer_->idle_checkpoints() : 0;
}

bool SqliteStorage::checkpointing() const {
    return checkpointer_ && checkpointer_->busy();
}

std::string SqliteStorage::journal_mode() {
    sqlite3_stmt* st = prepare("PRAGMA journal_mode");
    OneShotStatement finalize{st};
    return sqlite3_step(st) == SQLITE_ROW ? column_text(st, 0) : std::string();
}

void SqliteStorage::save_table(const StoredTable& t) {
    ResetAfter r{save_};
    bind_text(save_, 1, t.id);
    sqlite3_bind_int64(save_, 2, t.created);
    bind_text(save_, 3, t.status);
    bind_text(save_, 4, t.spec);
    bind_text(save_, 5, t.result);
    check(sqlite3_step(save_), "save table");
}

void SqliteStorage::add_move(const std::string& table, const MoveRecord& m) {
    ResetAfter r{add_move_};
    bind_text(add_move_, 1, table);
    sqlite3_bind_int(add_move_, 2, m.ply);
    bind_text(add_move_, 3, m.square);
    bind_text(add_move_, 4, clock_text(m.clock_after));
    check(sqlite3_step(add_move_), "add move");
}

void SqliteStorage::truncate_moves(const std::string& table, int from_ply) {
    ResetAfter r{truncate_};
    bind_text(truncate_, 1, table);
    sqlite3_bind_int(truncate_, 2, from_ply);
    check(sqlite3_step(truncate_), "truncate moves");
}

std::vector<MoveRecord> SqliteStorage::moves_of(const std::string& id) {
    ResetAfter r{moves_};
    bind_text(moves_, 1, id);
    std::vector<MoveRecord> out;
    int rc;
    while ((rc = sqlite3_step(moves_)) == SQLITE_ROW) {
        MoveRecord m;
        m.ply = sqlite3_column_int(moves_, 0);
        m.square = column_text(moves_, 1);
        m.damaged = !parse_clock_text(column_text(moves_, 2), m.clock_after);
        out.push_back(std::move(m));
    }
    check(rc, "read moves");
    return out;
}

StoredTable SqliteStorage::read_row(sqlite3_stmt* st) {
    StoredTable t;
    t.id = column_text(st, 0);
    t.created = sqlite3_column_int64(st, 1);
    t.status = column_text(st, 2);
    t.spec = column_text(st, 3);
    t.result = column_text(st, 4);
    return t;
}

std::vector<StoredTable> SqliteStorage::unfinished() {
    std::vector<StoredTable> out;
    {
        ResetAfter r{unfinished_};
        int rc;
        while ((rc = sqlite3_step(unfinished_)) == SQLITE_ROW) out.push_back(read_row(unfinished_));
        check(rc, "read tables");
    }
    for (StoredTable& t : out) t.moves = moves_of(t.id);
    return out;
}

std::optional<StoredTable> SqliteStorage::load(const std::string& id) {
    std::optional<StoredTable> out;
    {
        ResetAfter r{load_};
        bind_text(load_, 1, id);
        const int rc = sqlite3_step(load_);
        check(rc, "load table");
        if (rc == SQLITE_ROW) out = read_row(load_);
    }
    if (out) out->moves = moves_of(id);
    return out;
}

std::vector<StoredTable> SqliteStorage::finished(int limit, int offset) {
    sqlite3_bind_int(finished_, 1, limit);
    sqlite3_bind_int(finished_, 2, offset);
    std::vector<StoredTable> out;
    {
        ResetAfter r{finished_};
        int rc;
        while ((rc = sqlite3_step(finished_)) == SQLITE_ROW) out.push_back(read_row(finished_));
        check(rc, "list games");
    }
    for (StoredTable& t : out) t.moves = moves_of(t.id);
    return out;
}

}  // namespace reversi::server
