// SPDX-License-Identifier: MIT
// What the lobby tests stand in for: a socket that records every message the lobby sends it,
// and a table the lobby asked for, kept until the test answers it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "server/lobby/lobby.h"

namespace reversi::server::testing_lobby {

class FakeLobbyClient : public LobbyClient {
  public:
    FakeLobbyClient(int64_t player, std::string name, bool guest = false) {
        identity = {player, std::move(name), guest};
        from = "10.9.0." + std::to_string(player);
    }
    const Identity& who() const override { return identity; }
    const std::string& address() const override { return from; }
    void deliver(std::shared_ptr<const std::string> text) override {
        got.push_back(json::parse(*text));
    }
    // Messages of `type` received so far.
    std::vector<json> of(const std::string& type) const {
        std::vector<json> out;
        for (const json& m : got)
            if (m["type"] == type) out.push_back(m);
        return out;
    }
    size_t count(const std::string& type) const { return of(type).size(); }
    // The first message of `type`, or null.
    json first(const std::string& type) const {
        for (const json& m : got)
            if (m["type"] == type) return m;
        return nullptr;
    }
    json last() const { return got.empty() ? json() : got.back(); }
    std::vector<json> got;
    Identity identity;
    std::string from;  // the client's address; each test client has its own by default
};

struct PendingTable {
    PairingOrder order;
    PairingDone done;
};

}  // namespace reversi::server::testing_lobby
