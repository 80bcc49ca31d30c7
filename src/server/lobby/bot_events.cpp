// SPDX-License-Identifier: MIT
// The lines of a bot's event stream (lobby/bot_events.h).
#include "server/lobby/bot_events.h"

#include "server/common/protocol.h"

namespace reversi::server {

std::optional<std::string> bot_event_line(const std::string& lobby_message) {
    // The lobby's own messages: always JSON objects with a type.
    const json msg = json::parse(lobby_message, nullptr, false);
    if (!msg.is_object()) return std::nullopt;
    const std::string type = msg.value("type", "");
    if (type == "challenge" || type == "challenge_gone" || type == "paired" || type == "games" ||
        type == "tournament")
        return lobby_message;
    if (type == "lobby")
        return dump_safe({{"type", "games"}, {"games", msg.value("games", json::array())}});
    return std::nullopt;
}

}  // namespace reversi::server
