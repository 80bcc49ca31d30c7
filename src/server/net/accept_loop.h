// SPDX-License-Identifier: MIT
// Accepts the TCP connections of one listening port and hands each to its owner. Each time the
// event loop wakes it, it takes every connection the kernel has queued (up to MaxPerTurn), not
// one: with one accept per turn of a loop busy with thousands of games, the kernel's accept
// queue overflowed, and connections waited seconds or were reset (issue 29, 10,000 games).
// When accept itself fails (too many open files, ...) it waits before trying again, 50 ms
// doubling up to 1 s, instead of spinning on the error, and logs once per episode.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "server/common/net.h"

namespace reversi::server {

class AcceptLoop : public std::enable_shared_from_this<AcceptLoop> {
  public:
    using Handler = std::function<void(tcp::socket)>;
    // Connections taken at most per wake-up, so that a flood of connects cannot hold the
    // event loop from the games for long.
    static constexpr int MaxPerTurn = 256;

    // Binds and listens with a backlog as large as the system allows (net.core.somaxconn);
    // throws boost::system::system_error when the port is unavailable. `name` prefixes the
    // log lines; `handler` gets each accepted socket, on the loop's thread, until stop().
    AcceptLoop(net::io_context& ioc, const tcp::endpoint& endpoint, std::string name,
               Handler handler);
    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run();
    // Closes the port; the handler is not called again.
    void stop();

  private:
    void do_accept();
    void on_accept(error_code ec, tcp::socket socket);
    // Takes what else the kernel has queued, without waiting.
    void take_queued();
    void back_off(const error_code& ec);

    net::io_context& ioc_;
    tcp::acceptor acceptor_;
    std::string name_;
    Handler handler_;
    net::steady_timer backoff_timer_;
    std::chrono::milliseconds backoff_{0};  // zero while accepting normally
};

}  // namespace reversi::server
