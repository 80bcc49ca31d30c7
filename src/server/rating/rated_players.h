// SPDX-License-Identifier: MIT
// Who may play rated games (docs/SITE.md "Ratings"): a registered player, never a guest nor a
// visitor without a session. The one owner of that rule: a table made or joined, a seek, a
// challenge, quick pairing, a paired table and another node's events all ask it.
#pragma once

#include "server/common/identity.h"

namespace reversi::server {

// True when `who` may hold a seat at a rated table.
bool may_play_rated(const Identity& who);

// The refusal's text where a player who may not play rated asks for a rated game.
inline constexpr const char* RatedNeedsRegistration = "rated games are for registered players";

}  // namespace reversi::server
