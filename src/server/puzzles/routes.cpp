// SPDX-License-Identifier: MIT
// The puzzles' calls of the JSON API (routes.h).
#include "server/puzzles/routes.h"

#include "server/accounts/accounts.h"
#include "server/common/api_routes.h"
#include "server/puzzles/service.h"

namespace reversi::server {

using namespace http_api;

namespace {

// The caller of a puzzle call as the seen-puzzle rule knows it (seen_puzzles.h).
PuzzleViewer puzzle_viewer_of(const ApiCall& c) {
    return {c.identity.player, device_of(c.cookie()), c.client};
}

}  // namespace

void add_puzzle_routes(ApiRoutes& routes, PuzzleService* puzzles) {
    using V = http::verb;
    const auto service = [puzzles]() -> PuzzleService& { return present(puzzles, "puzzles"); };
    routes.add({"puzzles"}, V::get, [service](const ApiCall& c) { service().overview(c.respond); });
    routes.add({"puzzles", "next"}, V::get, [service](const ApiCall& c) {
        service().next(c.identity, puzzle_viewer_of(c), param_text(c.params, "pool", "8x8"),
                       param_text(c.params, "skip", ""), c.respond);
    });
    routes.add({"puzzles", "streak"}, V::post, [service](const ApiCall& c) {
        service().start_streak(c.ensure(), c.req.body(), c.client, c.respond);
    });
    routes.add({"puzzles", "daily"}, V::get,
               [service](const ApiCall& c) { service().daily(c.respond); });
    routes.add({"puzzles", "players", "*"}, V::get,
               [service](const ApiCall& c) { service().player(c.decoded(2), c.respond); });
    routes.add({"puzzles", "*"}, V::get,
               [service](const ApiCall& c) { service().get(c.seg[1], c.respond); });
    routes.add({"puzzles", "*", "moves"}, V::post, [service](const ApiCall& c) {
        service().submit(c.identity, puzzle_viewer_of(c), c.seg[1], c.req.body(), c.respond);
    });
}

}  // namespace reversi::server
