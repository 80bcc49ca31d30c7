// SPDX-License-Identifier: MIT
// The moderation's calls of the JSON API (docs/SITE.md "Moderation"): reports, sanctions,
// the audit log; added to the route table (common/api_routes.h) by the wiring (server.cpp).
#pragma once

namespace reversi::server {

class Moderation;
namespace http_api {
class ApiRoutes;
}

// `moderation` may be null (a server started without one): its calls then answer not_found.
void add_moderation_routes(http_api::ApiRoutes& routes, Moderation* moderation);

}  // namespace reversi::server
