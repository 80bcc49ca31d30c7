// SPDX-License-Identifier: MIT
// Accepts TCP connections and starts an HttpSession for each, within the connection caps of
// ServerLimits: a connection over the global cap or its address's cap is answered 503 busy
// and closed. Accepting itself (in batches, backing off on errors) is the AcceptLoop's.
#pragma once

#include <memory>
#include <string>

#include "server/common/limits.h"
#include "server/common/net.h"
#include "server/net/accept_loop.h"
#include "server/net/connection_limiter.h"
#include "server/net/http_session.h"

namespace reversi::server {

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    // Binds and listens; throws boost::system::system_error when the port is unavailable.
    Listener(net::io_context& ioc, tcp::endpoint endpoint, Site& site, SessionSettings settings);
    ~Listener();
    // The port actually bound (useful with port 0).
    unsigned short port() const { return accept_->port(); }
    // Connections open now (HTTP and WebSocket).
    int open_connections() const { return limiter_->open(); }
    void run();
    void stop();

  private:
    // Starts a session on an accepted connection, or refuses it over a cap.
    void admit(tcp::socket socket);
    // Answers 503 busy on a connection over a cap, without reading its request, and closes it.
    void refuse(tcp::socket socket);

    Site& site_;
    std::shared_ptr<const SessionSettings> settings_;
    std::shared_ptr<ConnectionLimiter> limiter_;
    std::shared_ptr<const std::string> busy_response_;
    std::shared_ptr<int> refusing_ = std::make_shared<int>(0);  // refusals being written
    std::shared_ptr<AcceptLoop> accept_;
};

}  // namespace reversi::server
