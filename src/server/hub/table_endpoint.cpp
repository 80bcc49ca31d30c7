// SPDX-License-Identifier: MIT
// The table's endpoint. The peer's identity and address are copied into the subscriber before
// it subscribes: the hub reads them from there (seats held by a session, per-address limits).
#include "server/hub/table_endpoint.h"

#include <utility>

namespace reversi::server {

TableEndpoint::TableEndpoint(GameHub& hub, std::string table, std::string token)
    : hub_(hub), hub_life_(hub.life()), table_(std::move(table)), token_(std::move(token)) {}

void TableEndpoint::open(Peer& peer) {
    peer_ = &peer;
    identity = peer.identity();
    address = peer.address();
    hub_.subscribe(*this, table_, token_);
}

void TableEndpoint::message(const std::string& text) {
    hub_.on_message(*this, text);
}

void TableEndpoint::closed() {
    if (!hub_life_.expired()) hub_.unsubscribe(*this);
}

void TableEndpoint::send(Outgoing message) {
    peer_->send(std::move(message));
}

void TableEndpoint::close() {
    peer_->close();
}

}  // namespace reversi::server
