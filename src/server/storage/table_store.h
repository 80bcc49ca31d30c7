// SPDX-License-Identifier: MIT
// What a store keeps of tables: the table row (spec and result as JSON text it does not
// interpret) and its moves keyed by ply. Methods throw std::runtime_error on failure and run
// on the storage thread, inside the transaction of the Storage they belong to (storage.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/storage/stored_tables.h"

namespace reversi::server {

// The tables and their moves.
class TableStore {
  public:
    virtual ~TableStore() = default;

    // Inserts or replaces the table row (not its moves).
    virtual void save_table(const StoredTable& table) = 0;
    virtual void add_move(const std::string& table, const MoveRecord& move) = 0;
    // Deletes the moves from `from_ply` on (undo).
    virtual void truncate_moves(const std::string& table, int from_ply) = 0;
    // Every table not finished, with its moves, oldest first.
    virtual std::vector<StoredTable> unfinished() = 0;
    // One table with its moves.
    virtual std::optional<StoredTable> load(const std::string& id) = 0;
    // Finished tables with their moves, newest first.
    virtual std::vector<StoredTable> finished(int limit, int offset) = 0;
};

}  // namespace reversi::server
