// SPDX-License-Identifier: MIT
// The opening explorer's calls of the JSON API (docs/EXPLORER.md) and the opening names; added
// to the route table (common/api_routes.h) by the wiring (server.cpp).
#pragma once

namespace reversi::server {

class ExplorerService;
namespace http_api {
class ApiRoutes;
}

// `explorer` may be null (a server started without one): its calls then answer not_found.
void add_explorer_routes(http_api::ApiRoutes& routes, ExplorerService* explorer);

}  // namespace reversi::server
