// SPDX-License-Identifier: MIT
// The puzzles' calls of the JSON API (docs/PUZZLES.md "On the site"); added to the route table
// (common/api_routes.h) by the wiring (server.cpp).
#pragma once

namespace reversi::server {

class PuzzleService;
namespace http_api {
class ApiRoutes;
}

// `puzzles` may be null (a server started without them): its calls then answer not_found.
void add_puzzle_routes(http_api::ApiRoutes& routes, PuzzleService* puzzles);

}  // namespace reversi::server
