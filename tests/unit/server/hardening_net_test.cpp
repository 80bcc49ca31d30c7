// SPDX-License-Identifier: MIT
// The network layer under hostile or careless clients (issue 12): raw bytes in paths,
// malformed HTTP, unknown methods and security headers.
// Each test runs the real `reversi serve` and checks afterwards that it still answers.
#include <gtest/gtest.h>

#include <array>
#include <optional>

#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;
using Clock = std::chrono::steady_clock;
using Response = http::response<http::string_body>;

Clock::time_point after(double seconds) {
    return Clock::now() + std::chrono::microseconds(static_cast<int64_t>(seconds * 1e6));
}
double seconds_left(Clock::time_point deadline) {
    return std::chrono::duration<double>(deadline - Clock::now()).count();
}

// Runs one asynchronous operation on `socket`, which `start` begins with the completion
// handler it is given, cancelling it after `seconds`: its result, or nothing on a timeout.
template <class Start>
std::optional<error_code> run_op(net::io_context& ioc, tcp::socket& socket, double seconds,
                                 Start start) {
    bool done = false;
    error_code result;
    start([&](error_code ec, std::size_t) {
        done = true;
        result = ec;
    });
    const auto deadline = after(seconds);
    ioc.restart();
    while (!done && ioc.run_one_until(deadline) != 0) {
    }
    if (done) return result;
    error_code ignored;
    socket.cancel(ignored);
    ioc.restart();
    ioc.run();
    return std::nullopt;
}

// Reads and drops what `socket` receives until the connection ends (true) or `deadline`
// passes (false).
bool drained_to_close(net::io_context& ioc, tcp::socket& socket, Clock::time_point deadline) {
    std::array<char, 65536> scratch{};
    while (seconds_left(deadline) > 0) {
        const auto ec = run_op(ioc, socket, seconds_left(deadline), [&](auto handler) {
            socket.async_read_some(net::buffer(scratch), handler);
        });
        if (!ec) return false;
        if (*ec) return true;
    }
    return false;
}

// A plain TCP connection from a chosen loopback address (the whole of 127/8 is local), for
// bytes that no HTTP library would send and for connections that just stay open.
class RawClient {
  public:
    explicit RawClient(unsigned short port, const std::string& from = "127.0.0.1") : socket_(ioc_) {
        socket_.open(tcp::v4());
        socket_.bind(tcp::endpoint(net::ip::make_address(from), 0));
        socket_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    }
    void send(const std::string& bytes) { net::write(socket_, net::buffer(bytes)); }
    // The next response (to a HEAD request: without a body); throws when none comes within
    // `seconds`.
    Response read_response(double seconds = 5, bool head = false) {
        http::response_parser<http::string_body> parser;
        parser.skip(head);
        const auto ec = run_op(ioc_, socket_, seconds, [&](auto handler) {
            http::async_read(socket_, buffer_, parser, handler);
        });
        if (!ec) throw std::runtime_error("no response");
        if (*ec) throw std::runtime_error("reading a response: " + ec->message());
        return parser.release();
    }
    // True when the server closes the connection (end of stream or reset) within `seconds`.
    bool closed_within(double seconds) { return drained_to_close(ioc_, socket_, after(seconds)); }

  private:
    net::io_context ioc_;
    tcp::socket socket_;
    beast::flat_buffer buffer_;
};

// Sends `bytes` on a new connection and reads the answer.
Response send_and_read(unsigned short port, const std::string& bytes,
                       const std::string& from = "127.0.0.1") {
    RawClient c(port, from);
    c.send(bytes);
    return c.read_response(5, bytes.rfind("HEAD ", 0) == 0);
}

Response request(unsigned short port, const std::string& method, const std::string& target,
                 const std::string& from = "127.0.0.1") {
    return send_and_read(port, method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                         from);
}

std::string code_of(const Response& res) {
    return json::parse(res.body()).at("code").get<std::string>();
}

void expect_alive(unsigned short port) {
    EXPECT_EQ(get(port, "/api/health").status, 200) << "the server no longer answers";
}

// A WebSocket client that keeps the server's handshake response.
class RawWs {
  public:
    RawWs(unsigned short port, const std::string& target) : ws_(ioc_) {
        socket().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        ws_.handshake(response_, "127.0.0.1:" + std::to_string(port), target);
    }
    websocket::stream<beast::tcp_stream>& ws() { return ws_; }
    const websocket::response_type& handshake_response() const { return response_; }

  private:
    tcp::socket& socket() { return beast::get_lowest_layer(ws_).socket(); }

