// SPDX-License-Identifier: MIT
// The accounts' calls of the JSON API (docs/SITE.md "Identity", "Ratings"; docs/PROTOCOL.md
// "Bot API"): sessions, profiles, the leaderboard, bot accounts and their tokens; added to the
// route table (common/api_routes.h) by the wiring (server.cpp).
#pragma once

namespace reversi::server {

class Accounts;
namespace http_api {
class ApiRoutes;
}

void add_account_routes(http_api::ApiRoutes& routes, Accounts& accounts);

}  // namespace reversi::server
