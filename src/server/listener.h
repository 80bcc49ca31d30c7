// SPDX-License-Identifier: MIT
// Accepts TCP connections and starts an HttpSession for each.
#pragma once

#include <memory>
#include <string>

#include "server/game_hub.h"
#include "server/net.h"

namespace reversi::server {

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    // Binds and listens; throws boost::system::system_error when the port is unavailable.
    Listener(net::io_context& ioc, tcp::endpoint endpoint, GameHub& hub, std::string web_dir);
    // The port actually bound (useful with port 0).
    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run();
    void stop();

  private:
    void do_accept();
    void on_accept(error_code ec, tcp::socket socket);

    net::io_context& ioc_;
    tcp::acceptor acceptor_;
    GameHub& hub_;
    std::string web_dir_;
};

}  // namespace reversi::server
