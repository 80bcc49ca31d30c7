// SPDX-License-Identifier: MIT
// Routing of HTTP requests. API answers come from the hub, possibly after a storage round
// trip; the session waits for them before reading the next request, so answers on one
// connection keep the order of the requests. Each answer belongs to one request: an answer
// that comes after the request was already answered (by the exception barrier) is dropped.
// Nothing taken from the request target reaches the hub or an error text before it has been
// made valid UTF-8 and cut short (utf8_safe), so no path can break the JSON of an answer.
#include "server/net/http_session.h"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "server/accounts/accounts.h"
#include "server/common/api_routes.h"
#include "server/common/event_log.h"
#include "server/common/metrics.h"
#include "server/common/secrets.h"
#include "server/net/event_stream.h"
#include "server/net/http_caching.h"
#include "server/net/static_files.h"
#include "server/net/websocket_session.h"
#include "server/rating/device_sightings.h"

namespace reversi::server {

using namespace http_api;  // the route table and the API's small helpers (common/api_routes.h)

namespace {

// A bot's API token (docs/PROTOCOL.md "Bot API") is a session token sent as
// `Authorization: Bearer T`: it stands for the session cookie when the request has none, so
// every path after this one knows sessions only by their cookie.
void bearer_as_cookie(http::request<http::string_body>& req) {
    constexpr std::string_view Bearer = "Bearer ";
    const std::string_view auth = sv(req[http::field::authorization]);
    if (auth.size() <= Bearer.size() || auth.substr(0, Bearer.size()) != Bearer) return;
    if (!req[http::field::cookie].empty()) return;
    const std::string cookie = "rv_session=" + std::string(auth.substr(Bearer.size()));
    if (session_token(cookie).empty()) return;  // not a token's form: no session
    req.set(http::field::cookie, cookie);
}

Reply method_not_allowed(const http::request<http::string_body>& req, const std::string& allow) {
    return error_body(
        ErrorCode::NotAllowed,
        utf8_safe(sv(req.method_string()), 20) + " is not allowed here (" + allow + ")", 405);
}

// A Host header that can stand in the policy as is: host name or address, optional port.
bool plain_host(std::string_view host) {
    return !host.empty() && host.size() <= 255 && std::all_of(host.begin(), host.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' ||
               c == '[' || c == ']';
    });
}

}  // namespace

void add_security_headers(http::fields& fields, std::string_view host, bool https) {
    // The web client is one page of module scripts and one style sheet, all from web/: no
    // inline script or style, no frames, no plug-ins; it talks to the API (fetch) and to /ws.
    std::string connect = "'self'";
    if (plain_host(host)) {
        const std::string h(host);
        connect += " ws://" + h + " wss://" + h;
    }
    fields.set("Content-Security-Policy",
               "default-src 'self'; connect-src " + connect +
                   "; object-src 'none'; base-uri 'none'; form-action 'self'; "
                   "frame-ancestors 'none'");
    fields.set("X-Content-Type-Options", "nosniff");
    fields.set("Referrer-Policy", "no-referrer");
    fields.set(http::field::x_frame_options, "DENY");
    // Only over HTTPS: a browser ignores it on plain HTTP, and a site served on plain HTTP
    // (a local game) must not be told to refuse it.
    if (https) fields.set(http::field::strict_transport_security, "max-age=31536000");
}

HttpSession::HttpSession(tcp::socket&& socket, Site& site,
                         std::shared_ptr<const SessionSettings> settings, ConnectionSlot slot)
    : stream_(std::move(socket)),
      site_(site),
      settings_(std::move(settings)),
      slot_(std::move(slot)) {
    error_code ec;
    peer_ = stream_.socket().remote_endpoint(ec).address();
    client_ = slot_.client();
}

void HttpSession::run() {
    net::dispatch(stream_.get_executor(),
                  beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
    parser_.emplace();
    parser_->body_limit(MaxMessageBytes);
    parser_->header_limit(16 * 1024);
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) {
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
    }
    // A refused request is answered as its own request, then the connection closes.
    const auto refuse = [this](Reply r) {
        ++request_;
        request_id_ = random_id(12);
        method_.clear();
        path_.clear();
        started_ = std::chrono::steady_clock::now();
        answered_ = false;
        host_.clear();
        https_ = false;
        set_cookie_.clear();
        answer(request_, std::move(r), false);
    };
    if (ec == http::error::body_limit || ec == http::error::header_limit)
        return refuse(error_body(ErrorCode::TooLarge, "requests are limited to 64 KiB"));
    // Any other parse error (bad request line, field, length, chunk) is the client's; a cut
    // message (partial_message), a timeout or a socket error just ends the connection.
    if (ec && ec.category() == http::make_error_code(http::error::bad_method).category() &&
        ec != http::error::partial_message)
        return refuse(error_body(ErrorCode::BadRequest, "malformed HTTP request: " + ec.message()));
    if (ec) return;
    handle(parser_->release());
}

