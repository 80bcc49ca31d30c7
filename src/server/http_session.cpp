// SPDX-License-Identifier: MIT
// Routing of HTTP requests. API answers come from the hub, possibly after a storage round
// trip; the session waits for them before reading the next request, so answers on one
// connection keep the order of the requests.
#include "server/http_session.h"

#include "server/static_files.h"
#include "server/websocket_session.h"

namespace reversi::server {

namespace {

Reply error_body(ErrorCode code, const std::string& message) {
    const ApiError e(code, message);
    return {error_status(code), "application/json", error_json(e).dump()};
}

// Splits "/api/tables/abc/join" into its segments after "/api".
std::vector<std::string> segments(std::string_view path) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < path.size()) {
        size_t end = path.find('/', pos);
        if (end == std::string_view::npos) end = path.size();
        if (end > pos) out.emplace_back(path.substr(pos, end - pos));
        pos = end + 1;
    }
    return out;
}

int param_int(const std::unordered_map<std::string, std::string>& params, const char* key,
              int fallback) {
    const auto it = params.find(key);
    if (it == params.end()) return fallback;
    try {
        size_t used = 0;
        const int v = std::stoi(it->second, &used);
        if (used != it->second.size()) throw std::invalid_argument(key);
        return v;
    } catch (const std::exception&) {
        throw ApiError(ErrorCode::BadRequest,
                       std::string("parameter ") + key + " must be an integer");
    }
}

}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, GameHub& hub, const std::string& web_dir)
    : stream_(std::move(socket)), hub_(hub), web_dir_(web_dir) {}

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
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
        reply(error_body(ErrorCode::TooLarge, "requests are limited to 64 KiB"), false);
        return;
    }
    if (ec) return;
    handle(parser_->release());
}

void HttpSession::handle(http::request<http::string_body>&& req) {
    const std::string_view target(req.target().data(), req.target().size());
    const std::string_view path = target_path(target);
    if (websocket::is_upgrade(req)) {
        if (path != "/ws")
            return reply(error_body(ErrorCode::NotFound, "WebSocket is at /ws"), false);
        auto params = query_params(target);
        stream_.expires_never();
        std::make_shared<WebsocketSession>(stream_.release_socket(), hub_)
            ->run(std::move(req), params["table"], params["token"]);
        return;
    }
    if (path == "/api" || path.substr(0, 5) == "/api/") return handle_api(req, path);
    if (req.method() != http::verb::get && req.method() != http::verb::head)
        return reply(error_body(ErrorCode::BadRequest, "only GET serves files"), req.keep_alive());
    serve_file(req, path);
}

void HttpSession::handle_api(const http::request<http::string_body>& req, std::string_view path) {
    const bool keep = req.keep_alive();
    auto self = shared_from_this();
    Respond respond = [self, keep](Reply r) { self->reply(std::move(r), keep); };
    const auto seg = segments(path.substr(4));
    const auto params = query_params(std::string_view(req.target().data(), req.target().size()));
    const bool get = req.method() == http::verb::get;
    const bool post = req.method() == http::verb::post;
    try {
        if (seg.size() == 1 && seg[0] == "health" && get)
            return respond({200, "application/json", R"({"ok":true})"});
        if (seg.size() == 1 && seg[0] == "tables") {
            if (post) return hub_.create_table(req.body(), respond);
            if (get) return hub_.list_tables(respond);
        }
        if (seg.size() == 2 && seg[0] == "tables" && get) return hub_.get_table(seg[1], respond);
        if (seg.size() == 3 && seg[0] == "tables" && seg[2] == "join" && post)
            return hub_.join_table(seg[1], req.body(), respond);
        if (seg.size() == 1 && seg[0] == "games" && get)
            return hub_.list_games(param_int(params, "limit", 50), param_int(params, "offset", 0),
                                   respond);
        if (seg.size() == 2 && seg[0] == "games" && get) return hub_.get_game(seg[1], respond);
        if (seg.size() == 3 && seg[0] == "games" && seg[2] == "export" && get) {
            const auto it = params.find("format");
            return hub_.export_game(seg[1], it == params.end() ? "text" : it->second, respond);
        }
        respond(error_body(ErrorCode::NotFound, "no API route " + std::string(req.method_string()) +
                                                    " " + std::string(path.substr(0, 200))));
    } catch (const ApiError& e) {
        respond(error_body(e.code(), e.what()));
    }
}

void HttpSession::serve_file(const http::request<http::string_body>& req, std::string_view path) {
    const auto file = resolve_static(web_dir_, path);
    if (!file) return reply(error_body(ErrorCode::NotFound, "no such file"), req.keep_alive());
    http::file_body::value_type body;
    error_code ec;
    body.open(file->c_str(), beast::file_mode::scan, ec);
    if (ec) return reply(error_body(ErrorCode::NotFound, "no such file"), req.keep_alive());
    const auto size = body.size();
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> res{http::status::ok, req.version()};
        res.set(http::field::content_type, mime_type(*file));
        res.content_length(size);
        res.keep_alive(req.keep_alive());
        return write(std::move(res));
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, req.version())};
    res.set(http::field::server, "reversi");
    res.set(http::field::content_type, mime_type(*file));
    res.set(http::field::cache_control, "no-cache");
    res.content_length(size);
    res.keep_alive(req.keep_alive());
    write(std::move(res));
}

void HttpSession::reply(Reply r, bool keep_alive) {
    http::response<http::string_body> res{static_cast<http::status>(r.status), 11};
    res.set(http::field::server, "reversi");
    res.set(http::field::content_type, r.content_type);
    res.set(http::field::cache_control, "no-store");
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

template <class Body>
void HttpSession::write(http::response<Body>&& res) {
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
