// SPDX-License-Identifier: MIT
// A table as the store keeps it: its row, its accepted moves and its kept chat lines. Plain
// values that the store writes and reads without interpreting them, so that the storage layer
// knows these records and nothing of the live table (table/table.h) built from them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace reversi::server {

// One accepted move as the store keeps it: the square and every seat's clock after it.
struct MoveRecord {
    int ply = 0;  // index of the move (0 = first move)
    std::string square;
    std::vector<int64_t> clock_after;
    bool damaged = false;  // the stored row did not read back (restore stops before it)
};

// Lines a table keeps; older ones are forgotten (and deleted from the store).
constexpr std::size_t ChatKept = 100;

// One chat line as sent and stored.
struct ChatLine {
    int64_t seq = 0;   // per table, from 1
    int64_t time = 0;  // wall-clock ms since the epoch
    int seat = -1;     // the sender's seat, -1 for a spectator
    std::string from;  // the sender's name as shown
    std::string text;
    // The sender's player (0: no session). Kept in memory for reports, not stored: a line
    // read back after a restart is reported under the name it shows.
    int64_t player = 0;
    bool spectator() const { return seat < 0; }
};

// A table as stored: the spec and result are JSON documents the store does not interpret.
struct StoredTable {
    std::string id;
    int64_t created = 0;
    std::string status;  // "waiting", "playing" or "finished"
    std::string spec;
    std::string result;  // empty while unfinished
    std::vector<MoveRecord> moves;
    std::vector<ChatLine> chat;  // the kept chat, oldest first (filled by the hub's reads)
};

}  // namespace reversi::server
