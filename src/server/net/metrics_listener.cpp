// SPDX-License-Identifier: MIT
// The metrics listener: one request per connection, read under a deadline and a small size
// bound, at most MaxOpen connections at a time (a scraper needs one), so a stray client on
// the metrics port costs the network thread next to nothing.
#include "server/net/metrics_listener.h"

#include <sodium.h>

#include <chrono>

namespace reversi::server {

namespace {

constexpr int MaxOpen = 8;
constexpr auto ReadDeadline = std::chrono::seconds(10);
constexpr std::size_t MaxRequestBytes = 8 * 1024;

// Whether the request carries "Bearer TOKEN", compared in constant time.
bool token_matches(const http::request<http::empty_body>& req, const std::string& token) {
    if (token.empty()) return true;
    const auto it = req.find(http::field::authorization);
    if (it == req.end()) return false;
    const std::string expected = "Bearer " + token;
    const auto given = it->value();
    return given.size() == expected.size() &&
           sodium_memcmp(given.data(), expected.data(), expected.size()) == 0;
}

struct Scrape : std::enable_shared_from_this<Scrape> {
    beast::tcp_stream stream;
    beast::flat_buffer buffer;
    http::request_parser<http::empty_body> parser;
    http::response<http::string_body> res;
    const Metrics& metrics;
    const std::string token;
    std::shared_ptr<int> open;

    Scrape(tcp::socket socket, const Metrics& m, const std::string& t, std::shared_ptr<int> o)
        : stream(std::move(socket)), metrics(m), token(t), open(std::move(o)) {
        ++*open;
        parser.header_limit(MaxRequestBytes);
    }
    ~Scrape() { --*open; }

    void run() {
        stream.expires_after(ReadDeadline);
        http::async_read(stream, buffer, parser,
                         [self = shared_from_this()](error_code ec, std::size_t) {
                             if (!ec) self->answer();
                         });
    }

    void answer() {
        const auto& req = parser.get();
        res.version(11);
        res.set(http::field::server, "reversi");
        res.keep_alive(false);
        if (req.method() != http::verb::get || req.target() != "/metrics") {
            res.result(http::status::not_found);
            res.set(http::field::content_type, "text/plain");
            res.body() = "not found\n";
        } else if (!token_matches(req, token)) {
            res.result(http::status::unauthorized);
            res.set(http::field::www_authenticate, "Bearer");
            res.set(http::field::content_type, "text/plain");
            res.body() = "unauthorized\n";
        } else {
            res.result(http::status::ok);
            res.set(http::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
            res.body() = metrics.text();
        }
        res.prepare_payload();
        http::async_write(stream, res, [self = shared_from_this()](error_code, std::size_t) {
            error_code ignored;
            self->stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
        });
    }
};

}  // namespace

MetricsListener::MetricsListener(net::io_context& ioc, tcp::endpoint endpoint,
                                 const Metrics& metrics, std::string token)
    : metrics_(metrics),
      token_(std::move(token)),
      // stop() (also at destruction) ends the calls before `this` goes.
      accept_(std::make_shared<AcceptLoop>(
          ioc, endpoint, "metrics listener",
          [this](tcp::socket socket) { answer(std::move(socket)); })) {}

MetricsListener::~MetricsListener() {
    stop();
}

void MetricsListener::run() {
    accept_->run();
}

void MetricsListener::stop() {
    accept_->stop();
}

void MetricsListener::answer(tcp::socket socket) {
    if (*open_ < MaxOpen)
        std::make_shared<Scrape>(std::move(socket), metrics_, token_, open_)->run();
}

}  // namespace reversi::server
