// SPDX-License-Identifier: MIT
// The services of one server that HTTP and WebSocket sessions reach: the hub of tables, the
// accounts, and (null until they exist) the lobby, the analysis, puzzle and explorer services. Owned by
// run_server; every session holds a reference, so a new service is one pointer here.
#pragma once

namespace reversi::server {

class GameHub;
class Accounts;
class Lobby;
class AnalysisService;
class PuzzleService;
class ExplorerService;

struct Site {
    GameHub& hub;
    Accounts& accounts;
    Lobby* lobby = nullptr;
    AnalysisService* analysis = nullptr;
    PuzzleService* puzzles = nullptr;
    ExplorerService* explorer = nullptr;
};

}  // namespace reversi::server