    net::io_context ioc_;
    websocket::stream<beast::tcp_stream> ws_;
    websocket::response_type response_;
};

TEST(HardeningNet, RawBytesInPathsGetCleanErrors) {
    TempDir dir("net_raw_bytes");
    ServerProcess server(dir.path);
    for (const std::string target : {"/api/tables/\xff", "/api/\xff\xfe/x", "/api/games/\xc3",
                                     "/api/games/\xff/export?format=%ff%c3"}) {
        const Response res = request(server.port, "GET", target);
        EXPECT_TRUE(res.result_int() == 404 || res.result_int() == 400) << target;
        EXPECT_NO_THROW(code_of(res)) << res.body();
        expect_alive(server.port);
    }
    for (const std::string target : {"/ws?table=%ff", "/ws?table=%c3&token=%ff%fe"}) {
        RawWs ws(server.port, target);
        beast::flat_buffer buffer;
        ws.ws().read(buffer);
        const json msg = json::parse(beast::buffers_to_string(buffer.data()));
        EXPECT_EQ(msg["code"], "not_found") << msg;
        expect_alive(server.port);
    }
}

TEST(HardeningNet, MalformedRequestGets400AndClose) {
    TempDir dir("net_malformed");
    ServerProcess server(dir.path);
    for (const std::string& bytes :
         {std::string("hello world\r\n\r\n"),
          std::string("GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: zz\r\n\r\n"),
          std::string("GET /api/health HTTP/1.1\r\nBad Field: x\r\n\r\n")}) {
        RawClient c(server.port);
        c.send(bytes);
        const Response res = c.read_response();
        EXPECT_EQ(res.result_int(), 400) << bytes;
        EXPECT_EQ(code_of(res), "bad_request");
        EXPECT_FALSE(res.keep_alive());
        EXPECT_TRUE(c.closed_within(3));
    }
    expect_alive(server.port);
}

TEST(HardeningNet, UnknownMethodGets405WithAllow) {
    TempDir dir("net_405");
    ServerProcess server(dir.path);
    const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
        {"DELETE", "/api/tables", "GET, POST"},
        {"PUT", "/api/health", "GET"},
        {"GET", "/api/tables/abc/join", "POST"},
        {"POST", "/api/games/abc", "GET"},
        {"POST", "/", "GET, HEAD"},
        {"PATCH", "/index.html", "GET, HEAD"},
        {"BREW", "/api/tables", "GET, POST"}};
    for (const auto& [method, target, allow] : cases) {
        const Response res = request(server.port, method, target);
        EXPECT_EQ(res.result_int(), 405) << method << ' ' << target;
        EXPECT_EQ(res[http::field::allow], allow) << method << ' ' << target;
        EXPECT_EQ(code_of(res), "not_allowed");
    }
    EXPECT_EQ(request(server.port, "DELETE", "/api/nothing").result_int(), 404);
    expect_alive(server.port);
}

TEST(HardeningNet, SecurityHeadersOnEveryResponse) {
    TempDir dir("net_headers");
    ServerProcess server(dir.path);
    const std::string host = "127.0.0.1:" + std::to_string(server.port);
    const auto check = [&](const http::fields& res, const std::string& what) {
        const std::string csp(res["Content-Security-Policy"]);
        EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << what << ": " << csp;
        EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << what;
        EXPECT_NE(csp.find("connect-src 'self' ws://" + host + " wss://" + host), std::string::npos)
            << what << ": " << csp;
        EXPECT_EQ(csp.find("unsafe"), std::string::npos) << what << ": " << csp;
        EXPECT_EQ(res["X-Content-Type-Options"], "nosniff") << what;
        EXPECT_EQ(res["Referrer-Policy"], "no-referrer") << what;
        EXPECT_EQ(res["X-Frame-Options"], "DENY") << what;
    };
    const auto ask = [&](const std::string& method, const std::string& target) {
        return send_and_read(server.port, method + " " + target + " HTTP/1.1\r\nHost: " + host +
                                              "\r\nContent-Length: 1\r\n\r\n{");
    };
    check(ask("GET", "/"), "GET /");
    check(ask("HEAD", "/"), "HEAD /");
    check(ask("GET", "/api/health"), "health");
    check(ask("GET", "/nothing.js"), "404 file");
    check(ask("POST", "/api/tables"), "bad_json");
    check(ask("DELETE", "/api/tables"), "405");
    RawWs ws(server.port, "/ws?table=nothing");
    check(ws.handshake_response(), "WebSocket upgrade");
}

}  // namespace
}  // namespace reversi::server
