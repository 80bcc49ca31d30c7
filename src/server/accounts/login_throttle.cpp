// SPDX-License-Identifier: MIT
// Login limits. Failures are kept as times per key and dropped once out of the window; the
// maps are swept at most once a minute, so memory follows the failures of the last window
// (each address adds at most attempts_per_minute of them a minute).
#include "server/accounts/login_throttle.h"

#include <algorithm>

namespace reversi::server {

namespace {

std::string pair_key(const std::string& address, const std::string& name_key) {
    return name_key + '\n' + address;
}

}  // namespace

LoginThrottle::LoginThrottle(LoginLimits limits)
    : limits_(limits), attempts_(limits.attempts_per_minute, limits.attempts_per_minute) {}

LoginThrottle::Times* LoginThrottle::recent(std::unordered_map<std::string, Times>& map,
                                            const std::string& key, int64_t now) {
    const auto it = map.find(key);
    if (it == map.end()) return nullptr;
    while (!it->second.empty() && it->second.front() <= now - limits_.window_ms)
        it->second.pop_front();
    if (it->second.empty()) {
        map.erase(it);
        return nullptr;
    }
    return &it->second;
}

void LoginThrottle::prune(int64_t now) {
    if (now - pruned_ < 60'000) return;
    pruned_ = now;
    attempts_.prune(now);
    for (auto* map : {&by_pair_, &by_name_})
        std::erase_if(*map, [&](const auto& kv) {
            return kv.second.empty() || kv.second.back() <= now - limits_.window_ms;
        });
}

LoginFailureCounts LoginThrottle::local(const std::string& address, const std::string& name_key,
                                        int64_t now) {
    const Times* pair = recent(by_pair_, pair_key(address, name_key), now);
    const Times* name = recent(by_name_, name_key, now);
    return {pair ? static_cast<int>(pair->size()) : 0, name ? static_cast<int>(name->size()) : 0};
}

double LoginThrottle::wait(const std::string& address, int64_t now) {
    prune(now);
    return attempts_.wait_seconds(address, now);
}

double LoginThrottle::wait(const std::string& address, const std::string& name_key, int64_t now,
                           LoginFailureCounts shared) {
    double seconds = wait(address, now);
    const LoginFailureCounts mine = local(address, name_key, now);
    const int pair = std::max(mine.pair, shared.pair);
    const int name = std::max(mine.name, shared.name);
    const bool pair_out = pair >= limits_.failures_per_pair;
    // A busy name is closed only to the addresses that failed on it.
    const bool name_out = pair > 0 && name >= limits_.failures_per_name;
    if (pair_out || name_out) {
        // Until the pair's oldest failure leaves the window (a whole window when this node
        // saw none of them).
        const Times* times = recent(by_pair_, pair_key(address, name_key), now);
        const int64_t until = times ? times->front() + limits_.window_ms : now + limits_.window_ms;
        seconds = std::max(seconds, static_cast<double>(until - now) / 1000.0);
    }
    return seconds;
}

void LoginThrottle::attempt(const std::string& address, int64_t now) {
    attempts_.allow(address, now);
}

void LoginThrottle::failed(const std::string& address, const std::string& name_key, int64_t now) {
    by_pair_[pair_key(address, name_key)].push_back(now);
    by_name_[name_key].push_back(now);
}

}  // namespace reversi::server
