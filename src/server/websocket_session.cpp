// SPDX-License-Identifier: MIT
// The WebSocket session. Messages up to 1 MiB are read so that one between 64 KiB and 1 MiB
// gets a clear too_large error on a connection that stays usable; anything larger makes
// Beast close the connection with code 1009 (message too big).
#include "server/websocket_session.h"

#include <array>
#include <iostream>

#include "server/http_session.h"

namespace reversi::server {

namespace {
constexpr std::size_t HardMessageLimit = 1024 * 1024;
constexpr std::size_t MaxQueued = 4096;
}  // namespace

WebsocketSession::WebsocketSession(tcp::socket&& socket, GameHub& hub, ConnectionSlot slot)
    : ws_(std::move(socket)), hub_(hub), hub_life_(hub.life()), slot_(std::move(slot)) {}

WebsocketSession::~WebsocketSession() {
    leave();
}

void WebsocketSession::leave() {
    if (joined_ && !hub_life_.expired()) hub_.unsubscribe(*this);
    joined_ = false;
}

void WebsocketSession::run(http::request<http::string_body> request, std::string table,
                           std::string token, std::string host) {
    table_ = std::move(table);
    token_ = std::move(token);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(HardMessageLimit);
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
    address = slot_.client();
    joined_ = true;
    try {
        hub_.subscribe(*this, table_, token_);
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
    ws_.async_read(buffer_,
                   beast::bind_front_handler(&WebsocketSession::on_read, shared_from_this()));
}

void WebsocketSession::on_read(error_code ec, std::size_t) {
    if (ec) return leave();
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    try {
        hub_.on_message(*this, text);
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
    send(std::make_shared<const std::string>(
        error_text(ApiError(ErrorCode::Internal, "internal error"))));
}

void WebsocketSession::send(Outgoing message) {
    if (closing_) return;
    if (queue_.size() >= MaxQueued) {
        close();
        return;
    }
    queue_.push_back(std::move(message));
    if (queue_.size() > 1) return;  // a write is in flight; on_write continues
    do_write();
}

void WebsocketSession::do_write() {
    ws_.text(true);
    const Outgoing& m = queue_.front();
    const std::array<net::const_buffer, 2> buffers{net::buffer(*m.body), net::buffer(m.tail)};
    ws_.async_write(buffers,
                    beast::bind_front_handler(&WebsocketSession::on_write, shared_from_this()));
}

void WebsocketSession::on_write(error_code ec, std::size_t) {
    if (ec) {
        queue_.clear();
        return leave();
    }
    queue_.pop_front();
    if (!queue_.empty()) return do_write();
    if (closing_) {
        ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](error_code) {});
    }
}

void WebsocketSession::close() {
    if (closing_) return;
    closing_ = true;
    // Leave later: close() may be called while the hub walks this table's subscribers.
    net::post(ws_.get_executor(), [self = shared_from_this()] { self->leave(); });
    if (queue_.empty())
        ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](error_code) {});
}

}  // namespace reversi::server
