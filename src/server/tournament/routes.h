// SPDX-License-Identifier: MIT
// The tournaments' calls of the JSON API (docs/SITE.md "Tournaments"); added to the route
// table (common/api_routes.h) by the wiring (server.cpp).
#pragma once

namespace reversi::server {

class TournamentService;
namespace http_api {
class ApiRoutes;
}

// `tournaments` may be null (a server started without them): its calls then answer not_found.
void add_tournament_routes(http_api::ApiRoutes& routes, TournamentService* tournaments);

}  // namespace reversi::server
