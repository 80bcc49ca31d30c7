// SPDX-License-Identifier: MIT
// The tournament service (service.h): HTTP API, the tick, pairing through the lobby, storing.
#include "server/tournament/service.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <utility>

#include "server/accounts/accounts.h"
#include "server/accounts/player_names.h"
#include "server/common/rating_scale.h"
#include "server/common/secrets.h"
#include "server/lobby/lobby.h"
#include "server/lobby/pairing.h"
#include "server/rating/rated_players.h"
#include "server/rating/ratings.h"
#include "server/table/table.h"
#include "server/tournament/game_points.h"
#include "server/tournament/leadership.h"
#include "server/tournament/listing.h"

namespace reversi::server {

namespace {

using tournament::Kind;
using tournament::seat_points;
using tournament::Status;
using tournament::summary_of;

constexpr int FinishedKept = 50;
constexpr std::size_t MaxEntrants = 500;

json body_object(const std::string& body) {
    json req = parse_json(body);
    if (!req.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
    return req;
}

}  // namespace

TournamentService::TournamentService(net::io_context& ioc, StorageQueue& storage, Lobby& lobby,
                                     Accounts& accounts, const TournamentLimits& limits)
    : ioc_(ioc),
      storage_(storage),
      lobby_(lobby),
      accounts_(accounts),
      quota_(limits),
      timer_(ioc) {}

int64_t TournamentService::now() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

TournamentService::ReadBack TournamentService::read_back(Storage& storage) {
    ReadBack out;
    std::vector<StoredTournament> rows;
    try {
        rows = storage.tournaments(FinishedKept);
    } catch (const std::exception& e) {
        std::cerr << "tournaments: the store could not be read: " << utf8_safe(e.what()) << '\n';
    }
    for (const StoredTournament& row : rows) {
        try {
            Tournament t = Tournament::from_doc(json::parse(row.doc));
            if (t.status() == Status::Cancelled) continue;
            // Games that ended while nobody ran it are settled from their tables; a game
            // whose table was never made (its runner died in between) is dropped.
            for (const tournament::Game& g : std::vector<tournament::Game>(t.games())) {
                if (g.done || g.table.empty()) continue;
                const auto st = storage.load(g.table);
                if (!st)
                    t.table_failed(g.table);
                else if (st->status == "finished")
                    t.game_over(g.table, seat_points(json::parse(st->result), g.seats().size()));
                else if (st->moves.empty())
                    out.unstarted.push_back(g.table);
            }
            out.tournaments.emplace(t.id(), std::move(t));
        } catch (const std::exception& e) {
            std::cerr << "tournaments: " << utf8_safe(row.id, 64)
                      << " does not read: " << utf8_safe(e.what()) << '\n';
        }
    }
    return out;
}

void TournamentService::restore(Storage& storage) {
    tournaments_ = read_back(storage).tournaments;
    for (const auto& [id, t] : tournaments_)
        if (t.status() != Status::Finished) dirty_.insert(id);  // what was settled
    if (!tournaments_.empty())
        std::cout << "restored " << tournaments_.size() << " tournaments" << std::endl;
    tick();
}

void TournamentService::follow(TournamentLeadership& leadership) {
    leadership_ = &leadership;
    role_ = Role::Following;
    leadership.start([this](bool leading) { leadership_changed(leading); });
    tick();
}

void TournamentService::leadership_changed(bool leading) {
    // Whatever this node held is dropped, and every completion still queued for it with it.
    life_ = std::make_shared<const int>(0);
    timer_.cancel();
    tournaments_.clear();
    dirty_.clear();
    polling_ = false;
    role_ = leading ? Role::Loading : Role::Following;
    std::cout << (leading ? "tournaments: this node leads them now"
                          : "tournaments: another node leads them")
              << std::endl;
    if (leading) {
        auto loaded = std::make_shared<ReadBack>();
        std::weak_ptr<const int> life = life_;
        storage_.read([loaded](Storage& s) { *loaded = read_back(s); },
                      [this, life, loaded] {
                          if (life.expired()) return;
                          tournaments_ = std::move(loaded->tournaments);
                          const std::set<std::string> unstarted(loaded->unstarted.begin(),
                                                                loaded->unstarted.end());
                          for (const auto& [id, t] : tournaments_) {
                              if (t.status() != Status::Finished) dirty_.insert(id);
                              for (const tournament::Game& g : t.games())
                                  if (!g.done && unstarted.count(g.table)) pair_again(t, g.table);
                          }
                          role_ = Role::Leading;
                          std::cout << "tournaments: restored " << tournaments_.size()
                                    << " from the store" << std::endl;
                      });
    }
    tick();
}

void TournamentService::pair_again(const Tournament& t, const std::string& table) {
    const auto& games = t.games();
    const auto game = std::find_if(games.begin(), games.end(),
                                   [&](const tournament::Game& g) { return g.table == table; });
    if (game == games.end()) return;
    const std::vector<int64_t> seats = game->seats();
    for (size_t i = 0; i < seats.size(); ++i)
        lobby_.tell(seats[i], {{"type", "paired"}, {"table", table}, {"seat", i}});
}

bool TournamentService::answer_elsewhere(const std::string& target, const Respond& respond) const {
    if (role_ == Role::Leading) return false;
    const std::string& leader = leadership_ ? leadership_->leader() : std::string();
    const bool printable =
        target.size() <= 2000 &&
        std::all_of(target.begin(), target.end(), [](char c) { return c > ' ' && c < 0x7f; });
    if (role_ == Role::Loading || leader.empty() || !printable) {
        respond(error_reply(ApiError(ErrorCode::Unavailable,
                                     "the tournaments are moving to another server; try again")));
        return true;
    }
    Reply r = json_reply(307, {{"owner", leader}});
    r.location = leader + target;
    respond(std::move(r));
    return true;
}

void TournamentService::poll_finished_games() {
    if (polling_ || !leadership_) return;
    std::vector<std::string> tables;
    for (const auto& [id, t] : tournaments_) {
        if (t.status() != Status::Running) continue;
        for (const tournament::Game& g : t.games())
            if (!g.done && !g.table.empty()) tables.push_back(g.table);
    }
    if (tables.empty()) return;
    polling_ = true;
    std::weak_ptr<const int> life = life_;
    leadership_->finished_games(std::move(tables), [this, life](auto found) {
        if (life.expired()) return;
        polling_ = false;
        for (const auto& [table, result] : found) {
            const json parsed = json::parse(result, nullptr, false);
            score(table, parsed.is_discarded() ? json::object() : parsed);
        }
    });
}

void TournamentService::create_scheduled() {
    if (schedule_.empty()) return;
    std::set<std::string> made;
    for (const auto& [id, t] : tournaments_)
        if (!t.settings().scheduled.empty()) made.insert(t.settings().scheduled);
    for (tournament::Settings& s : tournament::due_occurrences(schedule_, now(), made)) {
        const std::string id = random_id(8);
        // The site is the creator: player 0, whom no session is.
        auto [it, fresh] =
            tournaments_.emplace(id, Tournament(id, std::move(s), Identity{}, now()));
        persist(it->second, {});
        changed(it->second);
    }
    // An hourly schedule makes 24 a day: memory keeps the finished ones a restart would read.
    std::vector<std::pair<int64_t, std::string>> finished;
    for (const auto& [id, t] : tournaments_)
        if (t.status() == Status::Finished && !dirty_.count(id))
            finished.emplace_back(t.settings().starts_at, id);
    if (finished.size() <= static_cast<size_t>(FinishedKept)) return;
    std::sort(finished.begin(), finished.end());
    for (size_t i = 0; i + FinishedKept < finished.size(); ++i)
        tournaments_.erase(finished[i].second);
}

void TournamentService::tick() {
    if (role_ == Role::Leading) {
        create_scheduled();
        for (auto& [id, t] : tournaments_) pump(t);
        // Standings go out at most once a second: an arena of many players changes at every
        // game's end, and every entrant hears of it.
        for (const std::string& id : std::exchange(dirty_, {}))
            if (const auto it = tournaments_.find(id); it != tournaments_.end())
                persist(it->second, [this, id](bool ok) {
                    if (ok) tell(id);
                });
        poll_finished_games();
        quota_.prune(now());
    }
    timer_.expires_after(std::chrono::seconds(1));
    std::weak_ptr<const int> life = life_;
    timer_.async_wait([this, life](error_code ec) {
        if (!ec && !life.expired()) tick();
    });
}

void TournamentService::pump(Tournament& t) {
    if (t.status() == Status::Finished) return;
    const Status before = t.status();
    const auto pairs = t.due_pairings(now());
    const bool ended = t.finish_if_due(now());
    if (pairs.empty() && !ended && before == t.status()) return;
    changed(t);
    for (const std::vector<int64_t>& players : pairs) make_table(t.id(), players);
}

void TournamentService::make_table(const std::string& id, const std::vector<int64_t>& players) {
    Tournament& t = find(id);
    const auto setup = pool_setup(t.settings().pool);
    if (!setup) {  // a stored document with a pool this build does not know
        t.table_made(players, "");
        return changed(t);
    }
    // The table's id is chosen and stored with the tournament before the table is made, so
    // that no table exists that the tournament does not know (restore drops a game whose
    // table was never made).
    const std::string table = random_id(8);
    t.table_made(players, table);
    PairingOrder order;
    order.setup = *setup;
    order.clock = t.settings().clock;
    order.rated = t.settings().rated;
    order.table_id = table;
    order.tournament = t.id();
    for (int64_t p : players)
        for (const tournament::Entrant& e : t.entrants())
            if (e.who.player == p) order.seats.push_back(e.who);
    const auto failed = [this, id, table](const std::string& why) {
        std::cerr << "tournaments: " << id << ": no table: " << why << '\n';
        Tournament& t = tournaments_.at(id);
        t.table_failed(table);
        changed(t);  // the tick pairs them again (arena) or ends the round (Swiss)
    };
    std::weak_ptr<const int> life = life_;
    persist(t, [this, life, id, failed, order = std::move(order)](bool ok) mutable {
        if (!ok) return failed("the tournament could not be saved");
        lobby_.pair_players(std::move(order), [this, life, id, failed](const PairingOutcome& out) {
            if (life.expired() || !tournaments_.count(id)) return;
            if (out.error) return failed(out.error->what());
            changed(tournaments_.at(id));
        });
    });
}

void TournamentService::game_finished(const Table& table) {
    if (table.result()) score(table.id(), table.result_json());
}

bool TournamentService::score(const std::string& table, const json& result) {
    for (auto& [id, t] : tournaments_) {
        if (t.status() != Status::Running) continue;
        const auto& games = t.games();
        const auto game = std::find_if(games.begin(), games.end(), [&](const tournament::Game& g) {
            return !g.done && g.table == table;
        });
        if (game == games.end()) continue;
        if (!t.game_over(table, seat_points(result, game->seats().size()))) return false;
        changed(t);
        pump(t);  // the players are free (arena), or the round may be over (Swiss)
        return true;
    }
    return false;
}

void TournamentService::changed(Tournament& t) {
    dirty_.insert(t.id());
}

void TournamentService::persist(const Tournament& t, std::function<void(bool ok)> then) {
    // A cancelled one is over for the store, which reads back the unfinished ones.
    const StoredTournament row{
        t.id(), t.created(),
        t.status() == Status::Cancelled ? "finished" : tournament::status_name(t.status()),
        t.doc().dump()};
    std::weak_ptr<const int> life = life_;
    storage_.write([row](Storage& s) { s.save_tournament(row); },
                   [this, life, id = t.id(), then = std::move(then)](bool ok) {
                       if (life.expired() || !tournaments_.count(id)) return;
                       if (!ok) {
                           std::cerr << "tournaments: " << id << " was not saved\n";
                           dirty_.insert(id);  // stored whole again at the next tick
                       }
                       if (then) then(ok);
                   });
}

void TournamentService::tell(const std::string& id) {
    const Tournament& t = tournaments_.at(id);
    // Standings only: every entrant gets it.
    json view = t.view(now());
    view.erase("games");
    const json msg = {{"type", "tournament"}, {"tournament", view}};
    for (const tournament::Entrant& e : t.entrants()) lobby_.tell(e.who.player, msg);
}

TournamentService::Tournament& TournamentService::find(const std::string& id) {
    const auto it = tournaments_.find(id);
    if (it == tournaments_.end())
        throw ApiError(ErrorCode::NotFound, "no tournament " + utf8_safe(id, 40));
    return it->second;
}

void TournamentService::list(int offset, int limit, Respond respond) const {
    respond(json_reply(200, tournament::list_page(tournaments_, offset, limit, now())));
}

void TournamentService::of_table(const std::string& table, Respond respond) const {
    for (const auto& [id, t] : tournaments_)
        for (const tournament::Game& g : t.games())
            if (!table.empty() && g.table == table)
                return respond(json_reply(200, {{"tournament", summary_of(t, now())}}));
    respond(json_reply(200, {{"tournament", nullptr}}));
}

void TournamentService::get(const std::string& id, Respond respond) const {
    const auto it = tournaments_.find(id);
    if (it == tournaments_.end())
        return respond(
            error_reply(ApiError(ErrorCode::NotFound, "no tournament " + utf8_safe(id, 40))));
    respond(json_reply(200, it->second.view(now())));
}

void TournamentService::create(const Identity& who, const std::string& address,
                               const std::string& body, Respond respond) {
    answer_errors(respond, "tournaments", [&] {
        if (!may_play_rated(who))
            throw ApiError(ErrorCode::Guest, "only registered players create tournaments");
        const json req = body_object(body);
        tournament::Settings s;
        s.name = get_string(req, "name", "");
        if (const std::string why = text_problem(s.name, tournament::MaxTournamentNameChars);
            !why.empty())
            throw ApiError(ErrorCode::BadRequest, "the name " + why);
        const std::string kind = get_string(req, "kind", "arena");
        if (kind != "arena" && kind != "swiss")
            throw ApiError(ErrorCode::BadRequest, "kind must be \"arena\" or \"swiss\"");
        s.kind = kind == "swiss" ? Kind::Swiss : Kind::Arena;
        s.pool = get_string(req, "pool", "8x8");
        const auto setup = pool_setup(s.pool);
        s.clock = parse_clock(req.contains("clock") ? req["clock"] : json(nullptr));
        s.rated = get_bool(req, "rated", true);
        if (s.kind == Kind::Arena) {
            const int64_t minutes = get_int(req, "minutes", 30);
            s.duration_ms = int64_t{get_int(req, "seconds", 0)} * 1000;
            if (!req.contains("seconds")) s.duration_ms = minutes * 60'000;
        } else {
            s.rounds = get_int(req, "rounds", 5);
        }
        if (const std::string why = tournament::settings_problem(s); !why.empty())
            throw ApiError(ErrorCode::BadRequest, why);
        s.setup = setup_json(*setup);
        const int starts_in = get_int(req, "starts_in", 60);
        if (starts_in < 0 || starts_in > 30 * 24 * 3600)
            throw ApiError(ErrorCode::BadRequest, "starts_in must be 0 to 30 days (seconds)");
        s.starts_at = now() + int64_t{starts_in} * 1000;
        quota_.spend(who.player, address, tournaments_, now());
        const std::string id = random_id(8);
        Tournament t(id, s, who, now());
        const std::string pool = *rating_pool(*setup, s.clock);
        if (get_bool(req, "join", true)) t.join(who, accounts_.rating(who.player, pool).rating);
        auto [it, fresh] = tournaments_.emplace(id, std::move(t));
        persist(it->second, {});
        changed(it->second);
        respond(json_reply(200, it->second.view(now())));
    });
}

void TournamentService::join(const std::string& id, const Identity& who, Respond respond) {
    answer_errors(respond, "tournaments", [&] {
        Tournament& t = find(id);
        if (!who.player) throw ApiError(ErrorCode::NotAllowed, "no session");
        if (t.settings().rated && !may_play_rated(who))
            throw ApiError(ErrorCode::BadRequest, "only registered players play rated games");
        if (t.entrants().size() >= MaxEntrants)
            throw ApiError(ErrorCode::Busy, "the tournament is full");
        const auto setup = pool_setup(t.settings().pool);
        const auto pool = setup ? rating_pool(*setup, t.settings().clock) : std::nullopt;
        t.join(who, pool ? accounts_.rating(who.player, *pool).rating : StartRating);
        changed(t);
        respond(json_reply(200, t.view(now())));
    });
}

void TournamentService::withdraw(const std::string& id, const Identity& who, Respond respond) {
    answer_errors(respond, "tournaments", [&] {
        Tournament& t = find(id);
        t.withdraw(who.player);
        changed(t);
        respond(json_reply(200, t.view(now())));
    });
}

void TournamentService::start(const std::string& id, const Identity& who, Respond respond) {
    answer_errors(respond, "tournaments", [&] {
        Tournament& t = find(id);
        if (!t.created_by(who.player))
            throw ApiError(ErrorCode::NotYourSeat, "only its creator starts a tournament early");
        t.start(now());
        pump(t);
        persist(t, {});
        changed(t);
        respond(json_reply(200, t.view(now())));
    });
}

void TournamentService::cancel(const std::string& id, const Identity& who, Respond respond) {
    answer_errors(respond, "tournaments", [&] {
        Tournament& t = find(id);
        if (!t.created_by(who.player) || !t.settings().scheduled.empty())
            throw ApiError(ErrorCode::NotYourSeat, "only its creator cancels a tournament");
        t.cancel();
        // Stored as over (the store reads back the unfinished ones only), then forgotten; its
        // entrants' pages hear that it is cancelled.
        persist(t, {});
        json view = t.view(now());
        view.erase("games");
        const json msg = {{"type", "tournament"}, {"tournament", view}};
        for (const tournament::Entrant& e : t.entrants()) lobby_.tell(e.who.player, msg);
        json answer = t.view(now());
        tournaments_.erase(id);
        dirty_.erase(id);
        respond(json_reply(200, answer));
    });
}

void TournamentService::results_of(const std::string& name, Respond respond) const {
    const auto who = utf8_valid(name) && name.size() <= 200 ? accounts_.find(name) : std::nullopt;
    if (!who) return respond(error_reply(ApiError(ErrorCode::NotFound, "no such player")));
    json out = json::array();
    for (const auto& [id, t] : tournaments_) {
        if (t.status() != Status::Finished) continue;
        const auto& entrants = t.entrants();
        const auto entrant =
            std::find_if(entrants.begin(), entrants.end(),
                         [&](const tournament::Entrant& e) { return e.who.player == who->player; });
        if (entrant == entrants.end()) continue;
        // The standings name each entrant as the tournament knows it: its row is found by
        // that name, the player having been found by its id.
        const json standings = t.standings();
        for (const json& row : standings)
            if (row["name"] == entrant->who.name)
                out.push_back({{"id", id},
                               {"name", t.settings().name},
                               {"kind", tournament::kind_name(t.settings().kind)},
                               {"pool", t.settings().pool},
                               {"recurrence", tournament::recurrence_of(t.settings().scheduled)},
                               {"rank", row["rank"]},
                               {"score", row["score"]},
                               {"players", standings.size()},
                               {"starts_at", t.settings().starts_at}});
    }
    respond(json_reply(200, {{"tournaments", out}}));
}

void TournamentService::anonymize_player(int64_t player) {
    const std::string name = deleted_name(player);
    for (auto& [id, t] : tournaments_) {
        if (!t.rename_player(player, name)) continue;
        // Nobody plays for a closed account: out of the pairings, its games kept.
        if (t.status() != Status::Finished) t.withdraw(player);
        changed(t);
    }
    // Every stored one too: the finished tournaments this node no longer holds.
    constexpr int AllFinished = 1'000'000'000;
    storage_.write(
        [player, name](Storage& s) {
            for (StoredTournament& row : s.tournaments(AllFinished)) {
                json doc = json::parse(row.doc, nullptr, false);
                if (doc.is_discarded() || !Tournament::rename_player_in_doc(doc, player, name))
                    continue;
                row.doc = doc.dump();
                s.save_tournament(row);
            }
        },
        [player](bool ok) {
            if (!ok) std::cerr << "tournaments: player " << player << "'s name was not rewritten\n";
        });
}

}  // namespace reversi::server
