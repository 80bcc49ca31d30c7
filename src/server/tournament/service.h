// SPDX-License-Identifier: MIT
// The tournaments of a server (docs/SITE.md "Tournaments"): created by registered players,
// joined and left over HTTP, started at their time by a one-second tick that also pairs
// (arena: whoever is free; Swiss: the next round once a round is over) through the lobby,
// which sends each player `paired` as any pairing does. Changes are stored (one document per
// tournament) and then told to the entrants' lobby sockets as {"type": "tournament",
// "tournament": view} at the next tick, at most once a second; a table made for a pairing is
// stored at once, so that no game is lost (a result the tick had not stored yet is read back
// from the game's own table after a crash). A restart reads them back and settles the
// games that ended meanwhile from the stored tables. On the network thread only.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "server/common/identity.h"
#include "server/common/net.h"
#include "server/common/reply.h"
#include "server/storage/storage.h"
#include "server/tournament/schedule.h"
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
    // The site's recurring tournaments (schedule.h): each entry's next occurrence is created
    // at the tick (stored like any tournament) unless it exists. Call before restore().
    void set_schedule(std::vector<tournament::ScheduleEntry> schedule) {
        schedule_ = std::move(schedule);
    }
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
    // Creates the scheduled occurrences that are due and not made yet.
    void create_scheduled();
    // Pairs what is due, ends what is over, and saves and tells when anything changed.
    void pump(Tournament& t);
    void make_table(const std::string& id, const std::vector<int64_t>& players);
    // Marks `t` changed: stored and told to its entrants at the next tick.
    void changed(Tournament& t);
    // Stores `t` now, then runs `then` (when given) with whether it was stored; a failed
    // store is logged and tried again at the next tick.
    void persist(const Tournament& t, std::function<void(bool ok)> then);
    // Sends the standings to the entrants' lobby sockets.
    void tell(const std::string& id);
    int64_t now() const;

    net::io_context& ioc_;
    StorageQueue& storage_;
    Lobby& lobby_;
    Accounts& accounts_;
    std::map<std::string, Tournament> tournaments_;
    std::set<std::string> dirty_;  // changed since the last tick
    std::vector<tournament::ScheduleEntry> schedule_;
    net::steady_timer timer_;
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
