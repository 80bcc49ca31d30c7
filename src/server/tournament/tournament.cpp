// SPDX-License-Identifier: MIT
// One tournament's state and what is due (tournament.h), over the rules of arena.* and swiss.*.
#include "server/tournament/tournament.h"

#include <algorithm>

#include "server/rating/ratings.h"
#include "server/tournament/arena.h"
#include "server/tournament/schedule.h"
#include "server/tournament/swiss.h"

namespace reversi::server::tournament {

namespace {

ArenaEntrant arena_entrant(const Entrant& e) {
    return {e.who.player, e.rating, e.score, e.streak, e.last_opponent, e.games, e.free_since};
}

Outcome outcome_of(int half_points) {
    return half_points == 2 ? Outcome::Win : half_points == 1 ? Outcome::Draw : Outcome::Loss;
}

}  // namespace

std::string kind_name(Kind kind) {
    return kind == Kind::Arena ? "arena" : "swiss";
}

std::string status_name(Status status) {
    return status == Status::Created     ? "created"
           : status == Status::Running   ? "running"
           : status == Status::Cancelled ? "cancelled"
                                         : "finished";
}

std::vector<int64_t> Game::seats() const {
    std::vector<int64_t> out = {first};
    if (second) out.push_back(second);
    out.insert(out.end(), more.begin(), more.end());
    return out;
}

int Tournament::seats_per_game() const {
    const json players =
        settings_.setup.is_object() ? settings_.setup.value("players", json(2)) : json(2);
    return settings_.kind == Kind::Arena && players.is_number_integer()
               ? std::clamp(players.get<int>(), 2, 4)
               : 2;
}

std::vector<std::string> pools_for(Kind kind) {
    std::vector<std::string> pools;
    for (const std::string& pool : live_pools())
        if (kind == Kind::Arena || pool_setup(pool)->players == 2) pools.push_back(pool);
    return pools;
}

std::string settings_problem(const Settings& s) {
    const std::vector<std::string> pools = pools_for(s.kind);
    if (std::find(pools.begin(), pools.end(), s.pool) == pools.end()) {
        std::string list;
        for (const std::string& pool : pools) list += (list.empty() ? "" : ", ") + pool;
        return std::string(s.kind == Kind::Swiss ? "a Swiss" : "an arena") + " is played in " +
               list + ", not \"" + utf8_safe(s.pool, 40) + "\"";
    }
    if (s.kind == Kind::Swiss && (s.rounds < MinSwissRounds || s.rounds > MaxSwissRounds))
        return "a Swiss has " + std::to_string(MinSwissRounds) + " to " +
               std::to_string(MaxSwissRounds) + " rounds";
    if (s.kind == Kind::Arena && (s.duration_ms < MinArenaMs || s.duration_ms > MaxArenaMs))
        return "an arena lasts " + std::to_string(MinArenaMs / 1000) + " s to " +
               std::to_string(MaxArenaMs / (24 * 3600 * 1000)) + " days";
    return {};
}

Tournament::Tournament(std::string id, Settings settings, Identity creator, int64_t created)
    : id_(std::move(id)),
      settings_(std::move(settings)),
      creator_(std::move(creator)),
      created_(created) {}

Entrant* Tournament::find(int64_t player) {
    const auto it = std::find_if(entrants_.begin(), entrants_.end(),
                                 [player](const Entrant& e) { return e.who.player == player; });
    return it == entrants_.end() ? nullptr : &*it;
}

void Tournament::join(const Identity& who, double rating) {
    if (status_ == Status::Finished)
        throw ApiError(ErrorCode::NotAllowed, "the tournament is over");
    if (Entrant* e = find(who.player)) {
        e->active = true;
        return;
    }
    Entrant e;
    e.who = who;
    e.rating = rating;
    entrants_.push_back(e);
}

void Tournament::withdraw(int64_t player) {
    if (Entrant* e = find(player)) e->active = false;
}

void Tournament::start(int64_t now) {
    if (status_ != Status::Created) throw ApiError(ErrorCode::NotAllowed, "it has started");
    settings_.starts_at = now;
    status_ = Status::Running;
}

void Tournament::cancel() {
    if (status_ != Status::Created) throw ApiError(ErrorCode::NotAllowed, "it has started");
    status_ = Status::Cancelled;
}

std::vector<std::vector<int64_t>> Tournament::due_pairings(int64_t now) {
    if (status_ == Status::Created && now >= settings_.starts_at) status_ = Status::Running;
    std::vector<std::vector<int64_t>> out;
    if (status_ != Status::Running) return out;
    const auto add = [&](std::vector<int64_t> seats) {
        for (int64_t p : seats) find(p)->playing = true;
        Game g{"", round_, seats[0], seats[1], false, 0, {seats.begin() + 2, seats.end()}, {}};
        games_.push_back(std::move(g));
        out.push_back(std::move(seats));
    };
    if (settings_.kind == Kind::Arena) {
        if (now >= settings_.starts_at + settings_.duration_ms) return out;
        std::vector<ArenaEntrant> free;
        bool nobody_else = true;  // no other player is at a table, to become free later
        for (const Entrant& e : entrants_) {
            if (e.active && !e.playing) free.push_back(arena_entrant(e));
            if (e.active && e.playing) nobody_else = false;
        }
        if (seats_per_game() == 2) {
            for (const auto& [a, b] : arena_pairs(free, nobody_else))
                add({free[a].player, free[b].player});
            return out;
        }
        for (const std::vector<int>& group : arena_groups(free, seats_per_game())) {
            std::vector<int64_t> seats;
            for (int i : group) seats.push_back(free[i].player);
            add(std::move(seats));
        }
        return out;
    }
    // Swiss: the next round once every game of this one is over.
    if (round_ >= settings_.rounds ||
        std::any_of(games_.begin(), games_.end(), [](const Game& g) { return !g.done; }))
        return out;
    std::vector<SwissEntrant> active;
    for (const Entrant& e : entrants_)
        if (e.active) active.push_back({e.who.player, e.rating});
    if (active.size() < 2) return out;
    std::vector<SwissGame> played;
    for (const Game& g : games_) played.push_back({g.round, g.first, g.second, g.score});
    const SwissRound next = swiss_pairing(active, played);
    ++round_;
    if (next.bye) {
        games_.push_back({"", round_, next.bye, 0, true, 2, {}, {}});
        find(next.bye)->score += 2;
    }
    for (const auto& [a, b] : next.games) add({a, b});
    return out;
}

void Tournament::table_made(const std::vector<int64_t>& players, const std::string& table) {
    const auto it = std::find_if(games_.begin(), games_.end(), [&](const Game& g) {
        return !g.done && g.table.empty() && g.seats() == players;
    });
    if (it == games_.end()) return;
    it->table = table.empty() ? "-" : table;
    if (table.empty()) table_failed("-");
}

void Tournament::table_failed(const std::string& table) {
    const auto it = std::find_if(games_.begin(), games_.end(),
                                 [&](const Game& g) { return !g.done && g.table == table; });
    if (it == games_.end()) return;
    if (settings_.kind == Kind::Arena) {
        for (int64_t p : it->seats()) find(p)->playing = false;
        games_.erase(it);
        return;
    }
    game_over(table, 1);
}

bool Tournament::game_over(const std::string& table, const std::vector<int>& half_points) {
    const auto it = std::find_if(games_.begin(), games_.end(),
                                 [&](const Game& g) { return !g.done && g.table == table; });
    if (it == games_.end()) return false;
    if (it->more.empty()) return game_over(table, half_points.empty() ? 1 : half_points[0]);
    const std::vector<int64_t> seats = it->seats();
    const int most = 2 * (static_cast<int>(seats.size()) - 1);
    it->done = true;
    ++ended_;
    it->points.clear();
    for (size_t s = 0; s < seats.size(); ++s) {
        const int half = std::clamp(s < half_points.size() ? half_points[s] : most / 2, 0, most);
        it->points.push_back(half);
        Entrant* me = find(seats[s]);
        me->playing = false;
        me->free_since = ended_;
        // The last opponent of a multi-player game: the next seat (pairing by groups ignores it).
        ArenaEntrant x = arena_entrant(*me);
        record_arena_place(x, half, most, seats[(s + 1) % seats.size()]);
        me->score = x.score;
        me->streak = x.streak;
        me->games = x.games;
        me->last_opponent = x.last_opponent;
    }
    it->score = it->points[0];
    return true;
}

bool Tournament::game_over(const std::string& table, int score) {
    const auto it = std::find_if(games_.begin(), games_.end(),
                                 [&](const Game& g) { return !g.done && g.table == table; });
    if (it == games_.end()) return false;
    it->done = true;
    it->score = std::clamp(score, 0, 2);
    ++ended_;
    Entrant* a = find(it->first);
    Entrant* b = find(it->second);
    for (auto [me, other, half] : {std::tuple{a, b, it->score}, std::tuple{b, a, 2 - it->score}}) {
        me->playing = false;
        me->free_since = ended_;
        if (settings_.kind == Kind::Arena) {
            ArenaEntrant x = arena_entrant(*me);
            record_arena_game(x, outcome_of(half), other->who.player);
            me->score = x.score;
            me->streak = x.streak;
            me->games = x.games;
            me->last_opponent = x.last_opponent;
        } else {
            me->score += half;
            me->last_opponent = other->who.player;
            ++me->games;
        }
    }
    return true;
}

bool Tournament::finish_if_due(int64_t now) {
    if (status_ != Status::Running) return false;
    if (std::any_of(games_.begin(), games_.end(), [](const Game& g) { return !g.done; }))
        return false;
    const int active = static_cast<int>(std::count_if(entrants_.begin(), entrants_.end(),
                                                      [](const Entrant& e) { return e.active; }));
    const bool over = settings_.kind == Kind::Arena
                          ? now >= settings_.starts_at + settings_.duration_ms
                          : round_ >= settings_.rounds || active < 2;
    if (!over) return false;
    status_ = Status::Finished;
    return true;
}

bool Tournament::rename_player(int64_t player, const std::string& name) {
    bool changed = false;
    for (Entrant& e : entrants_) {
        if (e.who.player != player || e.who.name == name) continue;
        e.who.name = name;
        changed = true;
    }
    if (creator_.player == player && creator_.name != name) {
        creator_.name = name;
        changed = true;
    }
    return changed;
}

bool Tournament::rename_player_in_doc(json& doc, int64_t player, const std::string& name) {
    bool changed = false;
    const auto rename = [&](json& who) {
        if (!who.is_object() || who.value("player", int64_t{0}) != player ||
            who.value("name", "") == name)
            return;
        who["name"] = name;
        changed = true;
    };
    if (!doc.is_object()) return false;
    if (const auto entrants = doc.find("entrants"); entrants != doc.end() && entrants->is_array())
        for (json& e : *entrants) rename(e);
    if (const auto creator = doc.find("creator"); creator != doc.end()) rename(*creator);
    return changed;
}

json Tournament::standings() const {
    json rows = json::array();
    const auto row = [&](const Entrant& e, int rank) {
        return json{{"rank", rank},       {"name", e.who.name},  {"bot", e.who.bot},
                    {"score", e.score},   {"games", e.games},    {"streak", e.streak},
                    {"active", e.active}, {"playing", e.playing}};
    };
    if (settings_.kind == Kind::Arena) {
        std::vector<ArenaEntrant> all;
        for (const Entrant& e : entrants_) all.push_back(arena_entrant(e));
        int rank = 0;
        for (int i : arena_ranking(all)) rows.push_back(row(entrants_[i], ++rank));
        return rows;
    }
    std::vector<SwissEntrant> all;
    for (const Entrant& e : entrants_) all.push_back({e.who.player, e.rating});
    std::vector<SwissGame> played;
    for (const Game& g : games_)
        if (g.done) played.push_back({g.round, g.first, g.second, g.score});
    int rank = 0;
    for (const SwissStanding& s : swiss_standings(all, played)) {
        const auto e = std::find_if(entrants_.begin(), entrants_.end(),
                                    [&](const Entrant& x) { return x.who.player == s.player; });
        json r = row(*e, ++rank);
        r["buchholz"] = s.buchholz;
        r["sonneborn_berger"] = s.sonneborn_berger;
        rows.push_back(r);
    }
    return rows;
}

json Tournament::view(int64_t now) const {
    json games = json::array();
    const auto name_of = [&](int64_t p) -> json {
        for (const Entrant& e : entrants_)
            if (e.who.player == p) return e.who.name;
        return nullptr;
    };
    // The last games (an arena of many players plays thousands).
    constexpr size_t ShownGames = 200;
    for (size_t i = games_.size() > ShownGames ? games_.size() - ShownGames : 0; i < games_.size();
         ++i) {
        const Game& g = games_[i];
        json players = {name_of(g.first), g.second ? name_of(g.second) : json()};
        for (int64_t p : g.more) players.push_back(name_of(p));
        json game = {{"table", g.table.empty() || g.table == "-" ? json() : json(g.table)},
                     {"round", g.round},
                     {"players", std::move(players)},
                     {"done", g.done},
                     {"score", g.score}};
        if (!g.more.empty()) game["points"] = g.points;
        games.push_back(std::move(game));
    }
    const int64_t ends = settings_.starts_at + settings_.duration_ms;
    return {{"id", id_},
            {"name", settings_.name},
            {"kind", kind_name(settings_.kind)},
            {"pool", settings_.pool},
            {"clock", clock_spec_json(settings_.clock)},
            {"rated", settings_.rated},
            {"status", status_name(status_)},
            {"creator", creator_.name},
            {"scheduled", !settings_.scheduled.empty()},
            {"recurrence",
             settings_.scheduled.empty() ? json() : json(recurrence_of(settings_.scheduled))},
            {"created", created_},
            {"starts_at", settings_.starts_at},
            {"ends_at", settings_.kind == Kind::Arena ? json(ends) : json()},
            {"seconds_left", settings_.kind == Kind::Arena && status_ == Status::Running
                                 ? json(std::max<int64_t>(0, (ends - now) / 1000))
                                 : json()},
            {"rounds", settings_.kind == Kind::Swiss ? json(settings_.rounds) : json()},
            {"round", round_},
            {"standings", standings()},
            {"games", games}};
}

json Tournament::doc() const {
    json entrants = json::array();
    for (const Entrant& e : entrants_)
        entrants.push_back({{"player", e.who.player},
                            {"name", e.who.name},
                            {"bot", e.who.bot},
                            {"rating", e.rating},
                            {"score", e.score},
                            {"streak", e.streak},
                            {"last", e.last_opponent},
                            {"games", e.games},
                            {"active", e.active},
                            {"playing", e.playing},
                            {"free_since", e.free_since}});
    json games = json::array();
    for (const Game& g : games_)
        games.push_back({{"table", g.table},
                         {"round", g.round},
                         {"first", g.first},
                         {"second", g.second},
                         {"more", g.more},
                         {"points", g.points},
                         {"done", g.done},
                         {"score", g.score}});
    return {{"id", id_},
            {"name", settings_.name},
            {"kind", kind_name(settings_.kind)},
            {"pool", settings_.pool},
            {"setup", settings_.setup},
            {"clock", clock_spec_json(settings_.clock)},
            {"rated", settings_.rated},
            {"starts_at", settings_.starts_at},
            {"duration_ms", settings_.duration_ms},
            {"rounds", settings_.rounds},
            {"scheduled", settings_.scheduled},
            {"creator", {{"player", creator_.player}, {"name", creator_.name}}},
            {"created", created_},
            {"status", status_name(status_)},
            {"round", round_},
            {"ended", ended_},
            {"entrants", entrants},
            {"games", games}};
}

Tournament Tournament::from_doc(const json& d) {
    Settings s;
    s.name = d.at("name").get<std::string>();
    s.kind = d.at("kind") == "swiss" ? Kind::Swiss : Kind::Arena;
    s.pool = d.at("pool").get<std::string>();
    s.setup = d.at("setup");
    s.clock = parse_clock(d.at("clock"));
    s.rated = d.at("rated").get<bool>();
    s.starts_at = d.at("starts_at").get<int64_t>();
    s.duration_ms = d.at("duration_ms").get<int64_t>();
    s.rounds = d.at("rounds").get<int>();
    s.scheduled = d.value("scheduled", "");
    Identity creator{d.at("creator").at("player").get<int64_t>(),
                     d.at("creator").at("name").get<std::string>(), false, false};
    Tournament t(d.at("id").get<std::string>(), s, creator, d.at("created").get<int64_t>());
    const std::string status = d.at("status").get<std::string>();
    t.status_ = status == "finished"    ? Status::Finished
                : status == "running"   ? Status::Running
                : status == "cancelled" ? Status::Cancelled
                                        : Status::Created;
    t.round_ = d.at("round").get<int>();
    t.ended_ = d.value("ended", int64_t{0});
    for (const json& e : d.at("entrants")) {
        Entrant x;
        x.who = {e.at("player").get<int64_t>(), e.at("name").get<std::string>(), false,
                 e.value("bot", false)};
        x.rating = e.at("rating").get<double>();
        x.score = e.at("score").get<int>();
        x.streak = e.at("streak").get<int>();
        x.last_opponent = e.at("last").get<int64_t>();
        x.games = e.at("games").get<int>();
        x.active = e.at("active").get<bool>();
        x.playing = e.at("playing").get<bool>();
        x.free_since = e.value("free_since", int64_t{0});  // documents from before issue 48
        t.entrants_.push_back(x);
    }
    for (const json& g : d.at("games")) {
        Game game{g.at("table").get<std::string>(), g.at("round").get<int>(),
                  g.at("first").get<int64_t>(), g.at("second").get<int64_t>(),
                  g.at("done").get<bool>(), g.at("score").get<int>(),
                  // Documents from before three- and four-player arenas have neither.
                  g.value("more", std::vector<int64_t>{}), g.value("points", std::vector<int>{})};
        t.games_.push_back(std::move(game));
    }
    // A game whose table was never made (the server stopped in between) is dropped: its
    // players are free again (a Swiss round counts it a draw, as a failed table).
    std::vector<Game> pending;
    for (const Game& g : t.games_)
        if (!g.done && g.table.empty()) pending.push_back(g);
    for (const Game& g : pending) t.table_made(g.seats(), "");
    return t;
}

}  // namespace reversi::server::tournament
