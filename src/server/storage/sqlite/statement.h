// SPDX-License-Identifier: MIT
// Small helpers over a prepared SQLite statement, shared by the SQLite store's files.
#pragma once

#include <sqlite3.h>

#include <string>

namespace reversi::server::sqlite_detail {

// Resets a statement and its bindings when the scope ends, whatever happened.
struct ResetAfter {
    sqlite3_stmt* st;
    ~ResetAfter() {
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
    }
};

// A statement prepared for one call (rare writes and reads at start), finalized when the scope
// ends.
struct OneShotStatement {
    sqlite3_stmt* st;
    ~OneShotStatement() { sqlite3_finalize(st); }
};

// Binds a copy of `text` (which may contain NUL bytes) to parameter `index`.
inline void bind_text(sqlite3_stmt* st, int index, const std::string& text) {
    sqlite3_bind_text(st, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

// Column `col` of the current row as text; NULL reads as "".
inline std::string column_text(sqlite3_stmt* st, int col) {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, col));
    return p ? std::string(p, sqlite3_column_bytes(st, col)) : std::string();
}

}  // namespace reversi::server::sqlite_detail
