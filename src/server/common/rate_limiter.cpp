// SPDX-License-Identifier: MIT
#include "server/common/rate_limiter.h"

#include <algorithm>

namespace reversi::server {

RateLimiter::RateLimiter(double per_minute, double burst)
    : per_ms_(std::max(per_minute, 1e-9) / 60000.0), burst_(std::max(burst, 1.0)) {}

double RateLimiter::refilled(const Bucket& b, int64_t now) const {
    return std::min(
        burst_, b.tokens + static_cast<double>(std::max<int64_t>(0, now - b.updated)) * per_ms_);
}

bool RateLimiter::allow(const std::string& key, int64_t now) {
    auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst_, now});
    Bucket& b = it->second;
    b.tokens = refilled(b, now);
    b.updated = now;
    if (b.tokens < 1.0) return false;
    b.tokens -= 1.0;
    return true;
}

double RateLimiter::wait_seconds(const std::string& key, int64_t now) const {
    const auto it = buckets_.find(key);
    if (it == buckets_.end()) return 0;
    const double tokens = refilled(it->second, now);
    return tokens >= 1.0 ? 0 : (1.0 - tokens) / per_ms_ / 1000.0;
}

void RateLimiter::prune(int64_t now) {
    std::erase_if(buckets_, [&](const auto& kv) { return refilled(kv.second, now) >= burst_; });
}

}  // namespace reversi::server
