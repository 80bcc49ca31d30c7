// SPDX-License-Identifier: MIT
// The accounts' calls of the JSON API (routes.h); what each does is in http.cpp and bots.cpp.
#include "server/accounts/routes.h"

#include "server/accounts/accounts.h"
#include "server/common/api_routes.h"

namespace reversi::server {

using namespace http_api;

void add_account_routes(ApiRoutes& routes, Accounts& accounts) {
    using V = http::verb;
    Accounts* a = &accounts;
    routes.add({"me"}, V::get, [a](const ApiCall& c) { a->me(c.ensure(), c.respond); });
    routes.add({"register"}, V::post, [a](const ApiCall& c) {
        a->register_player(c.identity, c.req.body(), c.client, c.respond);
    });
    routes.add({"login"}, V::post,
               [a](const ApiCall& c) { a->login(c.cookie(), c.req.body(), c.client, c.respond); });
    routes.add({"logout"}, V::post, [a](const ApiCall& c) { a->logout(c.cookie(), c.respond); });
    routes.add({"password"}, V::post, [a](const ApiCall& c) {
        a->change_password(c.cookie(), c.req.body(), c.client, c.respond);
    });
    routes.add({"account", "delete"}, V::post, [a](const ApiCall& c) {
        a->delete_account(c.cookie(), c.req.body(), c.client, c.respond);
    });
    routes.add({"players", "*"}, V::get,
               [a](const ApiCall& c) { a->profile(c.decoded(1), c.respond); });
    // Bot accounts and their API tokens (docs/PROTOCOL.md "Bot API"; bots.cpp).
    routes.add({"bot", "account"}, V::post,
               [a](const ApiCall& c) { a->become_bot(c.identity, c.respond); });
    routes.add({"bot", "token"}, V::post,
               [a](const ApiCall& c) { a->bot_token(c.cookie(), c.identity, c.respond); });
    routes.add({"bot", "tokens"}, V::get,
               [a](const ApiCall& c) { a->bot_tokens(c.identity, c.respond); });
    routes.add({"bot", "tokens", "*", "revoke"}, V::post, [a](const ApiCall& c) {
        a->revoke_bot_token(c.cookie(), c.identity, c.seg[2], c.respond);
    });
    routes.add({"leaderboard"}, V::get, [a](const ApiCall& c) {
        a->leaderboard(param_text(c.params, "pool", "8x8"), param_int(c.params, "limit", 50),
                       c.respond);
    });
}

}  // namespace reversi::server
