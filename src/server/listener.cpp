// SPDX-License-Identifier: MIT
// The listener. Accept errors (a client that resets early, too many open files) are logged
// by being ignored: the loop keeps accepting, as the Beast examples do.
#include "server/listener.h"

#include "server/http_session.h"

namespace reversi::server {

Listener::Listener(net::io_context& ioc, tcp::endpoint endpoint, GameHub& hub, std::string web_dir)
    : ioc_(ioc), acceptor_(ioc), hub_(hub), web_dir_(std::move(web_dir)) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
}

void Listener::run() {
    do_accept();
}

void Listener::stop() {
    error_code ec;
    acceptor_.close(ec);
}

void Listener::do_accept() {
    acceptor_.async_accept(ioc_,
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (!ec) {
        socket.set_option(tcp::no_delay(true), ec);
        std::make_shared<HttpSession>(std::move(socket), hub_, web_dir_)->run();
    }
    do_accept();
}

}  // namespace reversi::server
