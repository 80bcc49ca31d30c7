// SPDX-License-Identifier: MIT
// PostgreSQL back end, chat part (ChatStore): the last ChatKept lines of each table, keyed by
// table and sequence number.
#include <string>
#include <vector>

#include "server/storage/postgres/storage.h"
#include "server/storage/postgres/values.h"

namespace reversi::server {

void PostgresStorage::add_chat(const std::string& table, const ChatLine& line) {
    connection_->send(
        "INSERT INTO chat(table_id, seq, time, seat, sender, text) VALUES($1, $2, $3, $4, $5, $6) "
        "ON CONFLICT(table_id, seq) DO UPDATE SET time = $3, seat = $4, sender = $5, text = $6",
        {pg::text(table), std::to_string(line.seq), std::to_string(line.time),
         std::to_string(line.seat), pg::text(line.from), pg::text(line.text)},
        "add_chat");
    connection_->send("DELETE FROM chat WHERE table_id = $1 AND seq <= $2",
                      {pg::text(table), std::to_string(line.seq - static_cast<int64_t>(ChatKept))},
                      "add_chat");
}

std::vector<ChatLine> PostgresStorage::chat_lines(const std::string& table) {
    const pg::Result rows = connection_->exec(
        "SELECT seq, time, seat, sender, text FROM chat WHERE table_id = $1 ORDER BY seq",
        {pg::text(table)});
    std::vector<ChatLine> out;
    out.reserve(static_cast<size_t>(rows.rows()));
    for (int r = 0; r < rows.rows(); ++r) out.push_back(pg_values::chat_line(rows, r, 0));
    return out;
}

}  // namespace reversi::server
