// SPDX-License-Identifier: MIT
// The tournaments of a server (docs/SITE.md "Tournaments"): created by registered players,
// joined and left over HTTP, started at their time by a one-second tick that also pairs
// (arena: whoever is free; Swiss: the next round once a round is over) through the lobby,
// which sends each player `paired` as any pairing does. Changes are stored (one document per
// tournament) and then told to the entrants' lobby sockets as {"type": "tournament",
// "tournament": view} at the next tick, at most once a second; a table made for a pairing is
// stored at once, so that no game is lost (a result the tick had not stored yet is read back
// from the game's own table after a crash). A restart reads them back and settles the
// games that ended meanwhile from the stored tables. With several nodes on one PostgreSQL
// database one node, the leader (leadership.h), runs them all: it reads them back when it
// starts to lead, and polls the store for the ends of their games played on other nodes; the
// other nodes send every call to it (docs/MULTINODE.md "Tournaments across nodes"). On the
// network thread only.
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
#include "server/tournament/creation_quota.h"
#include "server/tournament/limits.h"
#include "server/tournament/schedule.h"
#include "server/tournament/tournament.h"

namespace reversi::server {

class Accounts;
class Lobby;
class Table;
class TournamentLeadership;

class TournamentService {
  public:
    TournamentService(net::io_context& ioc, StorageQueue& storage, Lobby& lobby, Accounts& accounts,
                      const TournamentLimits& limits);
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
    // Several nodes: instead of restore(), this node runs the tournaments only while it
    // leads, reading them from the store when it starts to. Call before serving.
    void follow(TournamentLeadership& leadership);
    // A game ended (the hub's on_game_over): its tournament scores it.
    void game_finished(const Table& table);
    // Several nodes, while another node leads: answers the request for `target` (its path
    // and query) with a 307 to the leader, or 503 while none is known, and returns true.
    // False on the leader (or the only node): the call is served here.
    bool answer_elsewhere(const std::string& target, const Respond& respond) const;

    // HTTP API (docs/SITE.md "Tournaments").
    // A page of `limit` (1-100) from `offset`: running, then to come (soonest first), then
    // finished (newest first).
    void list(int offset, int limit, Respond respond) const;
    void get(const std::string& id, Respond respond) const;
    // `address`: the client's, for the daily limit per address.
    void create(const Identity& who, const std::string& address, const std::string& body,
                Respond respond);
    // Its creator calls it off before it starts: gone from the list, its entrants told.
    void cancel(const std::string& id, const Identity& who, Respond respond);
    void join(const std::string& id, const Identity& who, Respond respond);
    void withdraw(const std::string& id, const Identity& who, Respond respond);
    void start(const std::string& id, const Identity& who, Respond respond);
    // The tournament a game at `table` belongs to, as the list shows it, or null (the table
    // view names it and links back to it).
    void of_table(const std::string& table, Respond respond) const;
    // The finished tournaments a player took part in, newest first (profiles): the player
    // named `name` today, found among the entrants by its id (issue 48).
    void results_of(const std::string& name, Respond respond) const;
    // A deleted account (issue 48): `player` shows as deleted-<id> in every tournament, held
    // here and stored.
    void anonymize_player(int64_t player);

  private:
    using Tournament = tournament::Tournament;
    // What this node does with the tournaments: runs them (the only node, or the leader),
    // reads them back after it became the leader, or leaves them to another node.
    enum class Role { Leading, Loading, Following };
    // What read_back finds: the tournaments, and the tables of their games that nobody has
    // moved at yet (their players may never have heard of them: the `paired` message dies
    // with a node killed just after making the table).
    struct ReadBack {
        std::map<std::string, Tournament> tournaments;
        std::vector<std::string> unstarted;
    };
    // On the storage thread: the stored tournaments, the games that ended while nobody ran
    // them settled from their tables.
    static ReadBack read_back(Storage& storage);
    // Tells the players of a game of `t` at `table` where it is played again (`paired`
    // without a token: the session's player is seated by the table).
    void pair_again(const Tournament& t, const std::string& table);
    // Starts or stops leading (leadership.h).
    void leadership_changed(bool leading);
    // Leader of several nodes: asks the store which running games ended (on any node).
    void poll_finished_games();
    // Scores the finished game of table `table` with its result; true when one counted it.
    bool score(const std::string& table, const json& result);
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
    tournament::CreationQuota quota_;
    Role role_ = Role::Leading;
    TournamentLeadership* leadership_ = nullptr;  // several nodes only
    bool polling_ = false;                        // a poll of finished games is queued
    net::steady_timer timer_;
    // Made anew at every change of role: completions queued for the old one are ignored.
    std::shared_ptr<const int> life_ = std::make_shared<const int>(0);
};

}  // namespace reversi::server
