// SPDX-License-Identifier: MIT
// The pieces shared by the scripted clients of `reversi-stress` (loadtest, chaos, failover):
// loopback source addresses (so that the server's per-address limits can stay on), HTTP
// calls and WebSocket connections from a chosen source address, and a cheap SAX reader of
// the server's messages. The server itself is started by server_child.h.
#pragma once

// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs std::exchange
// clang-format on

#include <sys/resource.h>

#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "server/common/net.h"

namespace reversi::stress::client {

using server::error_code;
using server::tcp;
namespace net = server::net;
namespace beast = server::beast;
namespace http = server::http;
namespace websocket = server::websocket;
using net::awaitable;
using WsStream = websocket::stream<beast::tcp_stream>;

// Step: the client process.

// Many concurrent clients need many sockets: the descriptor limit goes up to `wanted` where the
// process may raise its hard limit (root), else the soft limit up to the hard one. A server
// started afterwards inherits it. Returns the soft limit now (0: unknown).
rlim_t raise_open_file_limit(rlim_t wanted = 0);

// Step: where clients connect from and to.

// Source addresses 127.0.0.2, 127.0.0.3, ... (the whole 127/8 is loopback), handed out in
// turn; with count 0 the sockets are not bound (the system picks 127.0.0.1).
class SourceAddresses {
  public:
    explicit SourceAddresses(int count = 0) : count_(count) {}
    int count() const { return count_; }
    // The i-th address (modulo the count); unspecified when the count is 0.
    net::ip::address at(uint64_t i) const;
    net::ip::address next() { return at(next_++); }
    // "127.0.0.2..127.0.0.65" or "127.0.0.1".
    std::string describe() const;

  private:
    int count_;
    uint64_t next_ = 0;
};

struct Target {
    tcp::endpoint endpoint;
    std::string host;  // Host header
};

// The server at 127.0.0.1:`port`.
Target loopback_target(int port);

struct HttpAnswer {
    int status = 0;
    std::string body;
    std::string cookie;  // "name=value" of the answer's Set-Cookie, empty without one
};

// One HTTP/1.1 request on a new connection from `source`, sending `cookie` ("name=value")
// when not empty. Throws on connection errors and after `seconds`; any HTTP status is
// returned.
awaitable<HttpAnswer> http_call(const Target& target, const net::ip::address& source,
                                http::verb method, const std::string& path, const std::string& body,
                                int seconds = 30, const std::string& cookie = {});

// Connects `ws` from `source` and opens the WebSocket at `path` (TCP_NODELAY on), sending
// `cookie` with the upgrade request when not empty.
awaitable<void> ws_connect(WsStream& ws, const Target& target, const net::ip::address& source,
                           const std::string& path, const std::string& cookie = {});

// Closes the TCP connection under `ws` without a WebSocket close handshake.
void ws_drop(WsStream& ws);

// A WebSocket connection whose reads time out: a read that waits longer than asked closes
// the connection and throws.
class TimedWs {
  public:
    explicit TimedWs(const net::any_io_executor& executor);
    ~TimedWs();
    TimedWs(const TimedWs&) = delete;
    TimedWs& operator=(const TimedWs&) = delete;
    awaitable<void> connect(const Target& target, const net::ip::address& source,
                            const std::string& path, const std::string& cookie = {}) {
        return ws_connect(*ws_, target, source, path, cookie);
    }
    // The next message's text; throws on a closed connection or after `timeout`.
    awaitable<std::string> read(std::chrono::milliseconds timeout);
    awaitable<void> write(const std::string& text);
    void drop() { ws_drop(*ws_); }

  private:
    std::shared_ptr<WsStream> ws_;
    net::steady_timer timer_;
    std::shared_ptr<uint64_t> armed_ = std::make_shared<uint64_t>(0);
    beast::flat_buffer buffer_;
};

// Step: reading the server's messages.

// The fields a scripted player reads from a server message (docs/PROTOCOL.md), pulled out
// by a SAX pass: the client shares the machine's cores with the server it measures, and
// building a full DOM of every state (two per move) cost it more than the server spent on
// the move.
struct MessageView {
    std::string type;
    std::string code;     // errors
    std::string message;  // errors
    int ply = -1;
    std::string status;
    int to_move = -1;
    std::vector<int> you;
    std::vector<std::string> legal;
    std::vector<std::string> moves;  // only when asked for
};

// Throws std::runtime_error on text that is not JSON.
MessageView read_message(const std::string& text, bool with_moves = false);

std::string move_message(const std::string& square, int ply);

// Step: small helpers of the scripted players.

// Waits `ms` without holding the thread.
awaitable<void> pause(std::chrono::milliseconds ms);

// Whether `seat` is one of `seats` (the seats a connection plays).
bool holds(const std::vector<int>& seats, int seat);

// A think time in milliseconds, uniform in 0..2 x `mean_ms`, drawn from `rng` (0, and nothing
// drawn, when `mean_ms` is 0).
int think_time_ms(std::mt19937_64& rng, int mean_ms);

// Whether an error `code` refuses a move or resignation overtaken by events (stale, not your
// turn, illegal, game over): expected of a player that acts on a state it has just read.
bool is_refusal(const std::string& code);

// Takes the move list `moves` of a state into `acked`, the longest list acknowledged so far.
// False, `acked` unchanged, when `moves` neither extends nor is a prefix of it: the server
// forgot an acknowledged move.
bool acknowledge_moves(std::vector<std::string>& acked, const std::vector<std::string>& moves);

}  // namespace reversi::stress::client
