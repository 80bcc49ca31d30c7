// SPDX-License-Identifier: MIT
// Client helpers of the load, chaos and failover tests (ws_client.h).
#include "stress/ws_client.h"

#include <netinet/in.h>
#include <sys/resource.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#ifndef IP_BIND_ADDRESS_NO_PORT
#define IP_BIND_ADDRESS_NO_PORT 24  // Linux 4.2+; older C libraries lack the name
#endif

namespace reversi::stress::client {

using net::use_awaitable;
using nlohmann::json;

rlim_t raise_open_file_limit(rlim_t wanted) {
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return 0;
    if (lim.rlim_max != RLIM_INFINITY && lim.rlim_max < wanted) {
        // Allowed to a process with CAP_SYS_RESOURCE (root) only; others keep their hard limit.
        const rlimit more{wanted, wanted};
        if (setrlimit(RLIMIT_NOFILE, &more) == 0) return wanted;
    }
    if (lim.rlim_cur < lim.rlim_max) {
        lim.rlim_cur = lim.rlim_max;
        setrlimit(RLIMIT_NOFILE, &lim);
    }
    return lim.rlim_cur;
}

net::ip::address SourceAddresses::at(uint64_t i) const {
    if (count_ <= 0) return {};
    return net::ip::address_v4(0x7F000002u + static_cast<uint32_t>(i % count_));
}

Target loopback_target(int port) {
    return {tcp::endpoint(net::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)),
            "127.0.0.1"};
}

std::string SourceAddresses::describe() const {
    if (count_ <= 0) return "127.0.0.1";
    if (count_ == 1) return at(0).to_string();
    return at(0).to_string() + ".." + at(count_ - 1).to_string();
}

namespace {

// Opens `socket` bound to `source` (the port is chosen at connect time, so many sockets of
// one source address can reach different servers); does nothing for an unspecified source.
void bind_source(tcp::socket& socket, const net::ip::address& source) {
    if (source.is_unspecified()) return;
    socket.open(source.is_v4() ? tcp::v4() : tcp::v6());
    const int one = 1;
    setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
    socket.bind(tcp::endpoint(source, 0));
}

}  // namespace

awaitable<HttpAnswer> http_call(const Target& target, const net::ip::address& source,
                                http::verb method, const std::string& path, const std::string& body,
                                int seconds, const std::string& cookie) {
    auto executor = co_await net::this_coro::executor;
    beast::tcp_stream stream(executor);
    stream.expires_after(std::chrono::seconds(seconds));
    bind_source(stream.socket(), source);
    co_await stream.async_connect(target.endpoint, use_awaitable);
    http::request<http::string_body> req{method, path, 11};
    req.set(http::field::host, target.host);
    req.set(http::field::content_type, "application/json");
    if (!cookie.empty()) req.set(http::field::cookie, cookie);
    req.body() = body;
    req.prepare_payload();
    co_await http::async_write(stream, req, use_awaitable);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    co_await http::async_read(stream, buffer, parser, use_awaitable);
    error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    // Only the cookie itself: its attributes (Path, HttpOnly, ...) follow the first ';'.
    const std::string set_cookie(parser.get()[http::field::set_cookie]);
    co_return HttpAnswer{static_cast<int>(parser.get().result_int()), parser.get().body(),
                         set_cookie.substr(0, set_cookie.find(';'))};
}

awaitable<void> ws_connect(WsStream& ws, const Target& target, const net::ip::address& source,
                           const std::string& path, const std::string& cookie) {
    if (!cookie.empty())
        ws.set_option(websocket::stream_base::decorator(
            [cookie](websocket::request_type& req) { req.set(http::field::cookie, cookie); }));
    auto& socket = beast::get_lowest_layer(ws).socket();
    bind_source(socket, source);
    co_await beast::get_lowest_layer(ws).async_connect(target.endpoint, use_awaitable);
    socket.set_option(tcp::no_delay(true));
    co_await ws.async_handshake(target.host, path, use_awaitable);
}

