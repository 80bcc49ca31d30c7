// SPDX-License-Identifier: MIT
// What a WebSocket connection talks to, and what the connection is to it. The session
// (net/websocket_session.*) knows one Endpoint and nothing of the hub or the lobby behind it,
// as the chat server's websocket_session knows only its shared_state; the hub
// (hub/table_endpoint.h) and the lobby (lobby/endpoint.h) each make one per connection.
// Everything here runs on the network thread.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "server/common/identity.h"

namespace reversi::server {

// One text message: a body shared by every recipient, then a short tail of this recipient's
// own (the "you" of a state), so a broadcast writes the table state once, not once per client.
struct Outgoing {
    std::shared_ptr<const std::string> body;
    std::string tail;
};

// A live connection as an endpoint sees it.
class Peer {
  public:
    virtual ~Peer() = default;
    // Queues a text message (body then tail) to the client.
    virtual void send(Outgoing message) = 0;
    void send(std::shared_ptr<const std::string> message) {
        send(Outgoing{std::move(message), {}});
    }
    // Closes the connection after the queued messages; the endpoint hears closed() later,
    // never from inside this call.
    virtual void close() = 0;
    // The player of the connection's session cookie (player 0: none); fixed before open().
    virtual const Identity& identity() const = 0;
    // The client's address, as its HTTP requests and connections are counted under.
    virtual const std::string& address() const = 0;
};

// What one connection talks to: a table (through the hub) or the lobby.
class Endpoint {
  public:
    virtual ~Endpoint() = default;
    // The connection is open (the upgrade accepted); `peer` outlives the endpoint's use of it.
    // May throw: the session then answers `internal` and closes, and closed() still follows.
    virtual void open(Peer& peer) = 0;
    // One message from the client.
    virtual void message(const std::string& text) = 0;
    // The connection has ended: called once, after open(), before the peer goes.
    virtual void closed() = 0;
};

}  // namespace reversi::server
