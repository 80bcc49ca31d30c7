// SPDX-License-Identifier: MIT
// The WebSocket session. Messages up to 1 MiB are read so that one between 64 KiB and 1 MiB
// gets a clear too_large error on a connection that stays usable; a larger one closes the
// connection with code 1009 (message too big). The session counts the size itself, reading
// a message piece by piece, and closes with a normal closing handshake, which reads and
// drops the rest of the message: Beast's own read_message_max failure (Boost 1.74) closes the
// socket while the client is still sending, and the reset that follows can destroy the
// close frame before the client reads it.
//
// Slow readers: a write in flight for write_timeout_ means that the client has stopped
// reading (its window and our socket buffer are full), and the socket is closed. One timer
// wait covers many writes: armed by a write when none is pending, it looks at the write in
// flight when it fires and waits again for that one's deadline (issue 29: a wait armed and
// cancelled per message was 3 % of the network thread at 5,000 games). Beast's own idle timeout
// cannot see this, since a client that keeps sending (pings, messages) looks alive to it while it
// never takes what it is sent.
#include "server/net/websocket_session.h"

#include <algorithm>
#include <array>
#include <iostream>

#include "server/net/http_session.h"

namespace reversi::server {

namespace {
constexpr std::size_t HardMessageLimit = 1024 * 1024;
constexpr std::size_t ReadPiece = 64 * 1024;

std::size_t size_of(const Outgoing& m) {
    return (m.body ? m.body->size() : 0) + m.tail.size();
}
}  // namespace

WebsocketSession::WebsocketSession(tcp::socket&& socket, ConnectionSlot slot,
                                   const ServerLimits& limits, Metrics* metrics, Identity identity,
                                   std::unique_ptr<Endpoint> endpoint)
    : ws_(std::move(socket)),
      slot_(std::move(slot)),
      identity_(std::move(identity)),
      endpoint_(std::move(endpoint)),
      metrics_(metrics),
      write_timeout_(limits.write_timeout_seconds),
      max_queued_bytes_(limits.max_queued_bytes),
      write_timer_(ws_.get_executor()) {}

WebsocketSession::~WebsocketSession() {
    leave();
}

void WebsocketSession::leave() {
    if (joined_) endpoint_->closed();
    joined_ = false;
    write_timer_.cancel();  // its wait holds the session
}

void WebsocketSession::run(http::request<http::string_body> request, std::string host) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(0);  // no limit of Beast's: on_read applies HardMessageLimit
    ws_.set_option(websocket::stream_base::decorator([host](websocket::response_type& res) {
        res.set(http::field::server, "reversi");
        add_security_headers(res, host);
    }));
    ws_.async_accept(request,
                     beast::bind_front_handler(&WebsocketSession::on_accept, shared_from_this()));
}

void WebsocketSession::on_accept(error_code ec) {
    if (ec) return;
    // The hub's per-address limits (rematches count as new tables) count the client under the
    // same name as its connections and its HTTP requests.
    address_ = slot_.client();
    joined_ = true;
    try {
        endpoint_->open(*this);
    } catch (const std::exception& e) {
        fail(e.what());
        return close();
    } catch (...) {
        fail("an exception that is not a std::exception");
        return close();
    }
    do_read();
}

void WebsocketSession::do_read() {
    // Never past one byte over the limit, so a message of HardMessageLimit + 1 bytes is
    // already too big (docs/PROTOCOL.md), not one a whole piece larger.
    ws_.async_read_some(buffer_, std::min(ReadPiece, HardMessageLimit + 1 - buffer_.size()),
                        beast::bind_front_handler(&WebsocketSession::on_read, shared_from_this()));
}

void WebsocketSession::on_read(error_code ec, std::size_t) {
    if (ec) return leave();
    if (buffer_.size() > HardMessageLimit) {
        count_error(metrics_, ErrorCode::TooLarge);
        buffer_.clear();
        buffer_.shrink_to_fit();
        closing_ = true;
        net::post(ws_.get_executor(), [self = shared_from_this()] { self->leave(); });
        return start_close(websocket::close_code::too_big);
    }
    if (!ws_.is_message_done()) return do_read();
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (buffer_.capacity() > ReadPiece) buffer_.shrink_to_fit();  // after a large message
    try {
        endpoint_->message(text);
    } catch (const std::exception& e) {
        fail(e.what());
    } catch (...) {
        fail("an exception that is not a std::exception");
    }
    do_read();
}

void WebsocketSession::fail(std::string_view what) {
    std::cerr << "ws: internal error from " << slot_.client() << ": " << utf8_safe(what, 400)
              << std::endl;
    count_error(metrics_, ErrorCode::Internal);
    send(std::make_shared<const std::string>(
        error_text(ApiError(ErrorCode::Internal, "internal error"))));
}

void WebsocketSession::send(Outgoing message) {
    if (closing_) return;
    const std::size_t bytes = size_of(message);
    if (queued_bytes_ + bytes > max_queued_bytes_) return drop();
    queued_bytes_ += bytes;
    queue_.push_back(std::move(message));
    if (queue_.size() > 1) return;  // a write is in flight; on_write continues
    do_write();
}

void WebsocketSession::do_write() {
    ws_.text(true);
    const Outgoing& m = queue_.front();
    const std::array<net::const_buffer, 2> buffers{net::buffer(*m.body), net::buffer(m.tail)};
    write_started_ = std::chrono::steady_clock::now();
    if (!write_timer_armed_) arm_write_timer(write_timeout_);
    ws_.async_write(buffers,
                    beast::bind_front_handler(&WebsocketSession::on_write, shared_from_this()));
}

void WebsocketSession::arm_write_timer(std::chrono::steady_clock::duration after) {
    write_timer_armed_ = true;
    write_timer_.expires_after(after);
    write_timer_.async_wait([self = shared_from_this()](error_code ec) {
        self->write_timer_armed_ = false;
        if (ec || self->dropped_ || self->queue_.empty()) return;  // nothing in flight
        const auto due = self->write_started_ + self->write_timeout_;
        const auto now = std::chrono::steady_clock::now();
        if (now >= due) return self->drop();
        self->arm_write_timer(due - now);
    });
}

void WebsocketSession::on_write(error_code ec, std::size_t) {
    if (ec) {
        queue_.clear();
        queued_bytes_ = 0;
        return leave();
    }
    queued_bytes_ -= size_of(queue_.front());
    queue_.pop_front();
    if (close_started_) {  // what is still queued is not sent after the close frame
        queue_.clear();
        queued_bytes_ = 0;
        return;
    }
    if (!queue_.empty()) return do_write();
    if (closing_ && !dropped_) start_close(websocket::close_code::normal);
}

void WebsocketSession::start_close(websocket::close_code code) {
    if (close_started_ || dropped_) return;
    close_started_ = true;
    // Beast holds the close back while a message write is in flight.
    ws_.async_close(code, [self = shared_from_this()](error_code) {});
}

void WebsocketSession::drop() {
    if (dropped_) return;
    dropped_ = closing_ = true;
    write_timer_.cancel();
    // The pending read and write complete with an error; the queue is freed in on_write.
    beast::get_lowest_layer(ws_).close();
    // Leave later: drop() may be called while the hub walks this table's subscribers.
    net::post(ws_.get_executor(), [self = shared_from_this()] { self->leave(); });
}

void WebsocketSession::close() {
    if (closing_) return;
    closing_ = true;
    // Leave later: close() may be called while the hub walks this table's subscribers.
    net::post(ws_.get_executor(), [self = shared_from_this()] { self->leave(); });
    if (queue_.empty()) start_close(websocket::close_code::normal);
}

}  // namespace reversi::server
