// SPDX-License-Identifier: MIT
// What one visitor, and all of them together, may take of the server. Every field is an
// option of `reversi serve` (docs/PROTOCOL.md "Limits"); the defaults suit one machine with a
// few thousand live games. Zero never means "unlimited": each limit is a real bound.
#pragma once

#include <cstddef>

namespace reversi::server {

struct ServerLimits {
    // Open TCP connections (HTTP and WebSocket) in all, and from one IP address.
    int max_connections = 20000;
    int max_connections_per_address = 256;
    // Tables one address may create (new tables and rematches) per minute; a burst of this
    // many is allowed, then one more every 60/N seconds.
    int tables_per_minute_per_address = 30;
    // Rated games two players may start together: a burst of this many, then one more every
    // 24 h / N (issue 27: one person's two accounts must not trade points all day).
    int rated_games_per_pair_per_day = 10;
    // Lets two accounts of one address meet in rated games: for a club on one connection, or
    // browser tests on one machine; never for a public site.
    bool rated_same_address = false;
    // Tables held in memory; creating one more is refused (503) beyond this.
    int max_live_tables = 20000;
    // A table still waiting for players this long after its last change expires.
    int waiting_table_seconds = 3600;
    // A playing table that nobody watches and that has not changed for this long leaves
    // memory (it stays in the store and comes back on the next visit).
    int idle_table_seconds = 600;
    // Searches waiting for an engine thread; a hint beyond it is refused as busy.
    int engine_queue = 256;
    // No computer move thinks longer than this, whatever its level asks.
    double computer_move_seconds = 10.0;
    // Engine seconds one address may spend a minute before its searches give way to others'
    // (common/engine_pool.h), and the games against the strongest level one player or address
    // may have running at once.
    double engine_seconds_per_minute = 30.0;
    int max_strongest_tables = 2;
    // A WebSocket client that has not taken a message for this long is dropped, as is one
    // whose unsent messages exceed the byte bound.
    int write_timeout_seconds = 30;
    std::size_t max_queued_bytes = 4 * 1024 * 1024;
    // At the table (docs/SITE.md): a player may claim the game once every other human seat
    // has had no open connection for this long.
    int claim_seconds = 60;
    // The least time between a move's broadcast and the computer's reply being broadcast, so
    // the player's own flips finish first (0: reply at once, for tests and the load test).
    int computer_pause_ms = 600;
    // The bot API's NDJSON streams (docs/PROTOCOL.md "Bot API"): how many one player may have
    // open (event and game streams together), and the seconds between keep-alive lines.
    int bot_streams_per_player = 8;
    int bot_stream_keepalive_seconds = 7;
};

}  // namespace reversi::server
