// SPDX-License-Identifier: MIT
// The JSON API's route table (docs/PROTOCOL.md): each path pattern with its method and what
// the call does. Each folder adds the calls it owns (<folder>/routes.h), the wiring
// (server.cpp) asks each to, and an HTTP session (net/http_session.cpp) only looks a call up
// here: it owns the connection, the request's identity and the answer.
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

using Params = std::unordered_map<std::string, std::string>;

// The query parameter `key` as an integer, `fallback` when absent; bad_request when it is not
// one.
int param_int(const Params& params, const char* key, int fallback);
// The query parameter `key` (or `fallback`), made UTF-8-safe and cut short.
std::string param_text(const Params& params, const char* key, std::string_view fallback);

// `*service`, or not_found ("this server has no `what`") on a server started without it.
template <class Service>
Service& present(Service* service, const char* what) {
    if (!service) throw ApiError(ErrorCode::NotFound, std::string("this server has no ") + what);
    return *service;
}

// One API call as a route sees it. `identity` is the caller's session (player 0: none);
// `ensure()` gives the caller's identity, making a guest with a session (and its cookie on
// the answer) when there is none, for the calls that need a player.
struct ApiCall {
    const http::request<http::string_body>& req;
    const std::vector<std::string>& seg;
    const Params& params;
    const Respond& respond;
    const std::string& client;
    const Identity& identity;
    const std::function<Identity()>& ensure;
    std::string_view cookie() const { return sv(req[http::field::cookie]); }
    // Path segment `i` percent-decoded (a player's name), empty when it does not decode.
    std::string decoded(std::size_t i) const;
};

// One call: the path segments after /api ("*" stands for an id), the method, and what the
// call does. A path that matches with another method gets 405.
struct ApiRoute {
    std::vector<std::string_view> pattern;
    http::verb method;
    std::function<void(const ApiCall&)> run;
};

// Whether `seg` fits the route's pattern ("*" stands for any one segment).
bool matches(const ApiRoute& route, const std::vector<std::string>& seg);

// Every route, in the order they are tried: the order each folder added its own. (No two
// folders' patterns fit the same path, so the order between folders decides nothing.)
class ApiRoutes {
  public:
    void add(std::vector<std::string_view> pattern, http::verb method,
             std::function<void(const ApiCall&)> run);
    const std::vector<ApiRoute>& all() const { return routes_; }

  private:
    std::vector<ApiRoute> routes_;
};

}  // namespace reversi::server::http_api
