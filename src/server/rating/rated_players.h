// SPDX-License-Identifier: MIT
// Who may play rated games (docs/SITE.md "Ratings"): a registered player, never a guest nor a
// visitor without a session. The one owner of that rule: a table made or joined, a seek, a
// challenge, quick pairing, a paired table and another node's events all ask it; and who may
// meet whom in a rated game (never two accounts playing from one address).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "server/common/identity.h"
#include "server/rating/device_sightings.h"

namespace reversi::server {

// True when `who` may hold a seat at a rated table.
bool may_play_rated(const Identity& who);

// A player about to take a seat of a rated game, and the address they play from (empty when
// not known, as for a seat restored from the store).
struct RatedSeat {
    int64_t player = 0;
    std::string address;
};

// Who may meet whom in a rated game: never two accounts from one address or seen on one
// device (one person's two accounts farm ratings so), unless the site allows it
// (`serve --rated-same-address`: the browser tests, or a club that plays behind one address).
// The one owner of that rule with its setting: the lobby asks it before pairing (so the one
// who accepts hears why) and the hub asks it again where the table is made (the last word).
class RatedMeetingRule {
  public:
    RatedMeetingRule() = default;  // addresses only, no exception
    // `devices` (may be null: addresses only) must outlive the rule.
    explicit RatedMeetingRule(bool same_address_allowed, const DeviceSightings* devices = nullptr)
        : same_address_allowed_(same_address_allowed), devices_(devices) {}
    // Why these players may not meet in one rated game; empty when they may.
    std::string problem(const std::vector<RatedSeat>& seats) const;

  private:
    bool same_address_allowed_ = false;
    const DeviceSightings* devices_ = nullptr;
};

// The refusal's text where a player who may not play rated asks for a rated game.
inline constexpr const char* RatedNeedsRegistration = "rated games are for registered players";

}  // namespace reversi::server
