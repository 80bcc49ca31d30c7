// SPDX-License-Identifier: MIT
// One HTTP connection: serves the web client's files and the JSON API, one request at a time
// (keep-alive), and hands a WebSocket upgrade for /ws over to a WebsocketSession. Bodies are
// limited to 64 KiB; a larger request is answered 413 too_large and the connection closed.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>

#include "server/game_hub.h"
#include "server/net.h"

namespace reversi::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket&& socket, GameHub& hub, const std::string& web_dir);
    void run();

  private:
    void do_read();
    void on_read(error_code ec, std::size_t bytes);
    void handle(http::request<http::string_body>&& req);
    void handle_api(const http::request<http::string_body>& req, std::string_view path);
    void serve_file(const http::request<http::string_body>& req, std::string_view path);
    void reply(Reply r, bool keep_alive);
    template <class Body>
    void write(http::response<Body>&& res);
    void linger();
    void linger_more(std::shared_ptr<std::array<char, 4096>> scratch);

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    GameHub& hub_;
    const std::string& web_dir_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::shared_ptr<void> response_;  // keeps the response alive during the write
};

}  // namespace reversi::server