void HttpSession::handle(http::request<http::string_body>&& req) {
    ++request_;
    request_id_ = random_id(12);
    method_ = std::string(sv(req.method_string()));
    path_ = log_path(sv(req.target()));
    started_ = std::chrono::steady_clock::now();
    answered_ = false;
    host_ = std::string(sv(req[http::field::host]));
    const ForwardedHeaders forwarded = forwarded_headers(req);
    client_ = settings_->addresses.client(peer_, forwarded);
    https_ = settings_->addresses.https(peer_, forwarded);
    set_cookie_.clear();
    device_ = device_of(sv(req[http::field::cookie]));
    // On a store several nodes share, a session made or ended on another node is read first
    // (Accounts::resolve, off the network thread); on one node the route runs at once.
    bearer_as_cookie(req);
    auto held = std::make_shared<http::request<http::string_body>>(std::move(req));
    guarded([&] {
        site_.accounts.resolve(sv((*held)[http::field::cookie]), [self = shared_from_this(), held] {
            self->guarded([&] { self->route(std::move(*held)); });
        });
    });
}

void HttpSession::guarded(const std::function<void()>& work) {
    const auto fail = [this](std::string_view what) {
        std::cerr << "http: internal error from " << client_ << ": " << utf8_safe(what, 400)
                  << std::endl;
        answer(request_, error_body(ErrorCode::Internal, "internal error"), false);
    };
    try {
        work();
    } catch (const std::exception& e) {
        fail(e.what());
    } catch (...) {
        fail("an exception that is not a std::exception");
    }
}

void HttpSession::route(http::request<http::string_body>&& req) {
    const std::string_view target(req.target().data(), req.target().size());
    const std::string_view path = target_path(target);
    // A page of another site may not act for the visitor (net/request_origin.h).
    const bool reads = req.method() == http::verb::get || req.method() == http::verb::head;
    const bool api = path == "/api" || path.substr(0, 5) == "/api/";
    if ((websocket::is_upgrade(req) || (api && !reads)) &&
        !settings_->origins.allows(sv(req[http::field::origin]), host_))
        return answer(
            request_,
            error_body(ErrorCode::NotAllowed, "requests from another site are refused", 403),
            false);
    if (websocket::is_upgrade(req)) {
        // A proxy's connection counts against its client's cap from now on.
        if (!slot_.move_to(client_))
            return answer(request_,
                          error_body(ErrorCode::Busy, "too many connections from your address"),
                          false);
        if (path == "/ws/lobby" && site_.lobby_endpoint) return upgrade_to_lobby(std::move(req));
        if (path != "/ws")
            return answer(request_, error_body(ErrorCode::NotFound, "WebSocket is at /ws"), false);
        auto params = query_params(target);
        stream_.expires_never();
        upgraded_ = true;
        log_access(101);
        std::unique_ptr<Endpoint> table = site_.table_endpoint(
            utf8_safe(params["table"], MaxEchoBytes), utf8_safe(params["token"], MaxEchoBytes));
        auto ws = std::make_shared<WebsocketSession>(
            stream_.release_socket(), std::move(slot_), settings_->limits, site_.metrics,
            seen(site_.accounts.identify(sv(req[http::field::cookie]))), std::move(table));
        ws->run(std::move(req), host_);
        return;
    }
    if (api && req.method() == http::verb::get && open_stream(req, path)) return;
    if (api) return handle_api(req, path);
    if (req.method() != http::verb::get && req.method() != http::verb::head)
        return answer(request_, method_not_allowed(req, "GET, HEAD"), req.keep_alive(),
                      "GET, HEAD");
    serve_file(req, path);
}

Identity HttpSession::seen(Identity who) const {
    if (site_.devices && who.player && !who.guest) site_.devices->seen(who.player, device_);
    return who;
}

void HttpSession::upgrade_to_lobby(http::request<http::string_body>&& req) {
    stream_.expires_never();
    upgraded_ = true;
    log_access(101);
    auto ws = std::make_shared<WebsocketSession>(
        stream_.release_socket(), std::move(slot_), settings_->limits, site_.metrics,
        seen(site_.accounts.identify(sv(req[http::field::cookie]))), site_.lobby_endpoint());
    ws->run(std::move(req), host_);
}

