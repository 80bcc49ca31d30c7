// SPDX-License-Identifier: MIT
// Rated play. Only standard setups are pooled: blocked squares, handicaps and free openings
// change the game too much, and too few such games are played to rate them fairly.
#include "server/rating/ratings.h"

#include <algorithm>
#include <cmath>

#include "server/rating/glicko2.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

const std::vector<std::string>& rating_pools() {
    static const std::vector<std::string> Pools = [] {
        std::vector<std::string> live = {"8x8", "8x8-anti", "6x6", "10x10", "octagon", "3p", "4p"};
        std::vector<std::string> all = live;
        for (const std::string& pool : live) all.push_back(pool + "-corr");
        return all;
    }();
    return Pools;
}

std::optional<std::string> rating_pool(const core::Setup& setup, const ClockSpec& clock) {
    auto pool = pool_of(setup);
    if (pool && clock.correspondence()) *pool += "-corr";
    return pool;
}

std::optional<std::string> pool_of(const core::Setup& s) {
    if (!s.blocked.empty() || s.handicap != 0 || s.free_opening) return std::nullopt;
    if (s.players == 3 || s.players == 4) {
        if (s.anti) return std::nullopt;
        return s.players == 3 ? "3p" : "4p";
    }
    if (s.players != 2) return std::nullopt;
    switch (s.shape) {
        case core::Shape::Eight:
            return s.anti ? "8x8-anti" : "8x8";
        case core::Shape::Six:
            return s.anti ? std::nullopt : std::optional<std::string>("6x6");
        case core::Shape::Ten:
            return s.anti ? std::nullopt : std::optional<std::string>("10x10");
        case core::Shape::Octagon:
            return s.anti ? std::nullopt : std::optional<std::string>("octagon");
    }
    return std::nullopt;
}

std::optional<core::Setup> pool_setup(std::string_view pool) {
    core::Setup s;
    if (pool == "8x8") return s;
    if (pool == "8x8-anti") {
        s.anti = true;
        return s;
    }
    if (pool == "6x6") {
        s.shape = core::Shape::Six;
        return s;
    }
    if (pool == "10x10") {
        s.shape = core::Shape::Ten;
        return s;
    }
    if (pool == "octagon") {
        s.shape = core::Shape::Octagon;
        return s;
    }
    if (pool == "3p" || pool == "4p") {
        s.players = pool == "3p" ? 3 : 4;
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
