// SPDX-License-Identifier: MIT
// The listener. Every accepted connection takes a slot of the ConnectionLimiter first; the
// session keeps it until the socket closes. A connection over a cap gets a fixed 503 answer
// written at once (the request is not read, only drained after the answer so that closing
// does not reset the answer away), at most MaxRefusing of them at a time; beyond that a
// refused connection is simply closed, so a flood costs the server no more than accept and
// close. Accept errors pause the loop with a doubling delay, logged once per episode.
#include "server/net/listener.h"

#include <algorithm>
#include <array>
#include <iostream>
#include <sstream>

#include "server/common/metrics.h"

namespace reversi::server {

namespace {

constexpr int MaxRefusing = 64;
constexpr std::chrono::milliseconds FirstBackoff{50}, LongestBackoff{1000};

std::shared_ptr<const std::string> busy_response() {
    http::response<http::string_body> res{http::status::service_unavailable, 11};
    res.set(http::field::server, "reversi");
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    res.set(http::field::retry_after, "1");
    add_security_headers(res, {});
    res.body() = error_text(ApiError(ErrorCode::Busy, "too many connections, try again later"));
    res.keep_alive(false);
    res.prepare_payload();
    std::ostringstream text;
    text << res;
    return std::make_shared<const std::string>(text.str());
}

// One refused connection: the answer, then reading (at most 64 KiB, for at most 2 s) until
// the client closes.
class Refusal : public std::enable_shared_from_this<Refusal> {
  public:
    Refusal(tcp::socket socket, std::shared_ptr<const std::string> text, std::shared_ptr<int> count)
        : stream_(std::move(socket)), text_(std::move(text)), count_(std::move(count)) {
        ++*count_;
    }
    ~Refusal() { --*count_; }
    void run() {
        stream_.expires_after(std::chrono::seconds(2));
        net::async_write(stream_, net::buffer(*text_),
                         [self = shared_from_this()](error_code ec, std::size_t) {
                             if (ec) return;
                             self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                             self->drain();
                         });
    }

  private:
    void drain() {
        stream_.async_read_some(net::buffer(scratch_),
                                [self = shared_from_this()](error_code ec, std::size_t n) {
                                    self->drained_ += n;
                                    if (!ec && self->drained_ < 64 * 1024) self->drain();
                                });
    }

    beast::tcp_stream stream_;
    std::shared_ptr<const std::string> text_;
    std::shared_ptr<int> count_;
    std::array<char, 4096> scratch_{};
    std::size_t drained_ = 0;
};

}  // namespace

Listener::Listener(net::io_context& ioc, tcp::endpoint endpoint, Site& site,
                   SessionSettings settings)
    : ioc_(ioc),
      acceptor_(ioc),
      site_(site),
      settings_(std::make_shared<const SessionSettings>(std::move(settings))),
      limiter_(std::make_shared<ConnectionLimiter>(settings_->limits.max_connections,
                                                   settings_->limits.max_connections_per_address)),
      backoff_timer_(ioc),
      busy_response_(busy_response()) {
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
    backoff_timer_.cancel();
}

void Listener::do_accept() {
    if (!acceptor_.is_open()) return;
    acceptor_.async_accept(ioc_,
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted) return;
    if (ec) return back_off(ec);
    if (backoff_.count() > 0) {
        std::cerr << "listener: accepting connections again" << std::endl;
        backoff_ = {};
    }
    const auto remote = socket.remote_endpoint(ec);
    if (!ec) {
        if (site_.metrics) site_.metrics->connections.add();
        // A trusted proxy carries many clients: each is counted once its request names it.
        ConnectionSlot slot = limiter_->acquire(address_key(remote.address()),
                                                !settings_->addresses.trusted(remote.address()));
        if (!slot) {
            refuse(std::move(socket));
        } else {
            socket.set_option(tcp::no_delay(true), ec);
            std::make_shared<HttpSession>(std::move(socket), site_, settings_, std::move(slot))
                ->run();
        }
    }
    do_accept();
}

void Listener::back_off(const error_code& ec) {
    if (backoff_.count() == 0) {
        std::cerr << "listener: accept failed (" << ec.message() << "); retrying after "
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

void Listener::refuse(tcp::socket socket) {
    if (*refusing_ >= MaxRefusing) return;  // the socket closes here
    std::make_shared<Refusal>(std::move(socket), busy_response_, refusing_)->run();
}

}  // namespace reversi::server
