// SPDX-License-Identifier: MIT
// GET /api/config against the validators it speaks for (issue 48, item 10): everything it
// lists is accepted by the check that owns the rule, and a value just past a published bound
// is refused by it, so the client's forms cannot drift from the server again.
#include "server/net/site_config.h"

#include <gtest/gtest.h>

#include <set>

#include "server/common/rating_scale.h"
#include "server/lobby/fields.h"
#include "server/lobby/pairing.h"
#include "server/rating/glicko2.h"
#include "server/rating/ratings.h"
#include "server/storage/stored_accounts.h"
#include "server/table/hints_rule.h"
#include "server/table/table.h"
#include "server/tournament/tournament.h"

namespace reversi::server {
namespace {

using tournament::Kind;

// True when `f` throws an ApiError.
template <class F>
bool refused(F&& f) {
    try {
        f();
    } catch (const ApiError&) {
        return true;
    }
    return false;
}

const json& time_clock(const json& config, const std::string& id) {
    for (const json& t : config["times"])
        if (t["id"] == id) return t["clock"];
    ADD_FAILURE() << "no time " << id;
    static const json None = {{"mode", "none"}};
    return None;
}

TEST(SiteConfig, EveryPoolIsTheRatingPoolOfItsSetup) {
    const json config = site_config();
    ASSERT_EQ(config["pools"].size(), live_pools().size());
    for (const json& p : config["pools"]) {
        const std::string id = p["id"];
        const SetupRequest req = parse_setup(p["setup"]);
        EXPECT_EQ(pool_of(req.setup), id);
        EXPECT_EQ(p["players"], req.setup.players);
        // A pool of any board rates its players' games on the other boards too.
        core::Setup other = req.setup;
        other.shape = req.setup.shape == core::Shape::Ten ? core::Shape::Eight : core::Shape::Ten;
        EXPECT_EQ(pool_of(other) == id, p["any_board"] == true) << id;
    }
}

TEST(SiteConfig, QuickPairingListsWhatTheLobbyAccepts) {
    const json config = site_config();
    for (const std::string pool : config["quick"]["pools"]) EXPECT_TRUE(pool_setup(pool)) << pool;
    for (const std::string time : config["quick"]["times"]) {
        ASSERT_TRUE(preset_clock(time)) << time;
        EXPECT_EQ(parse_clock(time_clock(config, time)), *preset_clock(time));
    }
}

TEST(SiteConfig, OffersListOnlyWhatASeekOrChallengeAccepts) {
    const json config = site_config();
    const Identity registered{.player = 7, .name = "Ada", .guest = false};
    ASSERT_FALSE(config["offers"]["pools"].empty());
    std::set<std::string> offered;
    for (const std::string pool : config["offers"]["pools"]) {
        offered.insert(pool);
        const json setup = setup_json(*pool_setup(pool));
        for (const std::string time : config["offers"]["times"]) {
            const json msg = {{"setup", setup}, {"clock", time_clock(config, time)}};
            const core::Setup s = lobby_fields::offer_setup(msg, 1);
            const ClockSpec c = lobby_fields::offer_clock(msg);
            EXPECT_FALSE(lobby_fields::rated_pool(s, c, true, registered).empty()) << pool << time;
        }
    }
    // A pool the offers leave out (three and four players) is refused as an offer.
    for (const std::string& pool : live_pools()) {
        if (offered.count(pool)) continue;
        EXPECT_TRUE(refused([&] {
            lobby_fields::offer_setup({{"setup", setup_json(*pool_setup(pool))}}, 1);
        })) << pool;
    }
}

TEST(SiteConfig, TournamentsListOnlyWhatCreationAccepts) {
    const json config = site_config();
    const json& t = config["tournament"];
    for (const auto& [kind_name, kind] :
         {std::pair{"arena", Kind::Arena}, {"swiss", Kind::Swiss}}) {
        for (const std::string pool : t["pools"][kind_name]) {
            tournament::Settings s;
            s.kind = kind;
            s.pool = pool;
            s.rounds = t["rounds"]["max"];
            s.duration_ms = int64_t{t["arena_seconds"]["max"]} * 1000;
            EXPECT_EQ(tournament::settings_problem(s), "") << kind_name << " " << pool;
        }
    }
    for (const std::string& pool : live_pools()) {
        const auto& swiss = t["pools"]["swiss"];
        tournament::Settings s;
        s.kind = Kind::Swiss;
        s.pool = pool;
        s.rounds = 1;
        const bool listed = std::find(swiss.begin(), swiss.end(), pool) != swiss.end();
        EXPECT_EQ(tournament::settings_problem(s).empty(), listed) << pool;
    }
    tournament::Settings swiss;
    swiss.kind = Kind::Swiss;
    swiss.rounds = int{t["rounds"]["max"]} + 1;
    EXPECT_NE(tournament::settings_problem(swiss), "");
    swiss.rounds = int{t["rounds"]["min"]} - 1;
    EXPECT_NE(tournament::settings_problem(swiss), "");
    tournament::Settings arena;
    arena.duration_ms = (int64_t{t["arena_seconds"]["max"]} + 1) * 1000;
    EXPECT_NE(tournament::settings_problem(arena), "");
    for (const std::string time : t["times"])
        EXPECT_NO_THROW(parse_clock(time_clock(config, time)));
}

TEST(SiteConfig, ClockBoundsAreParseClocksOwn) {
    const json config = site_config();
    const int max = config["clock"]["seconds"]["max"], min = config["clock"]["seconds"]["min"];
    const int inc = config["clock"]["increment"]["max"];
    EXPECT_NO_THROW(parse_clock({{"mode", "move"}, {"seconds", max}}));
    EXPECT_NO_THROW(parse_clock({{"mode", "game"}, {"seconds", min}, {"increment", inc}}));
    EXPECT_TRUE(refused([&] { parse_clock({{"mode", "move"}, {"seconds", max + 1}}); }));
    EXPECT_TRUE(refused([&] { parse_clock({{"mode", "move"}, {"seconds", min - 1}}); }));
    EXPECT_TRUE(refused([&] {
        parse_clock({{"mode", "game"}, {"seconds", 60}, {"increment", inc + 1}});
    }));
    // Days per move: the listed ones pass, a day between them does not.
    std::set<int> days;
    for (const json& time : config["times"])
        if (time["clock"]["mode"] == "days") days.insert(int{time["clock"]["days"]});
    for (int d = 0; d <= 15; ++d)
        EXPECT_EQ(refused([&] {
                      parse_clock({{"mode", "days"}, {"days", d}});
                  }),
                  !days.count(d))
            << d;
}

TEST(SiteConfig, LevelsAndPlayersAreTheTableChecks) {
    const json config = site_config();
    const int top = config["levels"]["max"], bottom = config["levels"]["min"];
    const auto seats = [](int level) {
        return json::array({{{"type", "human"}}, {{"type", "computer"}, {"level", level}}});
    };
    EXPECT_NO_THROW(parse_seats(seats(top), 2));
    EXPECT_NO_THROW(parse_seats(seats(bottom), 2));
    EXPECT_TRUE(refused([&] { parse_seats(seats(top + 1), 2); }));
    EXPECT_TRUE(refused([&] { parse_seats(seats(bottom - 1), 2); }));
    const int most = config["players"]["max"];
    core::Setup setup;
    setup.players = most;
    EXPECT_EQ(setup.problem(), "");
    setup.players = most + 1;
    EXPECT_NE(setup.problem(), "");
    const int names = config["name_chars"];
    EXPECT_EQ(name_problem(std::string(names, 'a')), "");
    EXPECT_NE(name_problem(std::string(names + 1, 'a')), "");
}

// The setup form shows the hints default from the config (ui48): the published number of
// screens gives the table's own default for every seat configuration it can be asked for.
TEST(SiteConfig, HintsDefaultIsTheTablesRule) {
    const json config = site_config();
    ASSERT_TRUE(config.contains("hints"));
    const int off_from = config["hints"]["off_from_screens"];
    for (int players = 2; players <= 4; ++players)
        for (int humans = 0; humans <= players; ++humans)
            for (const bool local : {false, true}) {
                TableSpec spec;
                spec.local = local;
                for (int s = 0; s < players; ++s) {
                    Seat seat;
                    seat.type = s < humans ? SeatType::Human : SeatType::Computer;
                    spec.seats.push_back(seat);
                }
                const int screens = local ? std::min(humans, 1) : humans;
                EXPECT_EQ(hints_by_default(spec), screens < off_from)
                    << players << " seats, " << humans << " people, local " << local;
            }
    // As the table decided before it was published: off between two people at their screens.
    TableSpec two;
    two.seats.resize(2);
    EXPECT_FALSE(hints_by_default(two));
    two.local = true;
    EXPECT_TRUE(hints_by_default(two));
}

TEST(SiteConfig, StartRatingIsEveryDefaults) {
    const json config = site_config();
    EXPECT_EQ(config["rating"]["start"], StoredRating{}.rating);
    EXPECT_EQ(config["rating"]["start"], Glicko2Rating{}.rating);
    EXPECT_EQ(config["rating"]["rd"], StoredRating{}.rd);
}

TEST(SiteConfig, ListsEveryErrorCodeOnce) {
    const json config = site_config();
    std::set<std::string> codes(config["errors"].begin(), config["errors"].end());
    EXPECT_EQ(codes.size(), config["errors"].size());
    EXPECT_TRUE(codes.count(error_name(ErrorCode::BadRequest)));
    EXPECT_TRUE(codes.count(error_name(LastErrorCode)));
    EXPECT_EQ(codes.size(), static_cast<size_t>(LastErrorCode) + 1);
}

}  // namespace
}  // namespace reversi::server
