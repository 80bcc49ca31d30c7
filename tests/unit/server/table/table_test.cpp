// SPDX-License-Identifier: MIT
// Table logic without a network: seats and tokens, every refused move (each leaves the state
// unchanged), clocks on a fake time line, undo, resign, rematch rotation and restoring from
// stored moves. Expected values come from RULES.md (start position, legal moves, results).
#include "server/table/table.h"

#include <gtest/gtest.h>

#include <numeric>
#include <random>

#include "api_error_code.h"
#include "core/bitboard.h"
#include "core/notation.h"
#include "server/common/secrets.h"

namespace reversi::server {
namespace {

using testing_support::code_of;

TableSpec two_humans() {
    TableSpec spec;
    spec.seats.resize(2);
    return spec;
}

core::Square sq(const Table& t, const char* name) {
    return *core::parse_square(t.game().variant().geometry(), name);
}

// The state text is written by hand (table.cpp); on every variant, with clocks, a resign, a
// rematch and a name that needs escaping, it must parse and agree with the table.
TEST(Table, StateTextIsJsonOnEveryVariant) {
    std::mt19937_64 rng(5);
    // Quote, backslash, é, an emoji (control characters are refused on join).
    const std::string odd_name = "A\"\\b/ \xc3\xa9 \xf0\x9f\x98\x80";
    int checked = 0;
    for (int shape = 0; shape < 4; ++shape)
        for (int players = 2; players <= 4; ++players)
            for (int variant = 0; variant < 4; ++variant) {
                TableSpec spec;
                spec.setup.shape = core::Shape(shape);
                spec.setup.players = players;
                spec.setup.anti = variant & 1;
                spec.setup.free_opening = players > 2 && (variant & 2);
                spec.seats.resize(players);
                spec.local = variant == 1;
                spec.hints = variant != 2;
                if (variant == 2) spec.clock = {ClockMode::Game, 60, 2};
                if (variant == 3) spec.clock = {ClockMode::Move, 30, 0};
                if (!spec.setup.problem().empty()) continue;
                Table t("id\"x", spec, 123456789, 0);
                for (int i = 0; i < (spec.local ? 1 : players); ++i)
                    t.join(i, i == 0 ? odd_name : "", "tok" + std::to_string(i), 0);
                t.add_connection({0}, 1);
                std::vector<int> all(players);
                std::iota(all.begin(), all.end(), 0);
                const core::Geometry& g = t.game().variant().geometry();
                for (int ply = 0;; ++ply) {
                    const json s = json::parse(t.state_text(ply * 7));
                    ++checked;
                    ASSERT_EQ(s["id"], "id\"x");
                    ASSERT_EQ(s["seats"][0]["name"], odd_name);
                    ASSERT_EQ(s["seats"][0]["connected"], true);
                    ASSERT_EQ(s["ply"], ply);
                    ASSERT_EQ(s["moves"].size(), static_cast<size_t>(ply));
                    // The moves list is a kept text, one name added per move (table.cpp).
                    json names = json::array();
                    for (const core::Square m : t.game().moves())
                        names.push_back(core::square_name(g, m));
                    ASSERT_EQ(s["moves"], names);
                    ASSERT_EQ(s["last_move"], ply ? names.back() : json(nullptr));
                    ASSERT_EQ(s["board"].size(), static_cast<size_t>(g.height()));
                    ASSERT_EQ(s["setup"]["players"], players);
                    ASSERT_EQ(s["clock"]["mode"], variant == 2   ? "game"
                                                  : variant == 3 ? "move"
                                                                 : "none");
                    if (spec.clock.mode == ClockMode::None) {  // written from a kept text
                        ASSERT_EQ(s["clock"], clock_spec_json(spec.clock));
                    }
                    const core::Position& pos = t.game().position();
                    const size_t legal = t.status() == TableStatus::Finished
                                             ? 0
                                             : core::popcount(pos.legal_moves()) + pos.must_pass();
                    ASSERT_EQ(s["legal"].size(), legal);
                    if (t.status() == TableStatus::Finished) {
                        ASSERT_TRUE(s["to_move"].is_null());
                        ASSERT_FALSE(s["result"].is_null());
                        break;
                    }
                    ASSERT_EQ(s["to_move"], pos.side());
                    if (ply == 20 && variant == 1) {
                        t.resign(all, 0, ply * 7);
                        EXPECT_EQ(json::parse(t.state_text(0))["result"]["reason"], "resign");
                        break;
                    }
                    const std::string move = s["legal"][rng() % legal].get<std::string>();
                    t.play(all, move, std::nullopt, ply * 7);
                    ASSERT_EQ(json::parse(t.state_text(ply * 7))["last_move"], move);
                }
                t.set_rematch("r2");
                EXPECT_EQ(json::parse(t.state_text(9))["rematch"], "r2");
            }
    EXPECT_GT(checked, 1000);
}

TEST(Table, SeatsAndTokens) {
    Table t("t1", two_humans(), 0, 0);
    EXPECT_EQ(t.status(), TableStatus::Waiting);
    t.join(0, "Ada", "tokA", 0);
    EXPECT_EQ(t.status(), TableStatus::Waiting);
    EXPECT_EQ(code_of([&] { t.play({0}, "d3", std::nullopt, 0); }), ErrorCode::NotAllowed);
    EXPECT_EQ(code_of([&] { t.join(0, "Eve", "tokE", 0); }), ErrorCode::SeatTaken);
    EXPECT_EQ(code_of([&] { t.join(2, "Eve", "tokE", 0); }), ErrorCode::BadRequest);
    EXPECT_EQ(code_of([&] { t.join(1, std::string(41, 'x'), "tokE", 0); }), ErrorCode::BadRequest);
    // Control characters, bidirectional overrides and invalid UTF-8 are refused in names.
    for (const std::string& bad :
         {std::string("a\nb"), std::string("a\x01"),
          std::string("evil\xe2\x80\xae"
                      "txt.exe"),
          std::string("\xe2\x81\xa6x"), std::string("\xff"), std::string("\xc3")})
        EXPECT_EQ(code_of([&] { t.join(1, bad, "tokE", 0); }), ErrorCode::BadRequest) << bad;
    t.join(1, "Bob", "tokB", 0);
    EXPECT_EQ(t.status(), TableStatus::Playing);
    EXPECT_EQ(t.seats_of("tokA"), std::vector<int>{0});
    EXPECT_EQ(t.seats_of("tokB"), std::vector<int>{1});
    EXPECT_TRUE(t.seats_of("nope").empty());
    EXPECT_TRUE(t.seats_of("").empty());
    const json state = t.state(0);
    EXPECT_EQ(state["seats"][0]["name"], "Ada");
    EXPECT_EQ(state.dump().find("tokA"), std::string::npos) << "tokens must stay secret";
    EXPECT_EQ(t.summary().dump().find("tokB"), std::string::npos);
}

TEST(Table, ComputerSeatCannotBeJoined) {
    TableSpec spec = two_humans();
    spec.seats[1].type = SeatType::Computer;
    spec.seats[1].level = 3;
    Table t("t", spec, 0, 0);
    EXPECT_EQ(code_of([&] { t.join(1, "x", "tok", 0); }), ErrorCode::BadRequest);
    t.join(0, "x", "tok", 0);
    EXPECT_EQ(t.status(), TableStatus::Playing);
    EXPECT_FALSE(t.computer_to_move());
}

TEST(Table, StartStateFollowsRules) {
    Table t("t", two_humans(), 0, 0);
    const json s = t.state(0);
    // RULES.md 3: d4 and e5 White, e4 and d5 Black; Black's moves are d3 c4 f5 e6.
    EXPECT_EQ(s["board"][3], "---OX---");
    EXPECT_EQ(s["board"][4], "---XO---");
    std::vector<std::string> legal = s["legal"];
    std::sort(legal.begin(), legal.end());
    EXPECT_EQ(legal, (std::vector<std::string>{"c4", "d3", "e6", "f5"}));
    EXPECT_EQ(s["to_move"], 0);
    EXPECT_EQ(s["counts"], json({2, 2}));
    EXPECT_TRUE(s["last_move"].is_null());
}

TEST(Table, RefusedMovesChangeNothing) {
    Table t("t", two_humans(), 0, 0);
    t.join(0, "", "a", 0);
    t.join(1, "", "b", 0);
    const std::string before = t.state(0).dump();
    EXPECT_EQ(code_of([&] { t.play({1}, "d3", std::nullopt, 0); }), ErrorCode::NotYourTurn);
    EXPECT_EQ(code_of([&] { t.play({}, "d3", std::nullopt, 0); }), ErrorCode::NotYourSeat);
    EXPECT_EQ(code_of([&] { t.play({0}, "a1", std::nullopt, 0); }), ErrorCode::IllegalMove);
    EXPECT_EQ(code_of([&] { t.play({0}, "pass", std::nullopt, 0); }), ErrorCode::IllegalMove);
    EXPECT_EQ(code_of([&] { t.play({0}, "z9", std::nullopt, 0); }), ErrorCode::IllegalMove);
    EXPECT_EQ(code_of([&] { t.play({0}, "", std::nullopt, 0); }), ErrorCode::IllegalMove);
    EXPECT_EQ(code_of([&] { t.play({0}, "d4", std::nullopt, 0); }), ErrorCode::IllegalMove);
    EXPECT_EQ(code_of([&] { t.play({0}, "d3", 3, 0); }), ErrorCode::Stale);
    EXPECT_EQ(t.state(0).dump(), before);
    const MoveRecord rec = t.play({0}, "D3", 0, 0);
    EXPECT_EQ(rec.ply, 0);
    EXPECT_EQ(rec.square, "d3");
    const json s = t.state(0);
    EXPECT_EQ(s["moves"], json({"d3"}));
    EXPECT_EQ(s["flipped"], json({"d4"}));
    EXPECT_EQ(s["counts"], json({4, 1}));
    EXPECT_EQ(s["last_move"], "d3");
    EXPECT_EQ(code_of([&] { t.play({0}, "c3", 1, 0); }), ErrorCode::NotYourTurn);
    EXPECT_EQ(code_of([&] { t.play({1}, "c3", 0, 0); }), ErrorCode::Stale);
}

TEST(Table, LocalTokenHoldsEveryHumanSeat) {
    TableSpec spec;
    spec.setup.players = 3;
    spec.seats.resize(3);
    spec.seats[2].type = SeatType::Computer;
    spec.seats[2].level = 1;
    spec.local = true;
    Table t("t", spec, 0, 0);
    t.join(0, "us", "tok", 0);
    EXPECT_EQ(t.seats_of("tok"), (std::vector<int>{0, 1}));
    EXPECT_EQ(t.status(), TableStatus::Playing);
    EXPECT_EQ(code_of([&] { t.join(1, "x", "other", 0); }), ErrorCode::SeatTaken);
    const json s = t.state(0);
    t.play({0, 1}, s["legal"][0].get<std::string>(), 0, 0);
    t.play({0, 1}, t.state(0)["legal"][0].get<std::string>(), 1, 0);
    EXPECT_TRUE(t.computer_to_move());
    // Nobody passes with three players (RULES.md 4): never "pass" in the legal list.
    EXPECT_EQ(t.state(0)["legal"].dump().find("pass"), std::string::npos);
}

TEST(Table, GameClockWithIncrementAndFlag) {
    TableSpec spec = two_humans();
    spec.clock = {ClockMode::Game, 2, 1};
    Table t("t", spec, 0, 1000);
    t.join(0, "", "a", 1000);
    EXPECT_FALSE(t.flag_deadline()) << "no clock runs while a seat is free";
    t.join(1, "", "b", 5000);
    ASSERT_TRUE(t.flag_deadline());
    EXPECT_EQ(*t.flag_deadline(), 7000);
    t.play({0}, "d3", 0, 5500);  // 500 ms used, 1 s increment
    json c = t.state(5700)["clock"];
    EXPECT_EQ(c["remaining_ms"], json({2500, 1800}));
    EXPECT_EQ(c["running"], 1);
    // White moves too (a flag fall before a seat's first move aborts: table_rules_test.cpp).
    t.play({1}, "c3", 1, 6000);  // 500 ms used, 1 s increment
    EXPECT_FALSE(t.check_flag(8499));
    EXPECT_TRUE(t.check_flag(8500));
    EXPECT_EQ(t.status(), TableStatus::Finished);
    ASSERT_TRUE(t.result());
    EXPECT_EQ(t.result()->winner, 1);
    EXPECT_EQ(t.result()->reason, EndReason::Time);
    EXPECT_EQ(t.state(8600)["clock"]["remaining_ms"], json({0, 2500}));
    EXPECT_EQ(code_of([&] { t.play({0}, "c4", std::nullopt, 8600); }), ErrorCode::GameOver);
}

TEST(Table, MoveClockResetsEachMove) {
    TableSpec spec = two_humans();
    spec.clock = {ClockMode::Move, 1, 0};
    Table t("t", spec, 0, 0);
    t.join(0, "", "a", 0);
    t.join(1, "", "b", 0);
    t.play({0}, "d3", 0, 900);
    EXPECT_EQ(*t.flag_deadline(), 1900);
    t.play({1}, "c3", 1, 1800);
    EXPECT_EQ(*t.flag_deadline(), 2800);
    EXPECT_EQ(t.state(1800)["clock"]["remaining_ms"], json({1000, 1000}));
    EXPECT_TRUE(t.check_flag(2800));
    EXPECT_EQ(t.result()->winner, 1);
}

TEST(Table, ComputerSeatsDoNotRunTheClock) {
    TableSpec spec = two_humans();
    spec.seats[1] = {SeatType::Computer, 2, "", ""};
    spec.clock = {ClockMode::Move, 1, 0};
    Table t("t", spec, 0, 0);
    t.join(0, "", "a", 0);
    t.play({0}, "d3", 0, 100);
    EXPECT_TRUE(t.computer_to_move());
    EXPECT_FALSE(t.flag_deadline());
    EXPECT_FALSE(t.check_flag(1'000'000));
}

TEST(Table, UndoAgainstTheComputer) {
    TableSpec spec = two_humans();
    spec.seats[1] = {SeatType::Computer, 2, "", ""};
    spec.clock = {ClockMode::Game, 60, 0};
    Table t("t", spec, 0, 0);
    t.join(0, "", "a", 0);
    EXPECT_EQ(code_of([&] { t.undo({0}, 0); }), ErrorCode::NotAllowed);
    t.play({0}, "d3", 0, 1000);
    t.play_computer(sq(t, "c5"), 1000);  // White's reply; legal after d3 (RULES.md 3)
    t.play({0}, "c6", 2, 3000);
    EXPECT_EQ(code_of([&] { t.undo({}, 3000); }), ErrorCode::NotYourSeat);
    EXPECT_EQ(t.undo({0}, 3500), 2);
    EXPECT_EQ(t.state(3500)["moves"], json({"d3", "c5"}));
    EXPECT_EQ(t.state(3500)["clock"]["remaining_ms"][0], 59000);
    EXPECT_EQ(t.state(3500)["last_move"], "c5");
    EXPECT_EQ(t.undo({0}, 4000), 0);
    EXPECT_EQ(t.state(4000)["moves"], json::array());
    EXPECT_TRUE(t.state(4000)["last_move"].is_null());
    EXPECT_EQ(t.state(4000)["board"][3], "---OX---");
    EXPECT_EQ(t.state(4000)["clock"]["remaining_ms"][0], 60000);
    EXPECT_EQ(code_of([&] { t.undo({0}, 4000); }), ErrorCode::NotAllowed);
    EXPECT_THROW(t.play_computer(sq(t, "d3"), 0), ApiError) << "not the computer's turn";
}

TEST(Table, UndoIsRefusedBetweenRemoteHumans) {
    Table t("t", two_humans(), 0, 0);
    t.join(0, "", "a", 0);
    t.join(1, "", "b", 0);
    t.play({0}, "d3", 0, 0);
    EXPECT_EQ(code_of([&] { t.undo({0}, 0); }), ErrorCode::NotAllowed);
    EXPECT_EQ(t.ply(), 1);
}

TEST(Table, ResignTwoAndThreePlayers) {
    Table t("t", two_humans(), 0, 0);
    t.join(0, "", "a", 0);
    t.join(1, "", "b", 0);
    EXPECT_EQ(code_of([&] { t.resign({}, std::nullopt, 0); }), ErrorCode::NotYourSeat);
    EXPECT_EQ(code_of([&] { t.resign({1}, 0, 0); }), ErrorCode::NotYourSeat);
    t.play({0}, "d3", 0, 0);  // both move first: before that a resignation aborts
    t.play({1}, "c3", 1, 0);
    t.resign({1}, std::nullopt, 0);  // White resigns although Black is to move
    EXPECT_EQ(t.result()->winner, 0);
    EXPECT_EQ(t.result()->reason, EndReason::Resign);
    EXPECT_EQ(t.state(0)["result"]["reason"], "resign");
    EXPECT_TRUE(t.state(0)["to_move"].is_null());
    EXPECT_EQ(t.state(0)["legal"], json::array());
    EXPECT_EQ(code_of([&] { t.resign({0}, std::nullopt, 0); }), ErrorCode::GameOver);

    TableSpec three;
    three.setup.players = 3;
    three.seats.resize(3);
    three.local = true;
    Table u("u", three, 0, 0);
    u.join(0, "", "tok", 0);
    u.resign({0, 1, 2}, 1, 0);
    // One disc each at the start: the two others tie, a draw of the table (RULES.md 4).
    EXPECT_EQ(u.result()->winner, -1);
    EXPECT_EQ(u.result()->counts, (std::vector<int>{1, 1, 1}));
}

TEST(Table, HintChecks) {
    TableSpec spec = two_humans();
    spec.hints = false;
    Table off("t", spec, 0, 0);
    off.join(0, "", "a", 0);
    off.join(1, "", "b", 0);
    EXPECT_EQ(code_of([&] { off.check_hint({0}); }), ErrorCode::NotAllowed);
    Table on("t", two_humans(), 0, 0);
    on.join(0, "", "a", 0);
    on.join(1, "", "b", 0);
    EXPECT_NO_THROW(on.check_hint({0}));
    EXPECT_EQ(code_of([&] { on.check_hint({1}); }), ErrorCode::NotYourTurn);
    EXPECT_EQ(code_of([&] { on.check_hint({}); }), ErrorCode::NotYourSeat);
}

TEST(Table, RematchRotatesSeatsWithTokens) {
    TableSpec spec = two_humans();
    spec.seats[1] = {SeatType::Computer, 4, "", ""};
    Table t("t", spec, 0, 0);
    t.join(0, "Ada", "tokA", 0);
    const TableSpec next = t.rematch_spec();
    EXPECT_EQ(next.seats[0].type, SeatType::Computer);
    EXPECT_EQ(next.seats[0].level, 4);
    EXPECT_EQ(next.seats[1].token_hash, token_hash("tokA"));
    EXPECT_EQ(next.seats[1].name, "Ada");
    Table r("r", next, 0, 0);
    EXPECT_EQ(r.seats_of("tokA"), std::vector<int>{1});
    EXPECT_TRUE(r.computer_to_move());
}

// The spec text is kept between stores (Table::spec_text): every change to the spec must show
// in it, each one different from the text before, and equal to the spec built afresh.
TEST(Table, SpecTextFollowsEveryChangeToTheSpec) {
    Table t("t", two_humans(), 0, 0);
    std::vector<std::string> texts;
    const auto check = [&](const char* after) {
        EXPECT_EQ(t.spec_text(), dump_safe(t.spec_json())) << "after " << after;
        for (const std::string& earlier : texts)
            EXPECT_NE(t.spec_text(), earlier) << "after " << after;
        texts.push_back(t.spec_text());
    };
    check("creation");
    EXPECT_EQ(t.spec_text(), texts.back());  // kept: asked again, the same text
    t.join(0, "Ada", "tokA", 0);
    check("a join");
    t.join(1, "Bob", "tokB", 0);
    check("a second join");
    t.set_seat_player(1, Identity{42, "Bobby", false, true}, 1612.5);
    check("a seat taken by a player");
    t.set_rematch("r2");
    check("a rematch");
    // A restored table's text is the stored one.
    const Table r = Table::restore("t", json::parse(t.spec_text()), 0, {}, nullptr, 0);
    EXPECT_EQ(r.spec_text(), t.spec_text());
}

// Plays random legal moves from the state's legal list to the end.
void play_out(Table& t, std::mt19937& rng, int64_t& now, std::vector<MoveRecord>* log) {
    std::vector<int> all(t.spec().seats.size());
    std::iota(all.begin(), all.end(), 0);
    while (t.status() == TableStatus::Playing) {
        const json legal = t.state(now)["legal"];
        ASSERT_FALSE(legal.empty());
        const std::string move = legal[rng() % legal.size()];
        const MoveRecord rec = t.play(all, move, t.ply(), now += 10);
        if (log) log->push_back(rec);
    }
}

TEST(Table, RandomGamesEndWithTheRulesResult) {
    std::mt19937 rng(5);
    for (const char* board : {"6", "8", "10", "octagon"}) {
        for (int players : {2, 3, 4}) {
            TableSpec spec;
            spec.setup = parse_setup(json{{"board", board}, {"players", 2}}).setup;
            if (std::string(board) == "6" && players > 2) continue;
            spec.setup.players = players;
            spec.seats.resize(players);
            spec.local = true;
            Table t("t", spec, 0, 0);
            t.join(0, "", "tok", 0);
            int64_t now = 0;
            play_out(t, rng, now, nullptr);
            ASSERT_EQ(t.status(), TableStatus::Finished);
            const core::Outcome o = t.game().outcome();
            EXPECT_EQ(t.result()->winner, o.winner);
            EXPECT_EQ(t.result()->reason, EndReason::End);
            int sum = 0;
            for (int c : t.result()->counts) sum += c;
            EXPECT_LE(sum, t.game().variant().geometry().playable_count());
            EXPECT_EQ(code_of([&] { t.play({0}, "pass", std::nullopt, now); }),
                      ErrorCode::GameOver);
        }
    }
}

TEST(Table, RestoreReplaysMovesAndClocks) {
    TableSpec spec = two_humans();
    spec.clock = {ClockMode::Game, 100, 2};
    spec.setup.blocked = {{2, 2}, {5, 5}};
    spec.local = true;
    Table t("t", spec, 1234, 0);
    t.join(0, "Ada", "tok", 0);
    std::mt19937 rng(9);
    std::vector<MoveRecord> log;
    std::vector<int> both{0, 1};
    int64_t now = 0;
    for (int i = 0; i < 20 && t.status() == TableStatus::Playing; ++i) {
        const json legal = t.state(now)["legal"];
        log.push_back(
            t.play(both, legal[rng() % legal.size()].get<std::string>(), t.ply(), now += 777));
    }
    const Table r = Table::restore("t", t.spec_json(), 1234, log, nullptr, now);
    EXPECT_EQ(r.state(now).dump(), t.state(now).dump());
    EXPECT_EQ(r.seats_of("tok"), both);
    // A move that does not replay is reported, and the game is kept up to it.
    std::vector<MoveRecord> bad = log;
    bad.push_back({static_cast<int>(log.size()), "a1", {}});
    std::string cut;
    const Table kept = Table::restore("t", t.spec_json(), 1234, bad, nullptr, now, &cut);
    EXPECT_NE(cut.find("does not replay"), std::string::npos) << cut;
    EXPECT_EQ(kept.state(now).dump(), t.state(now).dump());
    // So is a gap (a missing ply) or a damaged row: nothing after it is replayed.
    std::vector<MoveRecord> gap(log.begin(), log.begin() + 5);
    gap.insert(gap.end(), log.begin() + 6, log.end());
    EXPECT_EQ(Table::restore("t", t.spec_json(), 0, gap, nullptr, now, &cut).ply(), 5);
    EXPECT_NE(cut.find("missing"), std::string::npos) << cut;
    std::vector<MoveRecord> damaged = log;
    damaged[7].damaged = true;
    EXPECT_EQ(Table::restore("t", t.spec_json(), 0, damaged, nullptr, now, &cut).ply(), 7);
    EXPECT_NE(cut.find("damaged"), std::string::npos) << cut;
    // A spec that is not what the server writes does not read.
    EXPECT_ANY_THROW(Table::restore("t", json::parse(R"({"setup":7})"), 0, log, nullptr, now));
    // Finished tables keep their result.
    t.resign(both, 0, now);
    const Table f = Table::restore("t", t.spec_json(), 1234, log, t.result_json(), now);
    EXPECT_EQ(f.status(), TableStatus::Finished);
    EXPECT_EQ(f.result_json(), t.result_json());
}

}  // namespace
}  // namespace reversi::server
