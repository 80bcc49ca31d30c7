// SPDX-License-Identifier: MIT
// The defaults of a store without imported games: adding throws, loading finds none.
#include "server/storage/import_store.h"

#include <stdexcept>

namespace reversi::server {

void ImportStore::add_imported_game(const StoredImportedGame&) {
    throw std::runtime_error("this store keeps no imported games");
}

std::vector<StoredImportedGame> ImportStore::imported_games() {
    return {};
}

std::vector<StoredImportedGame> ImportStore::imported_games_after(int64_t, int) {
    return {};
}

}  // namespace reversi::server
