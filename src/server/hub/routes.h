// SPDX-License-Identifier: MIT
// The hub's calls of the JSON API (docs/PROTOCOL.md): health, tables, games and their export,
// a bot's moves by HTTP, hiding chat; added to the route table (common/api_routes.h) by the
// wiring (server.cpp).
#pragma once

namespace reversi::server {

class GameHub;
namespace http_api {
class ApiRoutes;
}

void add_hub_routes(http_api::ApiRoutes& routes, GameHub& hub);

}  // namespace reversi::server
