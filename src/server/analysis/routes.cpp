// SPDX-License-Identifier: MIT
// The analysis' calls of the JSON API (routes.h).
#include "server/analysis/routes.h"

#include "server/analysis/service.h"
#include "server/common/api_routes.h"

namespace reversi::server {

using namespace http_api;

void add_analysis_routes(ApiRoutes& routes, AnalysisService* analysis) {
    using V = http::verb;
    const auto service = [analysis]() -> AnalysisService& { return present(analysis, "analysis"); };
    routes.add({"games", "*", "analysis"}, V::get,
               [service](const ApiCall& c) { service().get(c.seg[1], c.respond); });
    routes.add({"analyze"}, V::post, [service](const ApiCall& c) {
        service().analyze(c.req.body(), c.respond, c.client);
    });
}

}  // namespace reversi::server