bool HttpSession::open_stream(const http::request<http::string_body>& req, std::string_view path) {
    const auto seg = segments(path.substr(4));
    const bool events =
        seg.size() == 3 && seg[0] == "bot" && seg[1] == "stream" && seg[2] == "event";
    const bool game = seg.size() == 4 && seg[0] == "bot" && seg[1] == "game" && seg[2] == "stream";
    if (!events && !game) return false;
    const bool keep = req.keep_alive();
    const Identity who = site_.accounts.identify(sv(req[http::field::cookie]));
    const auto refuse = [&](ErrorCode code, const std::string& why, int status = 0) {
        answer(request_, error_body(code, why, status), keep);
        return true;
    };
    // A page of another site may not hold a bot's stream open (net/request_origin.h).
    if (!settings_->origins.allows(sv(req[http::field::origin]), host_))
        return refuse(ErrorCode::NotAllowed, "requests from another site are refused", 403);
    if (!who.bot)
        return refuse(ErrorCode::NotAllowed, "the bot API is for bot accounts (send its token)",
                      403);
    if (!site_.lobby_endpoint || !site_.streams)
        return refuse(ErrorCode::NotFound, "this server has no bot API streams");
    std::shared_ptr<void> ticket = site_.streams->take(who.player);
    if (!ticket)
        return refuse(ErrorCode::RateLimited, "too many streams open for this bot; close one");
    // A proxy's connection counts against its client's cap from now on.
    if (!slot_.move_to(client_))
        return refuse(ErrorCode::Busy, "too many connections from your address");
    std::unique_ptr<Endpoint> endpoint;
    EventStream::Filter filter;
    if (events) {
        endpoint = site_.lobby_endpoint();
        filter = site_.bot_event_line;
    } else {
        endpoint = site_.table_endpoint(seg[3], "");
    }
    stream_.expires_never();
    upgraded_ = true;
    log_access(200);
    auto stream = std::make_shared<EventStream>(
        stream_.release_socket(), std::move(slot_), settings_->limits, site_.metrics, who,
        std::move(endpoint), std::move(filter), std::move(ticket));
    stream->run(host_, https_);
    return true;
}

void HttpSession::handle_api(const http::request<http::string_body>& req, std::string_view path) {
    const bool keep = req.keep_alive();
    Respond respond = [self = shared_from_this(), keep, n = request_](Reply r) {
        self->answer(n, std::move(r), keep);
    };
    const auto seg = segments(path.substr(4));
    const auto params = query_params(std::string_view(req.target().data(), req.target().size()));
    try {
        std::string allow;
        static const std::vector<ApiRoute> None;
        for (const ApiRoute& r : site_.routes ? site_.routes->all() : None) {
            if (!matches(r, seg)) continue;
            if (r.method != req.method()) {
                allow += (allow.empty() ? "" : ", ") + std::string(sv(http::to_string(r.method)));
                continue;
            }
            // Every API call that acts is a POST; it must say JSON (net/request_origin.h).
            if (r.method == http::verb::post &&
                !json_content_type(sv(req[http::field::content_type])))
                return answer(
                    request_,
                    error_body(ErrorCode::BadRequest, "send Content-Type: application/json", 415),
                    keep);
            const Identity identity = seen(site_.accounts.identify(sv(req[http::field::cookie])));
            const std::function<Identity()> ensure = [this, &identity] {
                auto ensured = site_.accounts.ensure(identity, client_);
                if (!ensured.set_cookie.empty()) set_cookie_ = ensured.set_cookie;
                return ensured.identity;
            };
            return r.run({req, seg, params, respond, client_, identity, ensure});
        }
        if (!allow.empty()) return answer(request_, method_not_allowed(req, allow), keep, allow);
        respond(error_body(ErrorCode::NotFound, "no API route " +
                                                    utf8_safe(sv(req.method_string()), 20) + " " +
                                                    utf8_safe(path, MaxEchoBytes)));
    } catch (const ApiError& e) {
        respond(error_body(e.code(), e.what()));
    }
}

