// SPDX-License-Identifier: MIT
// A browser as the accounts tests need it: HTTP requests and a WebSocket that carry the
// session cookie the server set, like a browser's cookie jar for one site.
#pragma once

#include <string>

#include "server_harness.h"

namespace reversi::server::testing_support {

struct BrowserReply {
    int status = 0;
    std::string set_cookie;  // the Set-Cookie header, empty when none
    std::string body;
    http::fields headers;  // every header of the answer
    json data() const { return json::parse(body); }
    // "name=value" of the answer's Set-Cookie for `name` (any of its Set-Cookie headers).
    std::string cookie_named(const std::string& name) const {
        for (auto it = headers.find(http::field::set_cookie);
             it != headers.end() && it->name() == http::field::set_cookie; ++it) {
            const std::string value(it->value());
            if (value.rfind(name + "=", 0) == 0) return value.substr(0, value.find(';'));
        }
        return {};
    }
};

class Browser {
  public:
    // `from`, when given, is the loopback address the client connects from (127.0.0.2...), so
    // that two browsers count as two addresses (rated pairings, limits per address).
    explicit Browser(unsigned short port, std::string address = "127.0.0.1", std::string from = {})
        : port_(port), address_(std::move(address)), from_(std::move(from)) {}

    BrowserReply request(http::verb method, const std::string& target,
                         const std::string& body = "") {
        net::io_context ioc;
        beast::tcp_stream stream(ioc);
        stream.expires_after(std::chrono::seconds(10));
        if (!from_.empty()) {
            stream.socket().open(tcp::v4());
            stream.socket().bind(tcp::endpoint(net::ip::make_address(from_), 0));
        }
        stream.connect(tcp::endpoint(net::ip::make_address(address_), port_));
        http::request<http::string_body> req{method, target, 11};
        req.set(http::field::host, "127.0.0.1");
        req.set(http::field::content_type, "application/json");
        if (!cookie_.empty()) req.set(http::field::cookie, cookie_);
        for (const auto& [name, value] : headers_) req.set(name, value);
        req.body() = body;
        req.prepare_payload();
        http::write(stream, req);
        beast::flat_buffer buffer;
        http::response<http::string_body> res;
        http::read(stream, buffer, res);
        error_code ec;
        stream.socket().shutdown(tcp::socket::shutdown_both, ec);
        BrowserReply out{static_cast<int>(res.result_int()),
                         std::string(res[http::field::set_cookie]), res.body(), res.base()};
        // Keep "rv_session=value" (or forget it when the server clears it).
        if (!out.set_cookie.empty()) {
            const std::string pair = out.set_cookie.substr(0, out.set_cookie.find(';'));
            cookie_ = pair == "rv_session=" ? "" : pair;
        }
        return out;
    }
    BrowserReply get(const std::string& target) { return request(http::verb::get, target); }
    BrowserReply post(const std::string& target, const json& body) {
        return request(http::verb::post, target, body.dump());
    }

    const std::string& cookie() const { return cookie_; }
    void set_cookie(std::string cookie) { cookie_ = std::move(cookie); }
    // Connects from `address` (another loopback address, 127.0.0.2, ...) from now on.
    void set_source(std::string address) { from_ = std::move(address); }
    // A header sent with every later request (X-Forwarded-For, Origin, ...).
    void set_header(const std::string& name, const std::string& value) {
        headers_.emplace_back(name, value);
    }
    const std::string& from() const { return from_; }

  private:
    unsigned short port_;
    std::string address_;
    std::string from_;
    std::string cookie_;
    std::vector<std::pair<std::string, std::string>> headers_;
};

// A WebSocket that sends the browser's cookie with its handshake.
class CookieSocket {
  public:
    CookieSocket(unsigned short port, const std::string& target, const std::string& cookie,
                 const std::string& from = {})
        : ws_(ioc_) {
        if (!from.empty()) {
            beast::get_lowest_layer(ws_).socket().open(tcp::v4());
            beast::get_lowest_layer(ws_).socket().bind(
                tcp::endpoint(net::ip::make_address(from), 0));
        }
        beast::get_lowest_layer(ws_).connect(
            tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        ws_.set_option(websocket::stream_base::decorator([cookie](websocket::request_type& req) {
            if (!cookie.empty()) req.set(http::field::cookie, cookie);
        }));
        ws_.handshake("127.0.0.1", target);
    }
    ~CookieSocket() {
        error_code ec;
        beast::get_lowest_layer(ws_).socket().close(ec);
    }
    void send(const json& msg) { ws_.write(net::buffer(msg.dump())); }
    // Reads until a message satisfies `pred`; throws after `seconds`.
    json read_until(const std::function<bool(const json&)>& pred, double seconds = 10) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::milliseconds(int(seconds * 1000));
        for (;;) {
            beast::flat_buffer buffer;
            bool done = false;
            error_code failure;
            ws_.async_read(buffer, [&](error_code ec, std::size_t) {
                failure = ec;
                done = true;
            });
            ioc_.restart();
            ioc_.run_until(deadline);
            if (!done) {
                beast::get_lowest_layer(ws_).socket().cancel();
                ioc_.restart();
                ioc_.run();
                throw std::runtime_error("timed out waiting for a message");
            }
            if (failure) throw std::runtime_error("socket: " + failure.message());
            const json msg = json::parse(beast::buffers_to_string(buffer.data()));
            if (pred(msg)) return msg;
        }
    }

  private:
    net::io_context ioc_;
    websocket::stream<beast::tcp_stream> ws_;
};

}  // namespace reversi::server::testing_support
