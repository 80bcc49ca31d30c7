// SPDX-License-Identifier: MIT
// One tournament (docs/SITE.md "Tournaments"): its settings, entrants, games and standings,
// and what is due at a given time (start, pairings, the end), applying the rules of arena.h
// and swiss.h. No I/O and time passed in: the service (service.*) stores it after every
// change as the document doc() writes, and from_doc() reads it back, so a tournament survives
// a restart with every game and point it had.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "server/common/identity.h"
#include "server/common/protocol.h"
#include "server/common/rating_scale.h"

namespace reversi::server::tournament {

enum class Kind { Arena, Swiss };
enum class Status { Created, Running, Finished, Cancelled };

struct Entrant {
    Identity who;
    double rating = StartRating;
    int score = 0;  // arena: points; Swiss: half points
    int streak = 0;
    int64_t last_opponent = 0;
    int games = 0;
    bool active = true;    // withdrawn players are not paired
    bool playing = false;  // at a tournament table now (or one being made)
    // Arena: when the player last became free, as the count of games ended then (0: since
    // joining); who has waited longest is paired first (arena.h).
    int64_t free_since = 0;
};

struct Game {
    std::string table;  // empty while the table is being made
    int round = 0;
    int64_t first = 0;   // seat 0's player
    int64_t second = 0;  // seat 1's player
    bool done = false;
    int score = 0;  // half points of `first`: 2, 1 or 0
    // Three and four players (an arena of the 3p and 4p pools): seats 2 and 3, and once done
    // each seat's half points by place (arena.h), seat order.
    std::vector<int64_t> more;
    std::vector<int> points;
    // Every seat's player, in seat order (a Swiss bye: the one player).
    std::vector<int64_t> seats() const;
};

// The settings a tournament is created with (POST /api/tournaments).
struct Settings {
    std::string name;
    Kind kind = Kind::Arena;
    std::string pool = "8x8";
    json setup;  // the pool's setup object
    ClockSpec clock;
    bool rated = true;
    int64_t starts_at = 0;    // wall ms
    int64_t duration_ms = 0;  // arena
    int rounds = 0;           // Swiss
    // The site's schedule made it (schedule.h): its occurrence key; empty for a player's.
    std::string scheduled;
};

// What a player's tournament or the site's schedule may ask for: one owner for the bounds
// that POST /api/tournaments and schedule.h check (through settings_problem) and that GET
// /api/config publishes for the creation form.
constexpr int MinSwissRounds = 1;
constexpr int MaxSwissRounds = 20;
constexpr int64_t MinArenaMs = 2'000;
constexpr int64_t MaxArenaMs = int64_t{7} * 24 * 3600 * 1000;
constexpr int MaxTournamentNameChars = 60;

// The pools a tournament of `kind` is played in: a Swiss pairs two players, so only the
// two-player pools; an arena every live pool (three and four players grouped, arena.h).
std::vector<std::string> pools_for(Kind kind);
// Why `settings` (its kind, pool, rounds or length) cannot be a tournament; empty when it can.
std::string settings_problem(const Settings& settings);

class Tournament {
  public:
    Tournament(std::string id, Settings settings, Identity creator, int64_t created);

    const std::string& id() const { return id_; }
    int64_t created() const { return created_; }
    const Settings& settings() const { return settings_; }
    Status status() const { return status_; }
    const std::vector<Entrant>& entrants() const { return entrants_; }
    const std::vector<Game>& games() const { return games_; }
    int round() const { return round_; }

    // Adds (or reactivates) a player; throws ApiError once it is finished.
    void join(const Identity& who, double rating);
    // Takes a player out of the pairings (their finished games stay counted).
    void withdraw(int64_t player);
    // Starts it now (its creator may, before the set time).
    void start(int64_t now);
    // Calls it off before it starts (its creator may); throws ApiError once it has started.
    void cancel();
    bool created_by(int64_t player) const { return creator_.player == player; }

    // Players per game: 2, or 3 and 4 in an arena of the 3p and 4p pools.
    int seats_per_game() const;
    // The pairings due at `now` (starting it first when its time has come), each the players
    // of one game in seat order, already recorded as a game whose table is still to be made;
    // empty when none.
    std::vector<std::vector<int64_t>> due_pairings(int64_t now);
    // Names the table of the pending game of `players` (chosen before the table is made, and
    // stored first), or drops the game when `table` is empty.
    void table_made(const std::vector<int64_t>& players, const std::string& table);
    // The table of a pending game could not be made (or was never stored): an arena drops
    // the game (both are free again), a Swiss counts it a draw so that its round can end.
    void table_failed(const std::string& table);
    // A tournament game ended: `score` half points to `first` (seat 0). False when the
    // table is not one of its running games.
    bool game_over(const std::string& table, int score);
    // The same for any number of players: each seat's half points by place (arena.h).
    bool game_over(const std::string& table, const std::vector<int>& half_points);
    // Ends it when its time or rounds are over and no game runs; true when it ended now.
    bool finish_if_due(int64_t now);

    // Shows `player` (entrant or creator) under `name`: a deleted account's deleted-<id>
    // (issue 48). True when anything changed.
    bool rename_player(int64_t player, const std::string& name);
    // The same for a stored document (doc()'s form).
    static bool rename_player_in_doc(json& doc, int64_t player, const std::string& name);

    // Standings, best first: [{"rank", "name", "bot", "score", "games", "streak"
    // (arena), "buchholz", "sonneborn_berger" (Swiss)}].
    json standings() const;
    // The public view: settings, status, standings, games.
    json view(int64_t now) const;
    json doc() const;
    static Tournament from_doc(const json& doc);

  private:
    Entrant* find(int64_t player);

    std::string id_;
    Settings settings_;
    Identity creator_;
    int64_t created_ = 0;
    Status status_ = Status::Created;
    int round_ = 0;      // Swiss: the round being played (0 before the first)
    int64_t ended_ = 0;  // games ended so far (arena: the clock of Entrant::free_since)
    std::vector<Entrant> entrants_;
    std::vector<Game> games_;
};

std::string kind_name(Kind kind);
std::string status_name(Status status);

}  // namespace reversi::server::tournament
