// SPDX-License-Identifier: MIT
// Connection counting. A client's entry is erased when its last connection closes, so the
// map holds only clients with open connections (at most max_connections entries).
#include "server/net/connection_limiter.h"

namespace reversi::server {

std::string address_key(const net::ip::address& address) {
    if (address.is_v4()) return address.to_string();
    const auto v6 = address.to_v6();
    if (v6.is_v4_mapped()) return net::ip::make_address_v4(net::ip::v4_mapped, v6).to_string();
    auto bytes = v6.to_bytes();
    for (size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
    return net::ip::address_v6(bytes).to_string() + "/64";
}

ConnectionSlot::ConnectionSlot(std::shared_ptr<ConnectionLimiter> limiter, std::string client)
    : limiter_(std::move(limiter)), client_(std::move(client)) {}

ConnectionSlot::ConnectionSlot(ConnectionSlot&& other) noexcept
    : limiter_(std::move(other.limiter_)), client_(std::move(other.client_)) {
    other.limiter_.reset();
}

ConnectionSlot& ConnectionSlot::operator=(ConnectionSlot&& other) noexcept {
    if (this != &other) {
        release();
        limiter_ = std::move(other.limiter_);
        client_ = std::move(other.client_);
        other.limiter_.reset();
    }
    return *this;
}

ConnectionSlot::~ConnectionSlot() {
    release();
}

void ConnectionSlot::release() {
    if (limiter_) limiter_->release(client_);
    limiter_.reset();
}

ConnectionLimiter::ConnectionLimiter(int max_total, int max_per_address)
    : max_total_(max_total), max_per_address_(max_per_address) {}

ConnectionSlot ConnectionLimiter::acquire(const std::string& client) {
    if (open_ >= max_total_ || open_from(client) >= max_per_address_) return {};
    ++per_client_[client];
    ++open_;
    return ConnectionSlot(shared_from_this(), client);
}

int ConnectionLimiter::open_from(const std::string& client) const {
    const auto it = per_client_.find(client);
    return it == per_client_.end() ? 0 : it->second;
}

void ConnectionLimiter::release(const std::string& client) {
    --open_;
    const auto it = per_client_.find(client);
    if (it != per_client_.end() && --it->second <= 0) per_client_.erase(it);
}

}  // namespace reversi::server
