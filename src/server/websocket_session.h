// SPDX-License-Identifier: MIT
// One WebSocket connection at a table: reads messages for the hub and writes what the hub
// sends, with at most one write in flight and a bounded queue (a client that stops reading
// is dropped rather than allowed to grow the server's memory). The session holds the
// connection slot of the HTTP connection it came from.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "server/connection_limiter.h"
#include "server/game_hub.h"
#include "server/net.h"

namespace reversi::server {

class WebsocketSession : public Subscriber, public std::enable_shared_from_this<WebsocketSession> {
  public:
    WebsocketSession(tcp::socket&& socket, GameHub& hub, ConnectionSlot slot);
    ~WebsocketSession() override;

    // Accepts the upgrade request and joins `table` with `token` (may be empty); `host` is
    // the request's Host header, for the response's security headers.
    void run(http::request<http::string_body> request, std::string table, std::string token,
             std::string host);
    using Subscriber::send;
    void send(Outgoing message) override;
    void close() override;

  private:
    void on_accept(error_code ec);
    void do_read();
    void on_read(error_code ec, std::size_t bytes);
    void do_write();
    void on_write(error_code ec, std::size_t bytes);
    void leave();
    // Sends `internal` after an exception from the hub, and logs it.
    void fail(std::string_view what);

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    GameHub& hub_;
    std::weak_ptr<const int> hub_life_;
    ConnectionSlot slot_;
    std::deque<Outgoing> queue_;
    std::string table_, token_;
    bool joined_ = false;
    bool closing_ = false;
};

}  // namespace reversi::server
