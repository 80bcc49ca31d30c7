// SPDX-License-Identifier: MIT
// Table chat (docs/SITE.md "At the table"): one line of text from a player or a spectator,
// the last ChatKept lines a table keeps (in memory and in the store), and the table's throttle
// per player and per address (issue 27: a hundred sockets of one address each had their own
// allowance and pushed every earlier line out of the log). Invariant: a ChatLog's lines have
// increasing sequence numbers, oldest first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/storage/stored_tables.h"

namespace reversi::server {

// The longest line, in Unicode code points.
constexpr std::size_t ChatMaxChars = 300;
// At one table a player may send ChatBurst lines per ChatWindowMs, over all their
// connections, and an address (several people behind one router) ChatAddressBurst.
constexpr std::size_t ChatBurst = 5;
constexpr std::size_t ChatAddressBurst = 10;
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
    // Forgets the line numbered `seq` (its write failed, or a moderator hid it).
    void forget(int64_t seq);
    // Forgets every line of `player`, or sent under `name` (a line read back from the store
    // knows only its name): a deleted account's lines (issue 48). True when one went.
    bool forget_from(int64_t player, const std::string& name);
    const std::deque<ChatLine>& lines() const { return lines_; }

  private:
    std::deque<ChatLine> lines_;
    int64_t last_seq_ = 0;
};

// One table's chat allowance per sender: at most ChatBurst lines in any ChatWindowMs (steady
// ms) from a player (or, without a session, from the visitors of one address),
// ChatAddressBurst from an address in all. Senders that have not spoken within
// the window are forgotten, so memory follows the recent speakers only.
class ChatThrottle {
  public:
    // True (and counted for both) when a line at `now` from `player` (0: no session) at
    // `address` is allowed.
    bool allow(int64_t player, const std::string& address, int64_t now);

  private:
    // The send times within the window of one sender key, oldest first.
    bool room_for(const std::string& key, std::size_t burst, int64_t now);
    std::unordered_map<std::string, std::deque<int64_t>> sent_;
};

}  // namespace reversi::server
