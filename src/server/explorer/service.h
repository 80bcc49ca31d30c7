// SPDX-License-Identifier: MIT
// The opening explorer on the site (docs/EXPLORER.md): the index of every finished game, read
// from the store at start and fed by the hub's game-over hook, and its HTTP API (the explorer
// and the opening names). Runs on the network thread like the hub: no lock.
#pragma once

#include <string>

#include "server/accounts/accounts.h"
#include "server/common/reply.h"
#include "server/explorer/explorer.h"
#include "server/hub/hub.h"
#include "server/storage/storage.h"

namespace reversi::server {

// The game of a finished table as the explorer keeps it; false for a game it does not keep
// (not finished, no moves, or not in a rating pool).
bool explorer_game_of(const Table& table, ExplorerGame& out);

class ExplorerService {
  public:
    explicit ExplorerService(Accounts& accounts) : accounts_(accounts) {}

    // Reads every finished game of the store (at start, before the loop runs); returns how many
    // it keeps.
    size_t restore(Storage& storage, int64_t now);
    // The hub's game-over hook.
    void game_finished(const Table& table);

    // GET /api/explorer?pool=P&moves=f5 d6&player=NAME&min=R&max=R
    void explore(const std::string& pool, const std::string& moves, const std::string& player,
                 int min_rating, int max_rating, Respond respond) const;
    // GET /api/openings?moves=f5 d6 c3 d3 c4: the opening's name (8x8), and the table.
    void name(const std::string& moves, Respond respond) const;

    const Explorer& explorer() const { return explorer_; }

  private:
    Accounts& accounts_;
    Explorer explorer_;
};

}  // namespace reversi::server
