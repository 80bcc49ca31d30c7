// SPDX-License-Identifier: MIT
// Short names for the Boost.Beast and Boost.Asio types the server uses, in one place, so the
// session files read like the Beast examples they follow.
#pragma once

// <utility> first: Boost 1.74's asio/awaitable.hpp uses std::exchange without including it.
// clang-format off
#include <utility>
// clang-format on

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace reversi::server {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;
namespace net = boost::asio;
using tcp = boost::asio::ip::tcp;
using error_code = boost::system::error_code;

// Largest request body or WebSocket message the server accepts (docs/PROTOCOL.md).
constexpr std::size_t MaxMessageBytes = 64 * 1024;

}  // namespace reversi::server
