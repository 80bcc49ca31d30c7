// SPDX-License-Identifier: MIT
// The services of one server that HTTP and WebSocket sessions reach: the hub of tables, the
// accounts, (null until they exist) the lobby, and the JSON API's route table, where each
// module's calls are (common/api_routes.h). Owned by run_server; every session holds a
// reference, so a new service is one pointer here, and a new API call one line of its module's
// routes.
#pragma once

namespace reversi::server {

class GameHub;
class Accounts;
class Lobby;
class Metrics;
class EventLog;
class DeviceSightings;
namespace http_api {
class ApiRoutes;
}
class StreamQuota;

struct Site {
    GameHub& hub;
    Accounts& accounts;
    Lobby* lobby = nullptr;
    Metrics* metrics = nullptr;          // counts connections and refused requests (may be null)
    EventLog* log = nullptr;             // the structured access log (`--json-log`), or null
    DeviceSightings* devices = nullptr;  // who used which device (rated pairings), or null
    StreamQuota* streams = nullptr;      // the bot API's NDJSON streams per player
    const http_api::ApiRoutes* routes = nullptr;  // every API call (null: none, all not found)
};

}  // namespace reversi::server
