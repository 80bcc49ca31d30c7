// SPDX-License-Identifier: MIT
// Who a request or a socket belongs to, as the other parts of the server see it (docs/SITE.md
// "Identity"). Resolved from the session cookie by Accounts; `player == 0` means no session.
#pragma once

#include <cstdint>
#include <string>

namespace reversi::server {

struct Identity {
    int64_t player = 0;
    std::string name;
    bool guest = true;
    bool bot = false;  // a bot account (docs/PROTOCOL.md "Bot API"): shown as BOT
};

}  // namespace reversi::server
