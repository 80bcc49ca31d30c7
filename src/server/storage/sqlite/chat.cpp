// SPDX-License-Identifier: MIT
// SQLite back end, chat part: the last ChatKept lines of each table, keyed by (table, seq).
// The table is schema version 3 (migrations in storage/sqlite/accounts.cpp); earlier builds
// created it with IF NOT EXISTS at every start, so the migration keeps IF NOT EXISTS and
// leaves such a database's lines as they are.
#include <sqlite3.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

extern const char* const SchemaVersion3;
const char* const SchemaVersion3 = R"(
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    time INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    sender TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
)";

namespace {

using namespace sqlite_detail;

}  // namespace

void SqliteStorage::prepare_chat() {
    add_chat_ = prepare(
        "INSERT OR REPLACE INTO chat(table_id, seq, time, seat, sender, text) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
    prune_chat_ = prepare("DELETE FROM chat WHERE table_id = ?1 AND seq <= ?2");
    chat_lines_ =
        prepare("SELECT seq, time, seat, sender, text FROM chat WHERE table_id = ?1 ORDER BY seq");
}

void SqliteStorage::close_chat() {
    for (sqlite3_stmt** st : {&add_chat_, &prune_chat_, &chat_lines_}) {
        sqlite3_finalize(*st);
        *st = nullptr;
    }
}

void SqliteStorage::add_chat(const std::string& table, const ChatLine& line) {
    {
        ResetAfter r{add_chat_};
        bind_text(add_chat_, 1, table);
        sqlite3_bind_int64(add_chat_, 2, line.seq);
        sqlite3_bind_int64(add_chat_, 3, line.time);
        sqlite3_bind_int(add_chat_, 4, line.seat);
        bind_text(add_chat_, 5, line.from);
        bind_text(add_chat_, 6, line.text);
        check(sqlite3_step(add_chat_), "add chat");
    }
    ResetAfter r{prune_chat_};
    bind_text(prune_chat_, 1, table);
    sqlite3_bind_int64(prune_chat_, 2, line.seq - static_cast<int64_t>(ChatKept));
    check(sqlite3_step(prune_chat_), "prune chat");
}

std::vector<ChatLine> SqliteStorage::chat_lines(const std::string& table) {
    ResetAfter r{chat_lines_};
    bind_text(chat_lines_, 1, table);
    std::vector<ChatLine> out;
    int rc;
    while ((rc = sqlite3_step(chat_lines_)) == SQLITE_ROW) {
        ChatLine line;
        line.seq = sqlite3_column_int64(chat_lines_, 0);
        line.time = sqlite3_column_int64(chat_lines_, 1);
        line.seat = sqlite3_column_int(chat_lines_, 2);
        line.from = column_text(chat_lines_, 3);
        line.text = column_text(chat_lines_, 4);
        out.push_back(std::move(line));
    }
    check(rc, "read chat");
    return out;
}

}  // namespace reversi::server
