// SPDX-License-Identifier: MIT
// The moderation's calls of the JSON API (routes.h); what each does is in http.cpp.
#include "server/moderation/routes.h"

#include "server/common/api_routes.h"
#include "server/moderation/moderation.h"

namespace reversi::server {

using namespace http_api;

void add_moderation_routes(ApiRoutes& routes, Moderation* moderation) {
    using V = http::verb;
    const auto mod = [moderation]() -> Moderation& { return present(moderation, "moderation"); };
    routes.add({"reports"}, V::post,
               [mod](const ApiCall& c) { mod().report(c.identity, c.req.body(), c.respond); });
    routes.add({"mod", "me"}, V::get,
               [mod](const ApiCall& c) { mod().my_role(c.identity, c.respond); });
    routes.add({"mod", "sanctions"}, V::get,
               [mod](const ApiCall& c) { mod().list_sanctions(c.identity, c.respond); });
    routes.add({"mod", "sanctions"}, V::post,
               [mod](const ApiCall& c) { mod().sanction(c.identity, c.req.body(), c.respond); });
    routes.add({"mod", "audit"}, V::get, [mod](const ApiCall& c) {
        mod().list_audit(c.identity, param_int(c.params, "before", 0),
                         param_int(c.params, "limit", 50), c.respond);
    });
    routes.add({"mod", "reports"}, V::get,
               [mod](const ApiCall& c) { mod().list_reports(c.identity, c.respond); });
    routes.add({"mod", "reports", "*", "resolve"}, V::post, [mod](const ApiCall& c) {
        mod().resolve_report(c.identity, c.seg[2], c.req.body(), c.respond);
    });
    routes.add({"mod", "reports", "player", "*", "resolve"}, V::post, [mod](const ApiCall& c) {
        mod().resolve_reports_of(c.identity, c.decoded(3), c.req.body(), c.respond);
    });
    routes.add({"mod", "reverse"}, V::post, [mod](const ApiCall& c) {
        mod().reverse_games(c.identity, c.req.body(), c.respond);
    });
}

}  // namespace reversi::server
