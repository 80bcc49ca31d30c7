// SPDX-License-Identifier: MIT
// One HTTP connection: serves the web client's files and the JSON API, one request at a time
// (keep-alive), and hands a WebSocket upgrade for /ws over to a WebsocketSession together with
// its connection slot. Bodies are limited to 64 KiB (413 too_large, then close); a request
// Beast cannot parse gets 400 bad_request, then close; a method a route does not take gets
// 405 with an Allow header. No exception from a request leaves the session: it is answered
// 500 internal and logged to stderr.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "server/common/identity.h"
#include "server/common/limits.h"
#include "server/common/net.h"
#include "server/common/reply.h"
#include "server/net/client_address.h"
#include "server/net/connection_limiter.h"
#include "server/net/request_origin.h"
#include "server/net/site.h"

namespace reversi::server {

// What every session of one server shares.
struct SessionSettings {
    std::string web_dir;  // the web client's files
    ServerLimits limits;
    ClientAddresses addresses;  // who the client of a request is (trusted proxies)
    OriginPolicy origins;       // which pages may act for a visitor
    std::string engine_dir;     // the browser's engine, under /engine/ (empty: none)
};

// The security headers of every response (Content-Security-Policy, X-Content-Type-Options,
// Referrer-Policy, X-Frame-Options). `host` is the request's Host header: when it is a plain
// host[:port], the policy names ws://host and wss://host for the page's WebSocket (older
// browsers do not count them as 'self'); anything else is left out. Over HTTPS (a trusted
// proxy's X-Forwarded-Proto) it adds Strict-Transport-Security too.
void add_security_headers(http::fields& fields, std::string_view host, bool https = false);

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket&& socket, Site& site, std::shared_ptr<const SessionSettings> settings,
                ConnectionSlot slot);
    void run();

  private:
    void do_read();
    void on_read(error_code ec, std::size_t bytes);
    void handle(http::request<http::string_body>&& req);
    // Runs `work`; an exception from it is logged and answered 500, never let out.
    void guarded(const std::function<void()>& work);
    void route(http::request<http::string_body>&& req);
    // Hands the connection to a lobby WebSocket (docs/SITE.md "Lobby").
    void upgrade_to_lobby(http::request<http::string_body>&& req);
    // Records that a registered `who` uses this request's device (Site::devices); returns it.
    Identity seen(Identity who) const;
    void handle_api(const http::request<http::string_body>& req, std::string_view path);
    // The bot API's NDJSON streams (docs/PROTOCOL.md "Bot API"): hands the connection to an
    // EventStream, or answers why not; false when `path` is no stream's.
    bool open_stream(const http::request<http::string_body>& req, std::string_view path);
    void serve_file(const http::request<http::string_body>& req, std::string_view path);
    // Answers the current request once (later answers to it are dropped).
    void answer(uint64_t request, Reply r, bool keep_alive, std::string_view allow = {});
    void reply(Reply r, bool keep_alive, std::string_view allow = {});
    template <class Body>
    void write(http::response<Body>&& res);
    // One access line of the structured log for the current request (site_.log, if any).
    void log_access(unsigned status) const;
    void linger();
    void linger_more(std::shared_ptr<std::array<char, 4096>> scratch);

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    Site& site_;
    std::shared_ptr<const SessionSettings> settings_;
    ConnectionSlot slot_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::shared_ptr<void> response_;  // keeps the response alive during the write
    net::ip::address peer_;           // the connection's remote address
    std::string client_;              // the current request's client (ClientAddresses)
    std::string host_;                // Host header of the current request
    bool https_ = false;              // the current request reached the site over HTTPS
    std::string set_cookie_;          // Set-Cookie for the current request's answer (a new guest)
    std::string device_;              // the request's device id (rv_device), or empty
    uint64_t request_ = 0;            // serial of the current request
    bool answered_ = false;           // the current request has its answer
    bool upgraded_ = false;           // the socket went to a WebsocketSession
    // The current request as the structured log and X-Request-Id tell it.
    std::string request_id_, method_, path_;
    std::chrono::steady_clock::time_point started_;
};

}  // namespace reversi::server
