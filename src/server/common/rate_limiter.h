// SPDX-License-Identifier: MIT
// A token bucket per key (an IP address): each key may spend `burst` actions at once and
// earns them back at `per_minute` a minute. Time is passed in (steady milliseconds), so the
// limiter is tested without waiting. Not thread-safe: the hub owns it on the network thread.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

namespace reversi::server {

class RateLimiter {
  public:
    RateLimiter(double per_minute, double burst);
    // Spends one action of `key` at `now`; false (nothing spent) when its bucket is empty.
    bool allow(const std::string& key, int64_t now);
    // Seconds until `key` may act again (0 when it may now).
    double wait_seconds(const std::string& key, int64_t now) const;
    // Forgets keys whose buckets have filled up again, so memory follows active keys only.
    void prune(int64_t now);
    size_t keys() const { return buckets_.size(); }

  private:
    struct Bucket {
        double tokens = 0;
        int64_t updated = 0;
    };
    double refilled(const Bucket& b, int64_t now) const;

    double per_ms_;
    double burst_;
    std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace reversi::server
