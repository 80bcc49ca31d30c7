// SPDX-License-Identifier: MIT
// The accept loop (accept_loop.h). An asynchronous accept wakes it; the connections queued
// behind that one are then taken with non-blocking accepts until the kernel has none left or
// MaxPerTurn were taken, and only then does it wait again. Asio completes one accept per
// handler, and each handler waits its turn behind every write and read of the games: that
// was one accept per turn of the loop.
#include "server/net/accept_loop.h"

#include <algorithm>
#include <iostream>

namespace reversi::server {

namespace {

constexpr std::chrono::milliseconds FirstBackoff{50}, LongestBackoff{1000};
// listen() quietly takes the smaller of this and net.core.somaxconn (docs/OPERATIONS.md).
constexpr int ListenBacklog = 65535;

}  // namespace

AcceptLoop::AcceptLoop(net::io_context& ioc, const tcp::endpoint& endpoint, std::string name,
                       Handler handler)
    : ioc_(ioc),
      acceptor_(ioc),
      name_(std::move(name)),
      handler_(std::move(handler)),
      backoff_timer_(ioc) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(ListenBacklog);
    acceptor_.non_blocking(true);  // for take_queued; the asynchronous accept still waits
}

void AcceptLoop::run() {
    do_accept();
}

void AcceptLoop::stop() {
    error_code ec;
    acceptor_.close(ec);
    backoff_timer_.cancel();
}

void AcceptLoop::do_accept() {
    if (!acceptor_.is_open()) return;
    acceptor_.async_accept(ioc_,
                           beast::bind_front_handler(&AcceptLoop::on_accept, shared_from_this()));
}

void AcceptLoop::on_accept(error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
    if (ec) return back_off(ec);
    if (backoff_.count() > 0) {
        std::cerr << name_ << ": accepting connections again" << std::endl;
        backoff_ = {};
    }
    handler_(std::move(socket));
    take_queued();
}

void AcceptLoop::take_queued() {
    for (int taken = 1; taken < MaxPerTurn && acceptor_.is_open(); ++taken) {
        tcp::socket socket(ioc_);
        error_code ec;
        acceptor_.accept(socket, ec);
        if (ec == net::error::would_block || ec == net::error::try_again) break;
        if (ec) return back_off(ec);
        handler_(std::move(socket));
    }
    do_accept();
}

void AcceptLoop::back_off(const error_code& ec) {
    if (backoff_.count() == 0) {
        std::cerr << name_ << ": accept failed (" << ec.message() << "); retrying after "
                  << FirstBackoff.count() << " ms, then up to " << LongestBackoff.count()
                  << " ms apart until it succeeds" << std::endl;
        backoff_ = FirstBackoff;
    } else {
        backoff_ = std::min(backoff_ * 2, LongestBackoff);
    }
    backoff_timer_.expires_after(backoff_);
    backoff_timer_.async_wait([self = shared_from_this()](error_code ec) {
        if (!ec) self->do_accept();
    });
}

}  // namespace reversi::server
