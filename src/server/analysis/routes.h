// SPDX-License-Identifier: MIT
// The analysis' calls of the JSON API (docs/SITE.md "Analysis"): a game's analysis and the
// analysis board; added to the route table (common/api_routes.h) by the wiring (server.cpp).
#pragma once

namespace reversi::server {

class AnalysisService;
namespace http_api {
class ApiRoutes;
}

// `analysis` may be null (a server started without one): its calls then answer not_found.
void add_analysis_routes(http_api::ApiRoutes& routes, AnalysisService* analysis);

}  // namespace reversi::server
