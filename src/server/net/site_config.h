// SPDX-License-Identifier: MIT
// What the site allows, as GET /api/config publishes it (docs/PROTOCOL.md "Config"): the pools,
// time controls, clock and level bounds, tournament limits, the start rating and every error
// code. Each value is read from the constant or list its validator checks, so the forms the
// client builds from it offer only what the server accepts.
#pragma once

#include "server/common/protocol.h"

namespace reversi::server {

namespace http_api {
class ApiRoutes;
}

// The config document; the same for every caller and every run of one build.
json site_config();

// GET /api/config, answering site_config(), added to the route table by the wiring.
void add_config_route(http_api::ApiRoutes& routes);

}  // namespace reversi::server
