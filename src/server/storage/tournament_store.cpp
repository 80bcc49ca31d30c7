// SPDX-License-Identifier: MIT
// The defaults of a store without tournaments: saving throws, the list is empty.
#include "server/storage/tournament_store.h"

#include <stdexcept>

namespace reversi::server {

void TournamentStore::save_tournament(const StoredTournament&) {
    throw std::runtime_error("this store keeps no tournaments");
}

std::vector<StoredTournament> TournamentStore::tournaments(int) {
    return {};
}

}  // namespace reversi::server
