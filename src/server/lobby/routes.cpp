// SPDX-License-Identifier: MIT
// The lobby's calls of the JSON API (routes.h).
#include "server/lobby/routes.h"

#include "server/common/api_routes.h"
#include "server/lobby/lobby.h"

namespace reversi::server {

using namespace http_api;

void add_lobby_routes(ApiRoutes& routes, Lobby* lobby) {
    using V = http::verb;
    // Answers a challenge by HTTP (the bot API) as a lobby socket's challenge_reply does; not
    // found on a server started without a lobby.
    const auto answer = [lobby](const ApiCall& c, bool accept) {
        present(lobby, "lobby").answer_challenge(c.identity, c.client, c.seg[1], accept);
        c.respond(json_reply(200, {{"ok", true}}));
    };
    routes.add({"challenge", "*", "accept"}, V::post,
               [answer](const ApiCall& c) { answer(c, true); });
    routes.add({"challenge", "*", "decline"}, V::post,
               [answer](const ApiCall& c) { answer(c, false); });
}

}  // namespace reversi::server
