// SPDX-License-Identifier: MIT
// The services of one server that HTTP and WebSocket sessions reach: the hub of tables, the
// accounts, and (null until they exist) the lobby, the analysis, puzzle and explorer services.
// Owned by run_server; every session holds a reference, so a new service is one pointer here.
#pragma once

namespace reversi::server {

class GameHub;
class Accounts;
class Lobby;
class AnalysisService;
class PuzzleService;
class TournamentService;
class Metrics;
class EventLog;
class ExplorerService;
class DeviceSightings;
class StreamQuota;
class Moderation;

struct Site {
    GameHub& hub;
    Accounts& accounts;
    Lobby* lobby = nullptr;
    AnalysisService* analysis = nullptr;
    PuzzleService* puzzles = nullptr;
    TournamentService* tournaments = nullptr;
    Metrics* metrics = nullptr;  // counts connections and refused requests (may be null)
    EventLog* log = nullptr;     // the structured access log (`--json-log`), or null
    ExplorerService* explorer = nullptr;
    DeviceSightings* devices = nullptr;  // who used which device (rated pairings), or null
    StreamQuota* streams = nullptr;  // the bot API's NDJSON streams per player
    Moderation* moderation = nullptr;  // roles, sanctions, reports, the audit log
};

}  // namespace reversi::server
