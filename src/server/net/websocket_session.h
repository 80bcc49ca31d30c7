// SPDX-License-Identifier: MIT
// One WebSocket connection: reads messages for its Endpoint (a table's or the lobby's,
// common/endpoint.h) and writes what the endpoint sends, with at most one write in flight. A
// client that does not keep up is dropped (its socket closed at once, no closing handshake)
// rather than allowed to hold the server's memory: when a message has waited
// `write_timeout_seconds` for its write to finish, or when the unsent bytes would exceed
// `max_queued_bytes`. The session holds the connection slot of the HTTP connection it came
// from.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "server/common/endpoint.h"
#include "server/common/identity.h"
#include "server/common/limits.h"
#include "server/common/metrics.h"
#include "server/common/net.h"
#include "server/net/connection_limiter.h"

namespace reversi::server {

class WebsocketSession : public Peer, public std::enable_shared_from_this<WebsocketSession> {
  public:
    // A connection of the player `identity` (player 0: none) that will talk to `endpoint`;
    // the errors it sends itself are counted in `metrics` (may be null).
    WebsocketSession(tcp::socket&& socket, ConnectionSlot slot, const ServerLimits& limits,
                     Metrics* metrics, Identity identity, std::unique_ptr<Endpoint> endpoint);
    ~WebsocketSession() override;

    // Accepts the upgrade request and opens the endpoint; `host` is the request's Host
    // header, for the response's security headers.
    void run(http::request<http::string_body> request, std::string host);
    using Peer::send;
    void send(Outgoing message) override;
    void close() override;
    const Identity& identity() const override { return identity_; }
    const std::string& address() const override { return address_; }

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
    // Waits `after`, then drops the client if the write in flight is past write_timeout_.
    void arm_write_timer(std::chrono::steady_clock::duration after);
    // Sends `internal` after an exception from the endpoint, and logs it.
    void fail(std::string_view what);

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    ConnectionSlot slot_;
    Identity identity_;
    std::string address_;
    std::unique_ptr<Endpoint> endpoint_;
    Metrics* metrics_;
    std::chrono::seconds write_timeout_;
    std::size_t max_queued_bytes_;
    net::steady_timer write_timer_;
    std::deque<Outgoing> queue_;
    std::size_t queued_bytes_ = 0;
    std::chrono::steady_clock::time_point write_started_;  // of the write in flight
    bool write_timer_armed_ = false;
    bool joined_ = false;         // the endpoint is open: it hears closed() at the end
    bool closing_ = false;        // no more messages are queued
    bool close_started_ = false;  // the close frame is on its way
    bool dropped_ = false;        // the socket is closed
};

}  // namespace reversi::server
