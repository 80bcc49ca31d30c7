// SPDX-License-Identifier: MIT
// A connection at a table (/ws?table=...&token=...) as an Endpoint: the hub's subscriber for
// it. Opening subscribes with the table and token, each message goes to the hub, and the end
// unsubscribes while the hub still exists; what the hub sends goes to the connection.
#pragma once

#include <memory>
#include <string>

#include "server/common/endpoint.h"
#include "server/hub/hub.h"

namespace reversi::server {

class TableEndpoint : public Endpoint, public Subscriber {
  public:
    // An endpoint for table `table` with seat token `token` (may be empty: a spectator).
    TableEndpoint(GameHub& hub, std::string table, std::string token);

    void open(Peer& peer) override;
    void message(const std::string& text) override;
    void closed() override;

    using Subscriber::send;
    void send(Outgoing message) override;
    void close() override;

  private:
    GameHub& hub_;
    std::weak_ptr<const int> hub_life_;
    std::string table_, token_;
    Peer* peer_ = nullptr;
};

}  // namespace reversi::server