void HttpSession::serve_file(const http::request<http::string_body>& req, std::string_view path) {
    // The browser's engine and its data files lie in a folder of their own (src/wasm).
    constexpr std::string_view Engine = "/engine/";
    const bool engine = path.starts_with(Engine);
    const auto found =
        engine ? (settings_->engine_dir.empty()
                      ? std::nullopt
                      : find_static(settings_->engine_dir, path.substr(Engine.size() - 1),
                                    sv(req[http::field::accept_encoding])))
               : find_static(settings_->web_dir, path, sv(req[http::field::accept_encoding]));
    const auto not_found = [&] {
        answer(request_, error_body(ErrorCode::NotFound, "no such file"), req.keep_alive());
    };
    if (!found) return not_found();
    // The headers every answer for the file carries, a 304 included (RFC 9110, 15.4.5): the
    // copy sent depends on Accept-Encoding, so every cache must key it by that too.
    const auto describe = [&](auto& res) {
        res.set(http::field::server, "reversi");
        res.set(http::field::content_type, found->content_type);
        res.set(http::field::cache_control, std::string(found->cache_control));
        res.set(http::field::etag, found->etag);
        res.set(http::field::vary, "Accept-Encoding");
        add_security_headers(res, host_, https_);
        // The engine's worker compiles WebAssembly, and only it may: a worker's policy is its
        // script's ('wasm-unsafe-eval' allows no eval of script text; the pages keep theirs).
        if (engine)
            res.set("Content-Security-Policy", std::string(res["Content-Security-Policy"]) +
                                                   "; script-src 'self' 'wasm-unsafe-eval'");
        res.keep_alive(req.keep_alive());
    };
    if (none_match_hit(sv(req[http::field::if_none_match]), found->etag)) {
        http::response<http::empty_body> res{http::status::not_modified, req.version()};
        describe(res);
        return write(std::move(res));
    }
    http::file_body::value_type body;
    error_code ec;
    body.open(found->file.c_str(), beast::file_mode::scan, ec);
    if (ec) return not_found();
    const auto size = body.size();
    const std::string_view coding = coding_name(found->coding);
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> res{http::status::ok, req.version()};
        describe(res);
        if (!coding.empty()) res.set(http::field::content_encoding, std::string(coding));
        res.content_length(size);
        return write(std::move(res));
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, req.version())};
    describe(res);
    if (!coding.empty()) res.set(http::field::content_encoding, std::string(coding));
    res.content_length(size);
    write(std::move(res));
}

void HttpSession::answer(uint64_t request, Reply r, bool keep_alive, std::string_view allow) {
    if (request != request_ || answered_ || upgraded_) return;
    reply(std::move(r), keep_alive, allow);
}

void HttpSession::reply(Reply r, bool keep_alive, std::string_view allow) {
    if (r.error) count_error(site_.metrics, *r.error);
    http::response<http::string_body> res{static_cast<http::status>(r.status), 11};
    res.set(http::field::server, "reversi");
    res.set(http::field::content_type, r.content_type);
    res.set(http::field::cache_control, "no-store");
    if (!allow.empty()) res.set(http::field::allow, std::string(allow));
    if (!r.location.empty()) res.set(http::field::location, r.location);
    // Every 503 (busy, unavailable) is short-lived: a full queue, a store that failed once.
    if (r.status == 503) res.set(http::field::retry_after, "1");
    // A guest made for this request keeps its cookie even when the answer is an error. Over
    // HTTPS the browser sends it back only over HTTPS.
    const std::string& cookie = !r.set_cookie.empty() ? r.set_cookie : set_cookie_;
    if (!cookie.empty()) res.set(http::field::set_cookie, https_ ? cookie + "; Secure" : cookie);
    // A browser without a device id gets one beside its new session, after it: clients that
    // keep only the first Set-Cookie keep the session (rating/device_sightings.h).
    if (!cookie.empty() && device_.empty()) {
        const std::string device = device_cookie(random_token());
        res.insert(http::field::set_cookie, https_ ? device + "; Secure" : device);
    }
    add_security_headers(res, host_, https_);
    res.body() = std::move(r.body);
    res.keep_alive(keep_alive);
    res.prepare_payload();
    write(std::move(res));
}

void HttpSession::linger() {
    // Closing with unread request bytes (a refused oversized body) would send a reset that
    // can destroy the answer before the client reads it: shut down our side, then drain.
    error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.expires_after(std::chrono::seconds(5));
    auto scratch = std::make_shared<std::array<char, 4096>>();
    stream_.async_read_some(net::buffer(*scratch),
                            [self = shared_from_this(), scratch](error_code ec, std::size_t) {
                                if (!ec) self->linger_more(scratch);
                            });
}

void HttpSession::linger_more(std::shared_ptr<std::array<char, 4096>> scratch) {
    stream_.async_read_some(net::buffer(*scratch),
                            [self = shared_from_this(), scratch](error_code ec, std::size_t) {
                                if (!ec) self->linger_more(scratch);
                            });
}

void HttpSession::log_access(unsigned status) const {
    if (!site_.log) return;
    site_.log->write("access", {{"id", request_id_},
                                {"remote", slot_.client()},
                                {"method", method_},
                                {"path", path_},
                                {"status", status},
                                {"ms", std::chrono::duration<double, std::milli>(
                                           std::chrono::steady_clock::now() - started_)
                                           .count()}});
}

template <class Body>
void HttpSession::write(http::response<Body>&& res) {
    answered_ = true;
    res.set("X-Request-Id", request_id_);
    log_access(res.result_int());
    auto sp = std::make_shared<http::response<Body>>(std::move(res));
    response_ = sp;
    http::async_write(stream_, *sp, [self = shared_from_this(), sp](error_code ec, std::size_t) {
        self->response_.reset();
        if (ec) return;
        if (!sp->keep_alive()) return self->linger();
        self->do_read();
    });
}

}  // namespace reversi::server
