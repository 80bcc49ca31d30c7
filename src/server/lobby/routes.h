// SPDX-License-Identifier: MIT
// The lobby's calls of the JSON API: a bot answering a challenge by HTTP (docs/PROTOCOL.md
// "Bot API"); added to the route table (common/api_routes.h) by the wiring (server.cpp).
#pragma once

namespace reversi::server {

class Lobby;
namespace http_api {
class ApiRoutes;
}

// `lobby` may be null (a server started without one): its calls then answer not_found.
void add_lobby_routes(http_api::ApiRoutes& routes, Lobby* lobby);

}  // namespace reversi::server
