// SPDX-License-Identifier: MIT
// What a store keeps of table chat (docs/SITE.md "At the table"): the last ChatKept lines of
// each table. Methods throw std::runtime_error on failure and run on the storage thread,
// inside the transaction of the Storage they belong to (storage.h).
#pragma once

#include <string>
#include <vector>

#include "server/storage/stored_tables.h"

namespace reversi::server {

// Table chat.
class ChatStore {
  public:
    virtual ~ChatStore() = default;

    // Table chat (docs/SITE.md "At the table"; chat_store.cpp has the defaults, for a store
    // without chat: adding throws, reading finds none). add_chat appends a line and forgets
    // the table's lines older than its last ChatKept; chat_lines reads those, oldest first.
    virtual void add_chat(const std::string& table, const ChatLine& line);
    virtual std::vector<ChatLine> chat_lines(const std::string& table);
    // Deletes the line numbered `seq` of `table` (a moderator hid it); none there is no error.
    virtual void delete_chat(const std::string& table, int64_t seq);
};

}  // namespace reversi::server
