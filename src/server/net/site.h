// SPDX-License-Identifier: MIT
// The services of one server that HTTP and WebSocket sessions reach: the accounts, what makes
// a socket's endpoint (a table's, the lobby's), and the JSON API's route table, where each
// module's calls are (common/api_routes.h). Owned by run_server; every session holds a
// reference, so a new service is one member here, and a new API call one line of its module's
// routes. The wiring fills it: net knows neither the hub nor the lobby behind it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "server/common/endpoint.h"

namespace reversi::server {

class Accounts;
class Metrics;
class EventLog;
class DeviceSightings;
namespace http_api {
class ApiRoutes;
}
class StreamQuota;

struct Site {
    Accounts& accounts;
    // The endpoint of a table's socket (/ws, a bot's game stream): the hub's, its player
    // counted online by the lobby. `token` empty: none.
    std::function<std::unique_ptr<Endpoint>(const std::string& table, const std::string& token)>
        table_endpoint;
    // The lobby's endpoint (/ws/lobby, a bot's event stream); empty on a server without one.
    std::function<std::unique_ptr<Endpoint>()> lobby_endpoint;
    // A lobby message as a line of a bot's event stream, or nothing (lobby/bot_events.h).
    std::function<std::optional<std::string>(const std::string&)> bot_event_line;
    Metrics* metrics = nullptr;          // counts connections and refused requests (may be null)
    EventLog* log = nullptr;             // the structured access log (`--json-log`), or null
    DeviceSightings* devices = nullptr;  // who used which device (rated pairings), or null
    StreamQuota* streams = nullptr;      // the bot API's NDJSON streams per player
    const http_api::ApiRoutes* routes = nullptr;  // every API call (null: none, all not found)
};

}  // namespace reversi::server
