// SPDX-License-Identifier: MIT
// The listener. Every accepted connection takes a slot of the ConnectionLimiter first; the
// session keeps it until the socket closes. A connection over a cap gets a fixed 503 answer
// written at once (the request is not read, only drained after the answer so that closing
// does not reset the answer away), at most MaxRefusing of them at a time; beyond that a
// refused connection is simply closed, so a flood costs the server no more than accept and
// close.
#include "server/net/listener.h"

#include <array>
#include <sstream>

#include "server/common/metrics.h"

namespace reversi::server {

namespace {

constexpr int MaxRefusing = 64;

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
    : site_(site),
      settings_(std::make_shared<const SessionSettings>(std::move(settings))),
      limiter_(std::make_shared<ConnectionLimiter>(settings_->limits.max_connections,
                                                   settings_->limits.max_connections_per_address)),
      busy_response_(busy_response()),
      // stop() (also at destruction) ends the calls before `this` goes.
      accept_(std::make_shared<AcceptLoop>(
          ioc, endpoint, "listener", [this](tcp::socket socket) { admit(std::move(socket)); })) {}

Listener::~Listener() {
    stop();
}

void Listener::run() {
    accept_->run();
}

void Listener::stop() {
    accept_->stop();
}

void Listener::admit(tcp::socket socket) {
    error_code ec;
    const auto remote = socket.remote_endpoint(ec);
    if (ec) return;
    if (site_.metrics) site_.metrics->connections.add();
    // A trusted proxy carries many clients: each is counted once its request names it.
    ConnectionSlot slot = limiter_->acquire(address_key(remote.address()),
                                            !settings_->addresses.trusted(remote.address()));
    if (!slot) return refuse(std::move(socket));
    socket.set_option(tcp::no_delay(true), ec);
    std::make_shared<HttpSession>(std::move(socket), site_, settings_, std::move(slot))->run();
}

void Listener::refuse(tcp::socket socket) {
    count_error(site_.metrics, ErrorCode::Busy);
    if (*refusing_ >= MaxRefusing) return;  // the socket closes here
    std::make_shared<Refusal>(std::move(socket), busy_response_, refusing_)->run();
}

}  // namespace reversi::server
