// SPDX-License-Identifier: MIT
// What a bot's event stream carries (docs/PROTOCOL.md "Bot API"): the lobby socket's messages
// that concern a bot's own games, each as one line. The one owner of that choice; the stream
// (net/event_stream.*) only frames the lines.
#pragma once

#include <optional>
#include <string>

namespace reversi::server {

// `challenge`, `challenge_gone`, `paired`, `games` and `tournament` pass as they are; the
// first `lobby` message becomes a `games` line (the bot's running games, so a bot that
// reconnects finds them); seeks, the online count and the rest are left out.
std::optional<std::string> bot_event_line(const std::string& lobby_message);

}  // namespace reversi::server
