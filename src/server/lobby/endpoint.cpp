// SPDX-License-Identifier: MIT
// The lobby's endpoints: the lobby socket's, and the presence count around a table socket's.
#include "server/lobby/endpoint.h"

#include <utility>

namespace reversi::server {

LobbyEndpoint::LobbyEndpoint(Lobby& lobby) : lobby_(lobby), lobby_life_(lobby.life()) {}

void LobbyEndpoint::open(Peer& peer) {
    peer_ = &peer;
    lobby_.connect(*this);
}

void LobbyEndpoint::message(const std::string& text) {
    if (!lobby_life_.expired()) lobby_.on_message(*this, text);
}

void LobbyEndpoint::closed() {
    if (!lobby_life_.expired()) lobby_.disconnect(*this);
}

void LobbyEndpoint::deliver(std::shared_ptr<const std::string> text) {
    peer_->send(std::move(text));
}

void LobbyEndpoint::close() {
    if (peer_) peer_->close();
}

const Identity& LobbyEndpoint::who() const {
    return peer_->identity();
}

const std::string& LobbyEndpoint::address() const {
    return peer_->address();
}

namespace {

// A table socket's endpoint whose player counts as online in the lobby while it is open.
class CountedOnline : public Endpoint {
  public:
    CountedOnline(Lobby& lobby, std::unique_ptr<Endpoint> table)
        : lobby_(lobby), lobby_life_(lobby.life()), table_(std::move(table)) {}

    void open(Peer& peer) override {
        peer_ = &peer;
        if (!lobby_life_.expired() && peer.identity().player != 0) {
            lobby_.table_presence(peer.identity(), +1);
            counted_ = true;
        }
        table_->open(peer);
    }
    void message(const std::string& text) override { table_->message(text); }
    void closed() override {
        table_->closed();
        if (counted_ && !lobby_life_.expired()) lobby_.table_presence(peer_->identity(), -1);
        counted_ = false;
    }

  private:
    Lobby& lobby_;
    std::weak_ptr<const int> lobby_life_;
    std::unique_ptr<Endpoint> table_;
    Peer* peer_ = nullptr;
    bool counted_ = false;
};

}  // namespace

std::unique_ptr<Endpoint> counted_online(Lobby& lobby, std::unique_ptr<Endpoint> table) {
    return std::make_unique<CountedOnline>(lobby, std::move(table));
}

}  // namespace reversi::server
