// SPDX-License-Identifier: MIT
// Who may play rated: a guest's rating would start again with every new guest account, and a
// visitor without a session has no account to keep one.
#include "server/rating/rated_players.h"

namespace reversi::server {

bool may_play_rated(const Identity& who) {
    return who.player != 0 && !who.guest;
}

}  // namespace reversi::server
