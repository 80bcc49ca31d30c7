// SPDX-License-Identifier: MIT
// Who may play rated: a guest's rating would start again with every new guest account, and a
// visitor without a session has no account to keep one. Two accounts from one address are
// kept apart in rated games whatever else they do: that is how issue 27's farmer went from
// 1500 to 2120 in a minute.
#include "server/rating/rated_players.h"

namespace reversi::server {

bool may_play_rated(const Identity& who) {
    return who.player != 0 && !who.guest;
}

std::string RatedMeetingRule::problem(const std::vector<RatedSeat>& seats) const {
    if (same_address_allowed_) return {};
    for (size_t i = 0; i < seats.size(); ++i)
        for (size_t j = i + 1; j < seats.size(); ++j)
            if (!seats[i].address.empty() && seats[i].address == seats[j].address &&
                seats[i].player != seats[j].player)
                return "rated games are between players on different connections; two accounts "
                       "from one address play casual games only";
    if (devices_)
        for (size_t i = 0; i < seats.size(); ++i)
            for (size_t j = i + 1; j < seats.size(); ++j)
                if (devices_->shared(seats[i].player, seats[j].player))
                    return "rated games are between players on different devices; two accounts "
                           "used in one browser play casual games only";
    return {};
}

}  // namespace reversi::server
