// SPDX-License-Identifier: MIT
// The tournaments' calls of the JSON API (routes.h).
#include "server/tournament/routes.h"

#include "server/common/api_routes.h"
#include "server/tournament/service.h"

namespace reversi::server {

using namespace http_api;

void add_tournament_routes(ApiRoutes& routes, TournamentService* tournaments) {
    using V = http::verb;
    // The tournament service, or not_found on a server started without one; nothing when
    // another node runs the tournaments and the call was answered with the way there.
    const auto service = [tournaments](const ApiCall& c) -> TournamentService* {
        if (present(tournaments, "tournaments")
                .answer_elsewhere(std::string(sv(c.req.target())), c.respond))
            return nullptr;
        return tournaments;
    };
    routes.add({"tables", "*", "tournament"}, V::get, [service](const ApiCall& c) {
        if (auto* t = service(c)) t->of_table(c.seg[1], c.respond);
    });
    routes.add({"tournaments"}, V::get, [service](const ApiCall& c) {
        if (auto* t = service(c))
            t->list(param_int(c.params, "offset", 0), param_int(c.params, "limit", 50), c.respond);
    });
    routes.add({"tournaments"}, V::post, [service](const ApiCall& c) {
        if (auto* t = service(c)) t->create(c.identity, c.client, c.req.body(), c.respond);
    });
    routes.add({"tournaments", "*"}, V::get, [service](const ApiCall& c) {
        if (auto* t = service(c)) t->get(c.seg[1], c.respond);
    });
    routes.add({"tournaments", "*", "join"}, V::post, [service](const ApiCall& c) {
        if (auto* t = service(c)) t->join(c.seg[1], c.identity, c.respond);
    });
    routes.add({"tournaments", "*", "withdraw"}, V::post, [service](const ApiCall& c) {
        if (auto* t = service(c)) t->withdraw(c.seg[1], c.identity, c.respond);
    });
    routes.add({"tournaments", "*", "start"}, V::post, [service](const ApiCall& c) {
        if (auto* t = service(c)) t->start(c.seg[1], c.identity, c.respond);
    });
    routes.add({"tournaments", "*", "cancel"}, V::post, [service](const ApiCall& c) {
        if (auto* t = service(c)) t->cancel(c.seg[1], c.identity, c.respond);
    });
    routes.add({"players", "*", "tournaments"}, V::get, [service](const ApiCall& c) {
        if (auto* t = service(c)) t->results_of(c.decoded(1), c.respond);
    });
}

}  // namespace reversi::server
