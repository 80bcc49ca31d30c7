// SPDX-License-Identifier: MIT
// The table rules of issue 48: a correspondence game is never claimed and nobody claims on
// their own turn (2); a game a player never made a first move in is aborted, not decided on
// time or by claim (14); hints are off by default between people at their own screens (16).
// Before every human seat has moved only an abort ends a game (a resignation or an agreed draw
// then aborts, as lichess offers only Abort); a tournament's table refuses a rematch (11).
// On the Table with a fake clock, and through the hub for the create request's default.
#include <gtest/gtest.h>

#include "api_error_code.h"
#include "hub_fixture.h"
#include "server/table/table.h"

namespace reversi::server {
namespace {

using hub_testing::quick_options;
using hub_testing::TempDb;
using testing_support::code_of;

// Ada (Black, seat 0) and Bob (White, seat 1) at a remote table with `clock`; a claim may
// come after 2 s of absence, as with `--claim-seconds 2`. Ada stays; Bob leaves at `gone`.
Table two_players(ClockSpec clock, int64_t gone) {
    TableSpec spec;
    spec.seats.resize(2);
    spec.clock = clock;
    Table t("r", spec, 0, 0);
    t.set_presence_rules({2'000, 0});
    t.join(0, "Ada", "tokA", 0);
    t.join(1, "Bob", "tokB", 0);
    t.add_connection({0}, 1, 0);
    t.add_connection({1}, 1, 0);
    t.add_connection({1}, -1, gone);
    return t;
}

TEST(TableRules, ACorrespondenceGameIsNeverClaimed) {
    // 14 days per move (the game): Bob closes his page after both have moved.
    const ClockSpec days{ClockMode::Days, 14 * 86'400, 0, 14};
    Table t = two_players(days, 0);
    t.add_connection({1}, 1, 10);
    t.play({0}, "d3", 0, 100);
    t.play({1}, "c3", 1, 200);
    t.play({0}, "c4", 2, 300);
    t.add_connection({1}, -1, 400);
    // Bob is to move and gone for far longer than the claim time: still no claim.
    EXPECT_EQ(t.claim_at(), std::nullopt);
    EXPECT_TRUE(t.state(100'000)["claim_at"].is_null());
    EXPECT_EQ(code_of([&] { t.claim({0}, 3'900); }), ErrorCode::NotAllowed);
    EXPECT_EQ(code_of([&] { t.claim({0}, 86'400'000); }), ErrorCode::NotAllowed);
    EXPECT_EQ(t.status(), TableStatus::Playing);
    // Only the days clock ends it: Bob's 14 days run out.
    EXPECT_FALSE(t.check_flag(300 + int64_t{14} * 86'400'000 - 1));
    EXPECT_TRUE(t.check_flag(300 + int64_t{14} * 86'400'000));
    EXPECT_EQ(t.result()->reason, EndReason::Time);
    EXPECT_EQ(t.result()->winner, 0);
}

TEST(TableRules, NobodyClaimsOnTheirOwnTurn) {
    // A live game: both moved, Bob closes his page while Ada is to move.
    Table t = two_players({ClockMode::Game, 300, 0}, 0);
    t.add_connection({1}, 1, 10);
    t.play({0}, "d3", 0, 100);
    t.play({1}, "c3", 1, 200);
    t.add_connection({1}, -1, 300);
    // Ada's turn: however long Bob has been gone, she moves (or waits); she cannot claim.
    EXPECT_EQ(t.claim_at(), std::nullopt);
    EXPECT_EQ(code_of([&] { t.claim({0}, 3'800); }), ErrorCode::NotAllowed);
    EXPECT_EQ(code_of([&] { t.claim({0}, 60'000); }), ErrorCode::NotAllowed);
    EXPECT_EQ(t.status(), TableStatus::Playing);
    // Once she has moved it is Bob's game to hold up: the claim comes 2 s after he left.
    t.play({0}, "c4", 2, 61'000);
    EXPECT_EQ(t.claim_at(), 2'300);
    t.claim({0}, 61'000);
    EXPECT_EQ(t.result()->reason, EndReason::Abandoned);
    EXPECT_EQ(t.result()->winner, 0);
}

TEST(TableRules, AFlagFallBeforeAFirstMoveAborts) {
    // A guest against the computer never moves: the "White wins 2-2 (on time)".
    TableSpec spec;
    spec.seats = {Seat{}, Seat{SeatType::Computer, 1, "", ""}};
    spec.clock = {ClockMode::Game, 300, 0};
    Table guest("g", spec, 0, 0);
    guest.join(0, "", "tok", 0);
    EXPECT_TRUE(guest.check_flag(300'000));
    EXPECT_EQ(guest.result()->reason, EndReason::Aborted);
    EXPECT_EQ(guest.result()->winner, -1);

    // Between people: Ada moved, Bob never did and his clock ran out: aborted too.
    Table never = two_players({ClockMode::Move, 10, 0}, 0);
    never.play({0}, "d3", 0, 1'000);
    EXPECT_TRUE(never.check_flag(11'000));
    EXPECT_EQ(never.result()->reason, EndReason::Aborted);
    EXPECT_EQ(never.result()->winner, -1);

    // Once both have moved, the clock decides.
    Table played = two_players({ClockMode::Move, 10, 0}, 0);
    played.play({0}, "d3", 0, 1'000);
    played.play({1}, "c3", 1, 2'000);
    EXPECT_TRUE(played.check_flag(12'000));
    EXPECT_EQ(played.result()->reason, EndReason::Time);
    EXPECT_EQ(played.result()->winner, 1);
}

TEST(TableRules, AClaimAgainstAPlayerWhoNeverMovedAborts) {
    // Ada moves; Bob took his seat, never moved and left: no win for Ada, an abort.
    Table t = two_players({}, 0);
    t.play({0}, "d3", 0, 100);
    EXPECT_EQ(t.claim_at(), std::nullopt);  // the abort is offered instead
    t.claim({0}, 5'000);
    EXPECT_EQ(t.result()->reason, EndReason::Aborted);
    EXPECT_EQ(t.result()->winner, -1);
}

TEST(TableRules, BeforeEveryoneMovedOnlyAnAbortEndsTheGame) {
    // lichess offers only Abort until both have moved: a casual game resigned at move 0 ...
    Table resigned = two_players({}, 0);
    resigned.resign({0}, std::nullopt, 100);
    EXPECT_EQ(resigned.result()->reason, EndReason::Aborted);
    EXPECT_EQ(resigned.result()->winner, -1);
    // ... or after Ada's first move, by Bob who never moved, is aborted, not won.
    Table first = two_players({}, 0);
    first.play({0}, "d3", 0, 100);
    first.resign({1}, std::nullopt, 200);
    EXPECT_EQ(first.result()->reason, EndReason::Aborted);
    EXPECT_EQ(first.result()->winner, -1);
    // A draw agreed before Bob's first move is an abort too.
    Table drawn = two_players({}, 0);
    drawn.play({0}, "d3", 0, 100);
    EXPECT_EQ(drawn.offer({0}, OfferKind::Draw, 150), std::nullopt);
    EXPECT_EQ(drawn.answer({1}, OfferKind::Draw, true, 200), OfferKind::Draw);
    EXPECT_EQ(drawn.result()->reason, EndReason::Aborted);
    // Once both have moved, a resignation and a draw count.
    Table played = two_players({}, 0);
    played.play({0}, "d3", 0, 100);
    played.play({1}, "c3", 1, 200);
    played.resign({1}, std::nullopt, 300);
    EXPECT_EQ(played.result()->reason, EndReason::Resign);
    EXPECT_EQ(played.result()->winner, 0);
    Table agreed = two_players({}, 0);
    agreed.play({0}, "d3", 0, 100);
    agreed.play({1}, "c3", 1, 200);
    agreed.offer({0}, OfferKind::Draw, 250);
    agreed.answer({1}, OfferKind::Draw, true, 300);
    EXPECT_EQ(agreed.result()->reason, EndReason::Agreed);
}

TEST(TableRules, ATournamentTableRefusesARematch) {
    // The tournament pairs its players: no rematch at its table, even after a played game.
    TableSpec spec;
    spec.seats.resize(2);
    spec.tournament = "arena123";
    Table t("t", spec, 0, 0);
    t.join(0, "Ada", "tokA", 0);
    t.join(1, "Bob", "tokB", 0);
    t.play({0}, "d3", 0, 100);
    t.play({1}, "c3", 1, 200);
    t.resign({1}, std::nullopt, 300);
    EXPECT_EQ(code_of([&] { t.offer({0}, OfferKind::Rematch, 400); }), ErrorCode::TournamentGame);
    EXPECT_EQ(t.offers().find(OfferKind::Rematch), nullptr);
    EXPECT_EQ(t.state(500)["tournament"], "arena123");
    // The stored spec keeps it, so a restarted server refuses it too; other tables say none.
    const Table back = Table::restore("t", t.spec_json(), 0, {}, t.result_json(), 600);
    EXPECT_EQ(back.spec().tournament, "arena123");
    EXPECT_TRUE(two_players({}, 0).state(0)["tournament"].is_null());
    EXPECT_FALSE(two_players({}, 0).spec_json().contains("tournament"));
}

TEST(TableRules, HintsAreOffByDefaultBetweenPeople) {
    const TempDb db("hints_default");
    hub_testing::Hub h(db.path, quick_options());
    const auto hints = [&](const json& body) {
        return h.create(body)["table_state"]["hints"].get<bool>();
    };
    const json humans = json::array({{{"type", "human"}}, {{"type", "human"}}});
    const json computer = json::array({{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}});
    EXPECT_FALSE(hints({{"seats", humans}, {"seat", 0}}));
    EXPECT_FALSE(hints({{"seats", json::array({{{"type", "human"}},
                                               {{"type", "human"}},
                                               {{"type", "computer"}, {"level", 1}}})},
                        {"setup", {{"players", 3}}},
                        {"seat", 0}}));
    EXPECT_TRUE(hints({{"seats", computer}, {"seat", 0}}));
    EXPECT_TRUE(hints({{"seats", humans}, {"local", true}}));
    // The creator's choice stands either way.
    EXPECT_TRUE(hints({{"seats", humans}, {"seat", 0}, {"hints", true}}));
    EXPECT_FALSE(hints({{"seats", computer}, {"seat", 0}, {"hints", false}}));
}

}  // namespace
}  // namespace reversi::server
