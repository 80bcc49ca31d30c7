// SPDX-License-Identifier: MIT
// The bot bridge (`reversi bot`, docs/PROTOCOL.md "Bot API"): a GTP or NBoard engine plays on
// a `reversi serve` site as a bot account. It holds the bot's lobby socket, accepts the
// challenges it can play and plays each paired game on its own thread and table socket, the
// engine (a child process per game, cli/external_player.*) choosing every move of the bot's
// seat. The bridge speaks the site's own WebSocket protocol, authenticated by the API token.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace reversi::cli {

struct BotOptions {
    std::string server = "http://127.0.0.1:8080";  // http://HOST[:PORT]
    std::string token;                             // the bot's API token (POST /api/bot/token)
    std::string engine;                            // "gtp:COMMAND" or "nboard:COMMAND"
    int games = 0;                                 // stop after this many finished games (0: never)
    int parallel = 1;                              // games at once; challenges beyond are declined
    bool rated = true;                             // accept rated challenges
};

// Runs the bridge until `games` games have finished (or forever); progress lines go to `log`.
// Throws std::runtime_error when the server cannot be reached at the start or refuses the
// token; a connection lost later (a restart) is made again, waiting 1 s, then doubling to 30 s.
void run_bot(const BotOptions& options, std::ostream& log);

}  // namespace reversi::cli
