// SPDX-License-Identifier: MIT
// A long HTTP response of NDJSON lines (docs/PROTOCOL.md "Bot API": the bot's event stream and
// a game's stream), as lichess streams events to its bots: a Peer like the WebSocket session,
// so the lobby's and the hub's own endpoints feed it, each message one JSON line in a chunk of
// its own. The client sends nothing after its request; reading only tells when it has gone.
// An empty line every `keepalive` seconds keeps proxies and clients from timing the stream out.
// A client that does not take what it is sent is dropped, as a WebSocket's is: when a write has
// waited `write_timeout_seconds`, or when the unsent bytes would exceed `max_queued_bytes`.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/common/endpoint.h"
#include "server/common/identity.h"
#include "server/common/limits.h"
#include "server/common/metrics.h"
#include "server/common/net.h"
#include "server/net/connection_limiter.h"

namespace reversi::server {

// The streams each player has open, against ServerLimits::bot_streams_per_player (all kinds
// together: a bot that reconnects in a loop cannot pile them up). Network thread only.
class StreamQuota {
  public:
    explicit StreamQuota(int per_player) : per_player_(per_player) {}
    // The right to one more stream of `player`, given back when the last copy goes; null when
    // the player has its quota open.
    std::shared_ptr<void> take(int64_t player);
    int open(int64_t player) const;

  private:
    int per_player_;
    std::shared_ptr<std::unordered_map<int64_t, int>> open_ =
        std::make_shared<std::unordered_map<int64_t, int>>();
};

class EventStream : public Peer, public std::enable_shared_from_this<EventStream> {
  public:
    // What a message becomes on the stream: its line, or nothing to leave it out. Empty: every
    // message as it is.
    using Filter = std::function<std::optional<std::string>(const std::string& message)>;

    // The errors it sends itself are counted in `metrics` (may be null).
    EventStream(tcp::socket&& socket, ConnectionSlot slot, const ServerLimits& limits,
                Metrics* metrics, Identity identity, std::unique_ptr<Endpoint> endpoint,
                Filter filter, std::shared_ptr<void> quota_ticket);
    ~EventStream() override;

    // Writes the response's head (200, chunked application/x-ndjson, the security headers of
    // `host`) and opens the endpoint.
    void run(std::string host, bool https);
    using Peer::send;
    void send(Outgoing message) override;
    void close() override;
    const Identity& identity() const override { return identity_; }
    const std::string& address() const override { return address_; }

  private:
    void queue(std::string bytes);
    void do_write();
    void on_write(error_code ec, std::size_t bytes);
    void do_read();
    void arm_keepalive();
    void drop();
    void leave();

    tcp::socket socket_;
    ConnectionSlot slot_;
    Metrics* metrics_;
    Identity identity_;
    std::string address_;
    std::unique_ptr<Endpoint> endpoint_;
    Filter filter_;
    std::shared_ptr<void> quota_ticket_;
    std::chrono::seconds write_timeout_, keepalive_;
    std::size_t max_queued_bytes_;
    net::steady_timer write_timer_, keepalive_timer_;
    std::deque<std::string> queue_;
    std::size_t queued_bytes_ = 0;
    uint64_t writes_ = 0;  // writes started; the timer of an older write is stale
    std::array<char, 512> scratch_{};
    bool joined_ = false;   // the endpoint is open: it hears closed() at the end
    bool closing_ = false;  // no more lines are queued; the last chunk is on its way
    bool dropped_ = false;  // the socket is closed
};

}  // namespace reversi::server
