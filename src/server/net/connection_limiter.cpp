// SPDX-License-Identifier: MIT
// Connection counting. A client's entry is erased when its last connection closes, so the
// map holds only clients with open connections (at most max_connections entries).
#include "server/net/connection_limiter.h"

namespace reversi::server {

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

bool ConnectionSlot::move_to(const std::string& client) {
    if (!limiter_ || client == client_) return true;
    if (!limiter_->move(client_, client)) return false;
    client_ = client;
    return true;
}

void ConnectionSlot::release() {
    if (limiter_) limiter_->release(client_);
    limiter_.reset();
}

ConnectionLimiter::ConnectionLimiter(int max_total, int max_per_address)
    : max_total_(max_total), max_per_address_(max_per_address) {}

ConnectionSlot ConnectionLimiter::acquire(const std::string& client, bool per_address_cap) {
    if (open_ >= max_total_ || (per_address_cap && open_from(client) >= max_per_address_))
        return {};
    ++per_client_[client];
    ++open_;
    return ConnectionSlot(shared_from_this(), client);
}

int ConnectionLimiter::open_from(const std::string& client) const {
    const auto it = per_client_.find(client);
    return it == per_client_.end() ? 0 : it->second;
}

bool ConnectionLimiter::move(const std::string& from, const std::string& to) {
    if (open_from(to) >= max_per_address_) return false;
    ++per_client_[to];
    const auto it = per_client_.find(from);
    if (it != per_client_.end() && --it->second <= 0) per_client_.erase(it);
    return true;
}

void ConnectionLimiter::release(const std::string& client) {
    --open_;
    const auto it = per_client_.find(client);
    if (it != per_client_.end() && --it->second <= 0) per_client_.erase(it);
}

}  // namespace reversi::server
