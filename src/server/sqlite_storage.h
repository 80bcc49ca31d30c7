// SPDX-License-Identifier: MIT
// The SQLite store: one connection in WAL mode with synchronous=FULL, so a commit has reached
// the disk before the server acknowledges it (and survives a power cut, not only a killed
// process). Group commit in StorageQueue keeps that to one fsync per batch of moves.
#pragma once

#include <string>

#include "server/storage.h"

struct sqlite3;
struct sqlite3_stmt;

namespace reversi::server {

class SqliteStorage : public Storage {
  public:
    // Opens (creating if needed) the database file; throws std::runtime_error on failure.
    explicit SqliteStorage(const std::string& path);
    ~SqliteStorage() override;
    SqliteStorage(const SqliteStorage&) = delete;
    SqliteStorage& operator=(const SqliteStorage&) = delete;

    void begin() override;
    void commit() override;
    void rollback() override;
    void save_table(const StoredTable& table) override;
    void add_move(const std::string& table, const MoveRecord& move) override;
    void truncate_moves(const std::string& table, int from_ply) override;
    std::vector<StoredTable> unfinished() override;
    std::optional<StoredTable> load(const std::string& id) override;
    std::vector<StoredTable> finished(int limit, int offset) override;

  private:
    void close();
    void exec(const char* sql);
    sqlite3_stmt* prepare(const char* sql);
    void check(int rc, const char* what);
    std::vector<MoveRecord> moves_of(const std::string& id);
    StoredTable read_row(sqlite3_stmt* st);

    sqlite3* db_ = nullptr;
    sqlite3_stmt* save_ = nullptr;
    sqlite3_stmt* add_move_ = nullptr;
    sqlite3_stmt* truncate_ = nullptr;
    sqlite3_stmt* moves_ = nullptr;
    sqlite3_stmt* unfinished_ = nullptr;
    sqlite3_stmt* load_ = nullptr;
    sqlite3_stmt* finished_ = nullptr;
};

}  // namespace reversi::server
