// SPDX-License-Identifier: MIT
// The hub's calls of the JSON API (routes.h).
#include "server/hub/routes.h"

#include "server/common/api_routes.h"
#include "server/hub/hub.h"

namespace reversi::server {

using namespace http_api;

namespace {

// The caller as a bot of the bot API (docs/PROTOCOL.md "Bot API"), or not_allowed.
const Identity& calling_bot(const ApiCall& c) {
    if (!c.identity.bot)
        throw ApiError(ErrorCode::NotAllowed, "the bot API is for bot accounts (send its token)");
    // (answered 400 not_allowed, as every refused API call of that code)
    return c.identity;
}

}  // namespace

void add_hub_routes(ApiRoutes& routes, GameHub& hub) {
    using V = http::verb;
    routes.add({"health"}, V::get, [&hub](const ApiCall& c) { hub.health(c.respond); });
    routes.add({"tables"}, V::get, [&hub](const ApiCall& c) { hub.list_tables(c.respond); });
    routes.add({"tables"}, V::post, [&hub](const ApiCall& c) {
        hub.create_table(c.req.body(), c.respond, c.client, c.ensure());
    });
    routes.add({"tables", "*"}, V::get,
               [&hub](const ApiCall& c) { hub.get_table(c.seg[1], c.respond); });
    routes.add({"tables", "*", "join"}, V::post, [&hub](const ApiCall& c) {
        hub.join_table(c.seg[1], c.req.body(), c.respond, c.ensure(), c.client);
    });
    routes.add({"games"}, V::get, [&hub](const ApiCall& c) {
        hub.list_games(param_int(c.params, "limit", 50), param_int(c.params, "offset", 0),
                       c.respond);
    });
    routes.add({"games", "*"}, V::get,
               [&hub](const ApiCall& c) { hub.get_game(c.seg[1], c.respond); });
    routes.add({"games", "*", "export"}, V::get, [&hub](const ApiCall& c) {
        hub.export_game(c.seg[1], param_text(c.params, "format", "text"), c.respond);
    });
    routes.add({"account", "games.ggf"}, V::get,
               [&hub](const ApiCall& c) { hub.export_player_games(c.identity, c.respond); });
    // A bot's games by HTTP; its streams are opened in HttpSession::open_stream.
    routes.add({"bot", "game", "*", "move", "*"}, V::post, [&hub](const ApiCall& c) {
        hub.play_for(c.seg[2], calling_bot(c), c.seg[4], c.respond);
    });
    routes.add({"bot", "game", "*", "resign"}, V::post,
               [&hub](const ApiCall& c) { hub.resign_for(c.seg[2], calling_bot(c), c.respond); });
    routes.add({"mod", "chat", "hide"}, V::post,
               [&hub](const ApiCall& c) { hub.hide_chat(c.identity, c.req.body(), c.respond); });
}

}  // namespace reversi::server
