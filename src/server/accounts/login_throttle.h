// SPDX-License-Identifier: MIT
// Who may try a password now: the one owner of the login limits (docs/SITE.md "Identity").
// Each address spends a token per attempt (every attempt costs a hash); failures count per
// (name, address) and per name over a window. A name that many addresses failed on is closed
// only to the addresses that failed on it: an address with no failure on a name may always
// try it, so no one can lock an owner out by guessing. On a shared store the failures other
// nodes saw are passed in (`shared`), so the counts hold across nodes. Time is passed in
// (steady ms); not thread-safe (the network thread's).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>

#include "server/common/rate_limiter.h"
#include "server/storage/login_failure_store.h"

namespace reversi::server {

struct LoginLimits {
    double attempts_per_minute = 10;  // per address (a burst of as many)
    int failures_per_pair = 10;       // per (name, address) within the window
    int failures_per_name = 30;       // per name within the window, then only clean addresses
    int64_t window_ms = 15 * 60 * 1000;
};

class LoginThrottle {
  public:
    explicit LoginThrottle(LoginLimits limits = {});

    // Seconds before `address` may try a password of `name_key` (0: now). `shared` holds the
    // failures the store counted for this pair and name within the window (other nodes').
    double wait(const std::string& address, const std::string& name_key, int64_t now,
                LoginFailureCounts shared = {});
    // Seconds before `address` may make any attempt (a sign-up, which names no account).
    double wait(const std::string& address, int64_t now);
    // Spends one attempt of `address`.
    void attempt(const std::string& address, int64_t now);
    // A wrong password for `name_key` from `address`.
    void failed(const std::string& address, const std::string& name_key, int64_t now);
    // This node's failures of the pair and of the name within the window.
    LoginFailureCounts local(const std::string& address, const std::string& name_key, int64_t now);
    const LoginLimits& limits() const { return limits_; }

  private:
    using Times = std::deque<int64_t>;
    // The failures of `key` within the window (older ones dropped), or null when none.
    Times* recent(std::unordered_map<std::string, Times>& map, const std::string& key, int64_t now);
    void prune(int64_t now);

    LoginLimits limits_;
    RateLimiter attempts_;
    std::unordered_map<std::string, Times> by_pair_;  // name_key + '\n' + address
    std::unordered_map<std::string, Times> by_name_;
    int64_t pruned_ = 0;
};

}  // namespace reversi::server
