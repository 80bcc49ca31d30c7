// SPDX-License-Identifier: MIT
// The JSON API's routes (docs/PROTOCOL.md): each path pattern with its method and what the
// call does, and what an HTTP session needs to find one. The session (http_session.cpp) owns
// the connection, the request's identity and the answer; a module's calls are routed here to
// the module that owns them.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/common/identity.h"
#include "server/common/net.h"
#include "server/common/reply.h"
#include "server/net/site.h"

namespace reversi::server::http_api {

inline std::string_view sv(beast::string_view s) {
    return {s.data(), s.size()};
}

// Longest piece of the request target (an id, a path, a parameter) passed on or echoed.
constexpr std::size_t MaxEchoBytes = 200;

// An error answer in the API's JSON form (status 0: the code's own).
Reply error_body(ErrorCode code, const std::string& message, int status = 0);

// Splits "/api/tables/abc/join" into its segments after "/api", each made UTF-8-safe.
std::vector<std::string> segments(std::string_view path);

// One API call as a route sees it. `identity` is the caller's session (player 0: none);
// `ensure()` gives the caller's identity, making a guest with a session (and its cookie on
// the answer) when there is none, for the calls that need a player.
struct ApiCall {
    GameHub& hub;
    const http::request<http::string_body>& req;
    const std::vector<std::string>& seg;
    const std::unordered_map<std::string, std::string>& params;
    const Respond& respond;
    const std::string& client;
    Site& site;
    const Identity& identity;
    const std::function<Identity()>& ensure;
    std::string_view cookie() const { return sv(req[http::field::cookie]); }
    Accounts& accounts() const { return site.accounts; }
};

// The API of docs/PROTOCOL.md: the path segments after /api ("*" stands for an id), the
// method, and what the call does. A path that matches with another method gets 405.
struct ApiRoute {
    std::vector<std::string_view> pattern;
    http::verb method;
    void (*run)(const ApiCall&);
};

// Every route, in the order they are tried.
const std::vector<ApiRoute>& api_routes();

// Whether `seg` fits the route's pattern ("*" stands for any one segment).
bool matches(const ApiRoute& route, const std::vector<std::string>& seg);

}  // namespace reversi::server::http_api
