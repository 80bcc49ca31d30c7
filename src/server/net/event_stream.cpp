// SPDX-License-Identifier: MIT
// The NDJSON stream (net/event_stream.h). Each line is one chunk of a chunked response, so a
// client reads whole lines as they come; the final empty chunk ends the response when the
// endpoint closes the stream (a game stream whose table is not found, the server stopping).
#include "server/net/event_stream.h"

#include <array>
#include <iostream>
#include <sstream>

#include "server/net/http_session.h"

namespace reversi::server {

namespace {

std::string chunk(const std::string& line) {
    std::ostringstream out;
    out << std::hex << line.size() << "\r\n" << line << "\r\n";
    return out.str();
}

}  // namespace

std::shared_ptr<void> StreamQuota::take(int64_t player) {
    int& n = (*open_)[player];
    if (n >= per_player_) return nullptr;
    ++n;
    // Gives the stream back when the last copy goes (the map may be gone by then).
    struct Ticket {
        Ticket(std::weak_ptr<std::unordered_map<int64_t, int>> c, int64_t p)
            : counts(std::move(c)), player(p) {}
        Ticket(const Ticket&) = delete;
        Ticket& operator=(const Ticket&) = delete;
        std::weak_ptr<std::unordered_map<int64_t, int>> counts;
        int64_t player;
        ~Ticket() {
            const auto map = counts.lock();
            if (!map) return;
            const auto it = map->find(player);
            if (it != map->end() && --it->second <= 0) map->erase(it);
        }
    };
    return std::make_shared<Ticket>(open_, player);
}

int StreamQuota::open(int64_t player) const {
    const auto it = open_->find(player);
    return it == open_->end() ? 0 : it->second;
}

EventStream::EventStream(tcp::socket&& socket, ConnectionSlot slot, const ServerLimits& limits,
                         Metrics* metrics, Identity identity, std::unique_ptr<Endpoint> endpoint,
                         Filter filter, std::shared_ptr<void> quota_ticket)
    : socket_(std::move(socket)),
      slot_(std::move(slot)),
      metrics_(metrics),
      identity_(std::move(identity)),
      endpoint_(std::move(endpoint)),
      filter_(std::move(filter)),
      quota_ticket_(std::move(quota_ticket)),
      write_timeout_(limits.write_timeout_seconds),
      keepalive_(limits.bot_stream_keepalive_seconds),
      max_queued_bytes_(limits.max_queued_bytes),
      write_timer_(socket_.get_executor()),
      keepalive_timer_(socket_.get_executor()) {}

EventStream::~EventStream() {
    leave();
}

void EventStream::leave() {
    if (joined_) endpoint_->closed();
    joined_ = false;
}

void EventStream::run(std::string host, bool https) {
    address_ = slot_.client();
    http::response<http::empty_body> head{http::status::ok, 11};
    head.set(http::field::server, "reversi");
    head.set(http::field::content_type, "application/x-ndjson");
    head.set(http::field::cache_control, "no-store");
    add_security_headers(head, host, https);
    head.chunked(true);
    head.keep_alive(false);
    std::ostringstream text;
    text << head.base();
    queue(text.str());
    joined_ = true;
    try {
        endpoint_->open(*this);
    } catch (const std::exception& e) {
        std::cerr << "stream: internal error from " << address_ << ": " << utf8_safe(e.what(), 400)
                  << std::endl;
        count_error(metrics_, ErrorCode::Internal);
        send(std::make_shared<const std::string>(
            error_text(ApiError(ErrorCode::Internal, "internal error"))));
        close();
    }
    do_read();
    arm_keepalive();
}

void EventStream::send(Outgoing message) {
    if (closing_) return;
    std::string text = message.body ? *message.body : std::string();
    text += message.tail;
    if (filter_) {
        std::optional<std::string> line = filter_(text);
        if (!line) return;
        text = std::move(*line);
    }
    queue(chunk(text + "\n"));
}

void EventStream::queue(std::string bytes) {
    if (dropped_) return;
    if (queued_bytes_ + bytes.size() > max_queued_bytes_) return drop();
    queued_bytes_ += bytes.size();
    queue_.push_back(std::move(bytes));
    if (queue_.size() == 1) do_write();
}

void EventStream::do_write() {
    const uint64_t write = ++writes_;
    write_timer_.expires_after(write_timeout_);
    write_timer_.async_wait([self = shared_from_this(), write](error_code ec) {
        if (!ec && write == self->writes_ && !self->queue_.empty()) self->drop();
    });
    net::async_write(socket_, net::buffer(queue_.front()),
                     beast::bind_front_handler(&EventStream::on_write, shared_from_this()));
}

void EventStream::on_write(error_code ec, std::size_t) {
    write_timer_.cancel();
    if (ec) {
        queue_.clear();
        queued_bytes_ = 0;
        return drop();
    }
    queued_bytes_ -= queue_.front().size();
    queue_.pop_front();
    if (!queue_.empty()) return do_write();
    if (closing_ && !dropped_) {
        // The last chunk is written: the response is complete. A client that does not close
        // its side soon is closed, so it cannot keep the connection's slot.
        error_code ignored;
        socket_.shutdown(tcp::socket::shutdown_send, ignored);
        write_timer_.expires_after(std::chrono::seconds(5));
        write_timer_.async_wait([self = shared_from_this()](error_code ec) {
            if (!ec) self->drop();
        });
    }
}

void EventStream::do_read() {
    // Whatever the client sends after its request is read and dropped; its end ends the stream.
    socket_.async_read_some(net::buffer(scratch_),
                            [self = shared_from_this()](error_code ec, std::size_t) {
                                if (ec) return self->drop();
                                self->do_read();
                            });
}

void EventStream::arm_keepalive() {
    keepalive_timer_.expires_after(keepalive_);
    keepalive_timer_.async_wait([self = shared_from_this()](error_code ec) {
        if (ec || self->closing_ || self->dropped_) return;
        if (self->queue_.empty()) self->queue(chunk("\n"));
        self->arm_keepalive();
    });
}

void EventStream::drop() {
    if (dropped_) return;
    dropped_ = closing_ = true;
    write_timer_.cancel();
    keepalive_timer_.cancel();
    error_code ignored;
    socket_.close(ignored);
    // Leave later: drop() may be called while the hub walks this table's subscribers.
    net::post(socket_.get_executor(), [self = shared_from_this()] { self->leave(); });
}

void EventStream::close() {
    if (closing_) return;
    queue("0\r\n\r\n");
    closing_ = true;
    keepalive_timer_.cancel();
    // Leave later: close() may be called while the hub walks this table's subscribers. The
    // socket is shut once the last chunk is written (on_write).
    net::post(socket_.get_executor(), [self = shared_from_this()] { self->leave(); });
}

}  // namespace reversi::server
