// SPDX-License-Identifier: MIT
// The creation limits of players' tournaments (creation_quota.h).
#include "server/tournament/creation_quota.h"

#include "server/common/protocol.h"

namespace reversi::server::tournament {

namespace {

// A bucket of `per_day` a day, all of them at once.
RateLimiter daily(int per_day) {
    return RateLimiter(per_day / (24.0 * 60), per_day);
}

}  // namespace

CreationQuota::CreationQuota(const TournamentLimits& limits)
    : limits_(limits),
      by_creator_(daily(limits.per_player_per_day)),
      from_address_(daily(limits.per_address_per_day)) {}

void CreationQuota::spend(int64_t creator, const std::string& address,
                          const std::map<std::string, Tournament>& held, int64_t now) {
    int full = 0, empty = 0, mine = 0;
    for (const auto& [id, t] : held) {
        if (t.status() == Status::Finished) continue;
        mine += t.created_by(creator);
        if (!t.settings().scheduled.empty()) continue;  // the site's own take no slot
        (t.entrants().size() >= 2 ? full : empty) += 1;
    }
    if (mine >= MaxLivePerCreator)
        throw ApiError(ErrorCode::NotAllowed, "at most 3 tournaments of yours at a time");
    if (full >= limits_.max_tournaments || empty >= limits_.max_empty)
        throw ApiError(ErrorCode::Busy, "too many tournaments; try later");
    const std::string by = "p" + std::to_string(creator);
    if (by_creator_.wait_seconds(by, now) > 0 || from_address_.wait_seconds(address, now) > 0)
        throw ApiError(ErrorCode::RateLimited,
                       "you have made enough tournaments today; try again tomorrow");
    by_creator_.allow(by, now);
    from_address_.allow(address, now);
}

void CreationQuota::prune(int64_t now) {
    by_creator_.prune(now);
    from_address_.prune(now);
}

}  // namespace reversi::server::tournament
