// SPDX-License-Identifier: MIT
// A player's imported games (docs/EXPLORER.md "Imported games"): games read from a GGF file the
// player uploaded, kept as the player's own database beside the site's games, which "my
// openings" in the explorer counts. Methods throw std::runtime_error on failure and run on the
// storage thread (storage.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace reversi::server {

struct StoredImportedGame {
    int64_t player = 0;  // who imported it
    std::string pool;
    std::string moves;  // square names separated by spaces, "pass" for a pass
    int winner = -1;    // 0 Black, 1 White, -1 draw
    std::string black;  // the names in the file
    std::string white;
    int64_t at = 0;  // when it was imported, milliseconds since the epoch
    int64_t id = 0;  // the store's number, rising in the order of import (set when read)
};

class ImportStore {
  public:
    virtual ~ImportStore() = default;

    // import_store.cpp has the defaults, for a store without imports: adding throws, loading
    // finds none.
    virtual void add_imported_game(const StoredImportedGame& game);
    virtual std::vector<StoredImportedGame> imported_games();
    // The games numbered above `id`, in order, at most `limit`: what other nodes imported since
    // (docs/EXPLORER.md "Several nodes").
    virtual std::vector<StoredImportedGame> imported_games_after(int64_t id, int limit);
};

}  // namespace reversi::server
