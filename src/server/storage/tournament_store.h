// SPDX-License-Identifier: MIT
// What a store keeps of tournaments (docs/SITE.md "Tournaments"): one JSON document per
// tournament, its entrants, games and standings, replaced as a whole at every change, so a
// tournament read back is always one the service saw. Methods throw std::runtime_error on
// failure and run on the storage thread, inside the transaction of the Storage they belong
// to (storage.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace reversi::server {

// A tournament as stored: the document and the columns it is listed by.
struct StoredTournament {
    std::string id;
    int64_t created = 0;  // wall-clock ms
    std::string status;   // "created", "running", "finished"
    std::string doc;      // JSON, not interpreted by the store
};

// Tournaments.
class TournamentStore {
  public:
    virtual ~TournamentStore() = default;

    // Inserts or replaces the tournament. tournament_store.cpp has the defaults, for a store
    // without tournaments: saving throws, the list is empty.
    virtual void save_tournament(const StoredTournament& tournament);
    // The tournaments not finished, then the `finished` newest finished ones.
    virtual std::vector<StoredTournament> tournaments(int finished);
};

}  // namespace reversi::server
