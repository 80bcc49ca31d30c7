// SPDX-License-Identifier: MIT
// The opening explorer on the site (docs/EXPLORER.md): the index of every finished game, read
// from the store at start and fed by the hub's game-over hook, the players' imported games,
// and its HTTP API (the explorer, the engine's evaluations, GGF and WTHOR imports and the
// opening names).
// Runs on the network thread like the hub: no lock.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>

#include "server/accounts/accounts.h"
#include "server/common/net.h"
#include "server/common/rate_limiter.h"
#include "server/common/reply.h"
#include "server/explorer/evaluation.h"
#include "server/explorer/explorer.h"
#include "server/explorer/imports.h"
#include "server/hub/hub.h"
#include "server/storage/storage.h"

namespace reversi::server {

// The game of a finished table as the explorer keeps it; false for a game it does not keep
// (not finished, no moves, or not in a rating pool).
bool explorer_game_of(const Table& table, ExplorerGame& out);

// Imported games per player at most, and uploads per minute per player (and burst).
struct ExplorerImportBounds {
    size_t games_per_player = 20000;
    int uploads_per_minute = 20;
    int upload_burst = 20;
};

class ExplorerService {
  public:
    // `storage` (null: no imports) keeps imported games; `evaluations` (null: none) scores the
    // moves of a position with the engine.
    ExplorerService(Accounts& accounts, StorageQueue* storage = nullptr,
                    ExplorerEvaluations* evaluations = nullptr, ExplorerImportBounds bounds = {});

    // Reads every finished game of the store and every imported game (at start, before the
    // loop runs); returns how many it keeps.
    size_t restore(Storage& storage, int64_t now);
    // The hub's game-over hook.
    void game_finished(const Table& table);
    // Reads, every `every`, the games imported since the last one this node has (on other
    // nodes of a shared store: docs/EXPLORER.md "Several nodes").
    void follow_imports_every(net::io_context& ioc, std::chrono::milliseconds every);

    // GET /api/explorer?pool=P&moves=f5 d6&player=NAME&min=R&max=R
    void explore(const std::string& pool, const std::string& moves, const std::string& player,
                 int min_rating, int max_rating, Respond respond) const;
    // GET /api/explorer/eval?pool=P&moves=f5 d6: the engine's score of every legal move there
    // (evaluation.h); `client` is the asker's address.
    void evaluate(const std::string& pool, const std::string& moves, const std::string& client,
                  Respond respond);
    // POST /api/explorer/imports {"ggf": TEXT} or {"wthor": BASE64}: the games of a GGF file
    // or a WTHOR file (or a part of one, the body being bounded: a WTHOR part is a file of its
    // own) into the registered player's own database (imports.h); answers {"imported",
    // "skipped", "errors", "more", "total"} once they are committed.
    void import_games(const Identity& who, const std::string& body, Respond respond);
    // GET /api/openings?moves=f5 d6 c3 d3 c4: the opening's name (8x8), and the table.
    void name(const std::string& moves, Respond respond) const;

    const Explorer& explorer() const { return explorer_; }

  private:
    Accounts& accounts_;
    StorageQueue* storage_;
    ExplorerEvaluations* evaluations_;
    ExplorerImportBounds bounds_;
    RateLimiter upload_limiter_;
    // Reads the games imported after `imports_seen_` into the index, then calls `then`.
    void follow_imports(std::function<void()> then);
    // Adds a stored imported game not yet indexed; false when it was, or does not replay.
    bool add_imported(const StoredImportedGame& row);

    std::unordered_map<int64_t, size_t> imported_;  // imported games per player, in the index
    std::unordered_map<int64_t, size_t> pending_;   // uploads being committed, per player
    int64_t imports_seen_ = 0;                      // the highest imported game's id indexed
    std::unique_ptr<net::steady_timer> follow_timer_;
    Explorer explorer_;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
