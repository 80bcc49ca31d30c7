// SPDX-License-Identifier: MIT
// Who may make one more tournament now (docs/SITE.md "Tournaments"; issue 48: 66 fresh
// accounts made 195 tournaments in 5 s and every creation was refused after): a few unfinished
// ones of one's own, room among the players' tournaments (those with entrants and the empty
// ones counted apart, the site's scheduled ones in neither), and a daily allowance per creator
// and per address.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "server/common/rate_limiter.h"
#include "server/tournament/limits.h"
#include "server/tournament/tournament.h"

namespace reversi::server::tournament {

// Unfinished tournaments per creator (the site's other limits are TournamentLimits).
constexpr int MaxLivePerCreator = 3;

class CreationQuota {
  public:
    explicit CreationQuota(const TournamentLimits& limits);

    // Throws ApiError when `creator` (from `address`) may not make a tournament now beside
    // `held`; otherwise spends one of its daily allowances and of its address's.
    void spend(int64_t creator, const std::string& address,
               const std::map<std::string, Tournament>& held, int64_t now);
    // Forgets the creators and addresses whose allowance is full again.
    void prune(int64_t now);

  private:
    TournamentLimits limits_;
    RateLimiter by_creator_;
    RateLimiter from_address_;
};

}  // namespace reversi::server::tournament
