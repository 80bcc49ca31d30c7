// SPDX-License-Identifier: MIT
// The tournaments of a server (docs/SITE.md "Tournaments"): created by registered players,
// joined and left over HTTP, started at their time by a one-second tick that also pairs
// (arena: whoever is free; Swiss: the next round once a round is over) through the lobby,
// which sends each player `paired` as any pairing does. Each change is stored (one document
// per tournament) before it is told to the entrants' lobby sockets as
// {"type": "tournament", "tournament": view}. A restart reads them back and settles the
// games that ended meanwhile from the stored tables. On the network thread only.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "server/common/identity.h"
#include "server/common/net.h"
#include "server/common/reply.h"
#include "server/storage/storage.h"
#include "server/tournament/tournament.h"

namespace reversi::server {

class Accounts;
class Lobby;
class Table;

class TournamentService {
  public:
    TournamentService(net::io_context& ioc, StorageQueue& storage, Lobby& lobby,
                      Accounts& accounts);
    TournamentService(const TournamentService&) = delete;
    TournamentService& operator=(const TournamentService&) = delete;

    // Reads the stored tournaments and settles their games that ended while it was down
    // (call once, before serving, after the hub's restore); starts the tick.
    void restore(Storage& storage);
    // A game ended (the hub's on_game_over): its tournament scores it.
    void game_finished(const Table& table);

    // HTTP API (docs/SITE.md "Tournaments").
    void list(Respond respond) const;
    void get(const std::string& id, Respond respond) const;
    void create(const Identity& who, const std::string& body, Respond respond);
    void join(const std::string& id, const Identity& who, Respond respond);
    void withdraw(const std::string& id, const Identity& who, Respond respond);
    void start(const std::string& id, const Identity& who, Respond respond);
    // The finished tournaments a player took part in, newest first (profiles).
    void results_of(const std::string& name, Respond respond) const;

  private:
    using Tournament = tournament::Tournament;
    Tournament& find(const std::string& id);
    void tick();
    // Pairs what is due, ends what is over, and saves and tells when anything changed.
    void pump(Tournament& t);
    void make_table(const std::string& id, int64_t first, int64_t second);
    // Stores `t` and then tells its entrants; a failed store is logged (the next change
    // stores it whole again).
    void changed(Tournament& t);
    int64_t now() const;

    net::io_context& ioc_;
    StorageQueue& storage_;
    Lobby& lobby_;
    Accounts& accounts_;
    std::map<std::string, Tournament> tournaments_;
    net::steady_timer timer_;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
