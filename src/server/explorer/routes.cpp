// SPDX-License-Identifier: MIT
// The opening explorer's calls of the JSON API (routes.h).
#include "server/explorer/routes.h"

#include "server/common/api_routes.h"
#include "server/explorer/service.h"

namespace reversi::server {

using namespace http_api;

void add_explorer_routes(ApiRoutes& routes, ExplorerService* explorer) {
    using V = http::verb;
    const auto service = [explorer]() -> ExplorerService& { return present(explorer, "explorer"); };
    routes.add({"explorer"}, V::get, [service](const ApiCall& c) {
        service().explore(param_text(c.params, "pool", "8x8"), param_text(c.params, "moves", ""),
                          param_text(c.params, "player", ""), param_int(c.params, "min", 0),
                          param_int(c.params, "max", 0), c.respond);
    });
    routes.add({"explorer", "eval"}, V::get, [service](const ApiCall& c) {
        service().evaluate(param_text(c.params, "pool", "8x8"), param_text(c.params, "moves", ""),
                           c.client, c.respond);
    });
    routes.add({"explorer", "imports"}, V::post, [service](const ApiCall& c) {
        service().import_games(c.identity, c.req.body(), c.respond);
    });
    routes.add({"openings"}, V::get, [service](const ApiCall& c) {
        service().name(param_text(c.params, "moves", ""), c.respond);
    });
}

}  // namespace reversi::server
