// SPDX-License-Identifier: MIT
// One WebSocket connection at a table: reads messages for the hub and writes what the hub
// sends, with at most one write in flight. A client that does not keep up is dropped (its
// socket closed at once, no closing handshake) rather than allowed to hold the server's
// memory: when a message has waited `write_timeout_seconds` for its write to finish, or when
// the unsent bytes would exceed `max_queued_bytes`. The session holds the connection slot of
// the HTTP connection it came from.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "server/common/limits.h"
#include "server/common/net.h"
#include "server/hub/hub.h"
#include "server/lobby/lobby.h"
#include "server/net/connection_limiter.h"

namespace reversi::server {

class WebsocketSession : public Subscriber,
                         public LobbyClient,
                         public std::enable_shared_from_this<WebsocketSession> {
  public:
    WebsocketSession(tcp::socket&& socket, GameHub& hub, ConnectionSlot slot,
                     const ServerLimits& limits);
    ~WebsocketSession() override;

    // Accepts the upgrade request and joins `table` with `token` (may be empty); `host` is
    // the request's Host header, for the response's security headers.
    void run(http::request<http::string_body> request, std::string table, std::string token,
             std::string host);
    // Accepts the upgrade request and joins the lobby (docs/SITE.md "Lobby") instead of a
    // table.
    void run_lobby(http::request<http::string_body> request, Lobby& lobby, std::string host);
    // A table socket of a player counts as online in `lobby` (set before run; may be null).
    void set_lobby(Lobby* lobby);
    using Subscriber::send;
    void send(Outgoing message) override;
    void close() override;
    void deliver(std::shared_ptr<const std::string> text) override { send(std::move(text)); }
    const Identity& who() const override { return identity; }

  private:
    void on_accept(error_code ec);
    void do_read();
    void on_read(error_code ec, std::size_t bytes);
    void do_write();
    void on_write(error_code ec, std::size_t bytes);
    // Starts the closing handshake with `code` (once).
    void start_close(websocket::close_code code);
    // Closes the socket at once: the client is not reading.
    void drop();
    void leave();
    // Sends `internal` after an exception from the hub, and logs it.
    void fail(std::string_view what);

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    GameHub& hub_;
    std::weak_ptr<const int> hub_life_;
    ConnectionSlot slot_;
    std::chrono::seconds write_timeout_;
    std::size_t max_queued_bytes_;
    net::steady_timer write_timer_;
    std::deque<Outgoing> queue_;
    std::size_t queued_bytes_ = 0;
    uint64_t writes_ = 0;  // writes started; the timer of an older write is stale
    std::string table_, token_;
    bool joined_ = false;
    Lobby* lobby_ = nullptr;
    std::weak_ptr<const int> lobby_life_;
    bool in_lobby_ = false;          // a lobby socket, not a table's
    bool counted_in_lobby_ = false;  // a table socket counted by lobby_->table_presence
    bool closing_ = false;        // no more messages are queued
    bool close_started_ = false;  // the close frame is on its way
    bool dropped_ = false;        // the socket is closed
};

}  // namespace reversi::server
