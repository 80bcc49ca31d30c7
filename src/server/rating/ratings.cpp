// SPDX-License-Identifier: MIT
// Rated play. Only standard setups are pooled: blocked squares, handicaps and free openings
// change the game too much, and too few such games are played to rate them fairly.
#include "server/rating/ratings.h"

#include <algorithm>
#include <cmath>

#include "server/rating/glicko2.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

namespace {

// The live pools, in the order the site lists them: the one table pool_of, pool_setup and
// the lists below read (GET /api/config publishes it). `shape` is the board a pool's games are
// made on (quick pairing, tournaments); three and four players are pooled on any board.
struct PoolKind {
    const char* name;
    core::Shape shape;
    int players;
    bool anti;
    bool any_shape;
};
constexpr PoolKind Pools[] = {
    {"8x8", core::Shape::Eight, 2, false, false},
    {"8x8-anti", core::Shape::Eight, 2, true, false},
    {"6x6", core::Shape::Six, 2, false, false},
    {"10x10", core::Shape::Ten, 2, false, false},
    {"octagon", core::Shape::Octagon, 2, false, false},
    {"3p", core::Shape::Eight, 3, false, true},
    {"4p", core::Shape::Eight, 4, false, true},
};

}  // namespace

const std::vector<std::string>& live_pools() {
    static const std::vector<std::string> Names = [] {
        std::vector<std::string> names;
        for (const PoolKind& p : Pools) names.emplace_back(p.name);
        return names;
    }();
    return Names;
}

const std::vector<std::string>& rating_pools() {
    static const std::vector<std::string> All = [] {
        std::vector<std::string> all = live_pools();
        for (const std::string& pool : live_pools())
            all.push_back(pool + std::string(CorrespondenceSuffix));
        return all;
    }();
    return All;
}

std::optional<std::string> rating_pool(const core::Setup& setup, const ClockSpec& clock) {
    auto pool = pool_of(setup);
    if (pool && clock.correspondence()) *pool += CorrespondenceSuffix;
    return pool;
}

std::optional<std::string> pool_of(const core::Setup& s) {
    if (!s.blocked.empty() || s.handicap != 0 || s.free_opening) return std::nullopt;
    for (const PoolKind& p : Pools)
        if ((p.any_shape || s.shape == p.shape) && s.players == p.players && s.anti == p.anti)
            return p.name;
    return std::nullopt;
}

bool pool_any_board(std::string_view pool) {
    for (const PoolKind& p : Pools)
        if (pool == p.name) return p.any_shape;
    return false;
}

std::optional<core::Setup> pool_setup(std::string_view pool) {
    for (const PoolKind& p : Pools) {
        if (pool != p.name) continue;
        core::Setup s;
        s.shape = p.shape;
        s.players = p.players;
        s.anti = p.anti;
        return s;
    }
    return std::nullopt;
}

std::string rated_problem(const TableSpec& spec, const Identity& creator) {
    if (!may_play_rated(creator)) return "only registered players can play rated games";
    if (spec.local) return "a game at one screen cannot be rated";
    for (const Seat& s : spec.seats)
        if (s.type == SeatType::Computer) return "games against the computer are never rated";
    if (!pool_of(spec.setup))
        return "only standard setups are rated (no blocked squares, handicap or free opening; "
               "anti only on 8x8 with two players)";
    return {};
}

std::string rated_join_problem(const Table& table, const Identity& who) {
    if (!table.spec().rated) return {};
    if (!may_play_rated(who)) return "only registered players can play rated games; log in";
    for (const Seat& s : table.spec().seats)
        if (s.taken() && s.player == who.player) return "you hold a seat at this table already";
    return {};
}

bool counts_for_rating(const TableResult& r) {
    return r.reason != EndReason::Cancelled && r.reason != EndReason::Expired &&
           reason_name(r.reason) != "aborted";
}

std::string outcome_of(const TableResult& r, int seat) {
    if (!counts_for_rating(r)) return {};
    if (r.winner < 0) return "drawn";
    return r.winner == seat ? "won" : "lost";
}

double pairwise_score(const TableResult& r, bool anti, int seat, int other) {
    if (r.winner == seat) return 1;
    if (r.winner == other) return 0;
    const int mine = seat < static_cast<int>(r.counts.size()) ? r.counts[seat] : 0;
    const int theirs = other < static_cast<int>(r.counts.size()) ? r.counts[other] : 0;
    if (mine == theirs) return 0.5;
    return (anti ? mine < theirs : mine > theirs) ? 1 : 0;
}

std::vector<RatingChange> rate_game(const TableResult& result, bool anti,
                                    const std::vector<StoredRating>& before) {
    std::vector<RatingChange> out;
    const int n = static_cast<int>(before.size());
    for (int i = 0; i < n; ++i) {
        std::vector<Glicko2Game> games;
        for (int j = 0; j < n; ++j)
            if (j != i)
                games.push_back(
                    {before[j].rating, before[j].rd, pairwise_score(result, anti, i, j)});
        const Glicko2Rating next =
            glicko2_update({before[i].rating, before[i].rd, before[i].volatility}, games);
        StoredRating after = before[i];
        after.rating = next.rating;
        after.rd = next.rd;
        after.volatility = next.volatility;
        after.games = before[i].games + 1;
        out.push_back({i, before[i], after});
    }
    return out;
}

json rating_changes_json(const std::vector<RatingChange>& changes) {
    const auto round1 = [](double v) { return std::round(v * 10) / 10; };
    json out = json::array();
    for (const RatingChange& c : changes)
        out.push_back({{"seat", c.seat},
                       {"before", round1(c.before.rating)},
                       {"after", round1(c.after.rating)},
                       {"rd_after", round1(c.after.rd)},
                       // Exact, so that a moderator can take the game back (rating/reversal.h).
                       {"delta", c.after.rating - c.before.rating}});
    return out;
}

}  // namespace reversi::server
