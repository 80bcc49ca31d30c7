// SPDX-License-Identifier: MIT
// Accepts TCP connections and starts an HttpSession for each, within the connection caps of
// ServerLimits: a connection over the global cap or its address's cap is answered 503 busy
// and closed. When accept itself fails (too many open files, ...) the listener waits before
// trying again, 50 ms doubling up to 1 s, instead of spinning on the error.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "server/common/limits.h"
#include "server/common/net.h"
#include "server/hub/hub.h"
#include "server/net/connection_limiter.h"
#include "server/net/http_session.h"

namespace reversi::server {

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    // Binds and listens; throws boost::system::system_error when the port is unavailable.
    Listener(net::io_context& ioc, tcp::endpoint endpoint, Site& site, SessionSettings settings);
    // The port actually bound (useful with port 0).
    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    // Connections open now (HTTP and WebSocket).
    int open_connections() const { return limiter_->open(); }
    void run();
    void stop();

  private:
    void do_accept();
    void on_accept(error_code ec, tcp::socket socket);
    // Waits before the next accept after an accept error.
    void back_off(const error_code& ec);
    // Answers 503 busy on a connection over a cap, without reading its request, and closes it.
    void refuse(tcp::socket socket);

    net::io_context& ioc_;
    tcp::acceptor acceptor_;
    Site& site_;
    std::shared_ptr<const SessionSettings> settings_;
    std::shared_ptr<ConnectionLimiter> limiter_;
    net::steady_timer backoff_timer_;
    std::chrono::milliseconds backoff_{0};  // zero while accepting normally
    std::shared_ptr<const std::string> busy_response_;
    std::shared_ptr<int> refusing_ = std::make_shared<int>(0);  // refusals being written
};

}  // namespace reversi::server
