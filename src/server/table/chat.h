// SPDX-License-Identifier: MIT
// Table chat (docs/SITE.md "At the table"): one line of text from a player or a spectator,
// the last ChatKept lines a table keeps (in memory and in the store), and the per-connection
// throttle. Invariant: a ChatLog's lines have increasing sequence numbers, oldest first.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/stored_tables.h"

namespace reversi::server {

// The longest line, in Unicode code points.
constexpr std::size_t ChatMaxChars = 300;
// A connection may send ChatBurst lines per ChatWindowMs.
constexpr std::size_t ChatBurst = 5;
constexpr int64_t ChatWindowMs = 10'000;

// Why `text` cannot be sent (an English sentence), or empty when it can.
std::string chat_problem(std::string_view text);

// {"type": "chat", "seq", "from", "seat": n | null, "text", "time"} as JSON text.
std::string chat_message_text(const ChatLine& line);
// {"type": "chat_log", "messages": [chat...]}, leaving spectators' lines out unless
// `with_spectators`.
std::string chat_log_text(const std::deque<ChatLine>& lines, bool with_spectators);

// The last ChatKept lines of a table.
class ChatLog {
  public:
    // Starts from stored lines (oldest first); the next line continues their numbering.
    void restore(const std::vector<ChatLine>& lines);
    // Numbers `line`, keeps it, forgets the oldest beyond ChatKept; returns the kept copy.
    const ChatLine& append(ChatLine line);
    // Forgets the line numbered `seq` (its write failed).
    void forget(int64_t seq);
    const std::deque<ChatLine>& lines() const { return lines_; }

  private:
    std::deque<ChatLine> lines_;
    int64_t last_seq_ = 0;
};

// At most ChatBurst lines in any ChatWindowMs (steady ms) from one connection.
class ChatThrottle {
  public:
    // True (and counted) when a line sent at `now` is allowed.
    bool allow(int64_t now);

  private:
    std::array<int64_t, ChatBurst> sent_{};  // ring of the last send times
    std::size_t next_ = 0;
    std::size_t count_ = 0;
};

}  // namespace reversi::server