void ws_drop(WsStream& ws) {
    error_code ec;
    beast::get_lowest_layer(ws).socket().shutdown(tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(ws).socket().close(ec);
}

TimedWs::TimedWs(const net::any_io_executor& executor)
    : ws_(std::make_shared<WsStream>(executor)), timer_(executor) {}

TimedWs::~TimedWs() {
    ++*armed_;  // a timeout already queued closes nothing
}

awaitable<std::string> TimedWs::read(std::chrono::milliseconds timeout) {
    // The timer's handler holds the stream, not this object, and closes it only if this very
    // read is still waiting: a handler queued as the read completed does nothing.
    const uint64_t id = ++*armed_;
    auto fired = std::make_shared<bool>(false);
    timer_.expires_after(timeout);
    timer_.async_wait([ws = ws_, armed = armed_, id, fired](error_code ec) {
        if (ec || *armed != id) return;
        *fired = true;
        ws_drop(*ws);
    });
    buffer_.consume(buffer_.size());
    error_code ec;
    co_await ws_->async_read(buffer_, net::redirect_error(use_awaitable, ec));
    ++*armed_;
    timer_.cancel();
    if (*fired)
        throw std::runtime_error("no message for " + std::to_string(timeout.count()) + " ms");
    if (ec) throw boost::system::system_error(ec);
    co_return beast::buffers_to_string(buffer_.data());
}

awaitable<void> TimedWs::write(const std::string& text) {
    co_await ws_->async_write(net::buffer(text), use_awaitable);
}

namespace {

class MessageReader : public nlohmann::json_sax<json> {
  public:
    MessageReader(MessageView& view, bool with_moves) : view_(view), with_moves_(with_moves) {}
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t v) override { return number(v); }
    bool number_unsigned(number_unsigned_t v) override {
        return number(static_cast<number_integer_t>(v));
    }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool string(string_t& v) override {
        if (depth_ == 1 && key1_ == "type") view_.type = v;
        if (depth_ == 1 && key1_ == "code") view_.code = v;
        if (depth_ == 1 && key1_ == "message") view_.message = v;
        if (in_table(2) && key2_ == "status") view_.status = v;
        if (in_table(3) && key2_ == "legal") view_.legal.push_back(v);
        if (with_moves_ && in_table(3) && key2_ == "moves") view_.moves.push_back(v);
        return true;
    }
    bool start_object(std::size_t) override { return ++depth_, true; }
    bool end_object() override { return --depth_, true; }
    bool start_array(std::size_t) override { return ++depth_, true; }
    bool end_array() override { return --depth_, true; }
    bool key(string_t& k) override {
        if (depth_ == 1) key1_ = k;
        if (in_table(2)) key2_ = k;
        return true;
    }
    bool parse_error(std::size_t, const std::string&,
                     const nlohmann::detail::exception& e) override {
        throw std::runtime_error(std::string("bad message from the server: ") + e.what());
    }

  private:
    bool in_table(int depth) const { return depth_ == depth && key1_ == "table"; }
    bool number(number_integer_t v) {
        if (in_table(2) && key2_ == "ply") view_.ply = static_cast<int>(v);
        if (in_table(2) && key2_ == "to_move") view_.to_move = static_cast<int>(v);
        if (in_table(3) && key2_ == "you") view_.you.push_back(static_cast<int>(v));
        return true;
    }
    MessageView& view_;
    bool with_moves_;
    int depth_ = 0;
    std::string key1_, key2_;
};

}  // namespace

MessageView read_message(const std::string& text, bool with_moves) {
    MessageView view;
    MessageReader reader(view, with_moves);
    json::sax_parse(text, &reader);
    return view;
}

std::string move_message(const std::string& square, int ply) {
    return json{{"type", "move"}, {"square", square}, {"ply", ply}}.dump();
}

awaitable<void> pause(std::chrono::milliseconds ms) {
    net::steady_timer timer(co_await net::this_coro::executor);
    timer.expires_after(ms);
    co_await timer.async_wait(net::use_awaitable);
}

bool holds(const std::vector<int>& seats, int seat) {
    return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

int think_time_ms(std::mt19937_64& rng, int mean_ms) {
    return mean_ms > 0 ? static_cast<int>(rng() % (2 * mean_ms + 1)) : 0;
}

bool is_refusal(const std::string& code) {
    return code == "stale" || code == "not_your_turn" || code == "illegal_move" ||
           code == "game_over";
}

bool acknowledge_moves(std::vector<std::string>& acked, const std::vector<std::string>& moves) {
    const size_t n = std::min(moves.size(), acked.size());
    if (!std::equal(moves.begin(), moves.begin() + n, acked.begin())) return false;
    if (moves.size() > acked.size()) acked = moves;
    return true;
}

}  // namespace reversi::stress::client
