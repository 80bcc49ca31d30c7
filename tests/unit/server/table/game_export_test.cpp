// SPDX-License-Identifier: MIT
// The GGF export of a table: a computer seat is named after the program and its level (not
// "black"), a player's name is kept, and a free-opening game starts from the position after
// its four centre placements so that other GGF readers take every move. The end reasons of
// the site: a draw by agreement is GGF's mutual score, an abandoned game a loss by
// resignation of the absent side, and a game without a result (aborted, cancelled) has no
// GGF and is left out of the list of games.
#include "server/table/game_export.h"

#include <gtest/gtest.h>

#include "api_error_code.h"
#include "core/ggf.h"
#include "core/notation.h"
#include "hub_fixture.h"

namespace reversi::server {
namespace {

TableSpec human_and_computer(int level) {
    TableSpec spec;
    spec.seats.resize(2);
    spec.seats[1].type = SeatType::Computer;
    spec.seats[1].level = level;
    return spec;
}

TEST(GameExport, ComputerSeatsAreNamedAfterTheProgramAndLevel) {
    Table t("g1", human_and_computer(5), 0, 0);
    t.join(0, "Ada", "tokA", 0);
    t.play({0}, "f5", std::nullopt, 0);
    const std::string ggf = export_ggf(t);
    EXPECT_NE(ggf.find("PB[Ada]"), std::string::npos) << ggf;
    EXPECT_NE(ggf.find("PW[reversi level 5]"), std::string::npos) << ggf;
    EXPECT_EQ(ggf.find("PW[white]"), std::string::npos) << ggf;
    // The computer on the other colour, at another level.
    TableSpec spec = human_and_computer(9);
    std::swap(spec.seats[0], spec.seats[1]);
    Table u("g2", spec, 0, 0);
    u.join(1, "", "tokB", 0);
    const std::string other = export_ggf(u);
    EXPECT_NE(other.find("PB[reversi level 9]"), std::string::npos) << other;
    EXPECT_NE(other.find("PW[white]"), std::string::npos) << other;
}

TEST(GameExport, FreeOpeningStartsAfterThePlacements) {
    TableSpec spec;
    spec.seats.resize(2);
    spec.local = true;
    spec.setup.free_opening = true;
    Table t("g3", spec, 0, 0);
    t.join(0, "Ada", "tok", 0);  // a local table's token holds every human seat
    for (const char* sq : {"d4", "e4", "d5", "e5", "f4", "g3"}) t.play({0, 1}, sq, std::nullopt, 0);
    const std::string ggf = export_ggf(t);
    // d4/d5 Black and e4/e5 White: the parallel start, Black to move, then f4 g3 only.
    EXPECT_NE(ggf.find("BO[8 -------- -------- -------- ---*O--- ---*O--- -------- -------- "
                       "-------- *]B[f4]W[g3];)"),
              std::string::npos)
        << ggf;
    const core::GgfRecord back = core::parse_ggf(ggf);
    EXPECT_EQ(back.game.position(), t.game().position());
    EXPECT_EQ(back.game.ply(), 2);
}

// Ada (Black) and Bob (White) at their own screens; Ada has played f5 (4 discs to 1).
Table two_humans_after_f5(const std::string& id) {
    TableSpec spec;
    spec.seats.resize(2);
    Table t(id, spec, 0, 0);
    t.set_presence_rules({60'000, 0});
    t.join(0, "Ada", "tokA", 0);
    t.join(1, "Bob", "tokB", 0);
    t.play({0}, "f5", std::nullopt, 0);
    return t;
}

TEST(GameExport, AgreedDrawIsAMutualScoreOfNothing) {
    Table t = two_humans_after_f5("g4");
    // Both move first (before that an agreed draw aborts): f5 d6 c3.
    t.play({1}, "d6", std::nullopt, 0);
    t.play({0}, "c3", std::nullopt, 0);
    ASSERT_EQ(t.offer({1}, OfferKind::Draw, 0), std::nullopt);
    ASSERT_EQ(t.answer({0}, OfferKind::Draw, true, 0), OfferKind::Draw);
    ASSERT_EQ(t.result()->reason, EndReason::Agreed);
    // The discs are 5 to 2, yet it is a draw: no side's sign, no resignation.
    const std::string ggf = export_ggf(t);
    EXPECT_NE(ggf.find("RE[+0.00:s]"), std::string::npos) << ggf;
    EXPECT_EQ(core::parse_ggf(ggf).info.result, "+0.00:s");
    const std::string text = export_text(t);
    EXPECT_NE(text.find("result: draw 5-2 (agreed)"), std::string::npos) << text;
}

TEST(GameExport, AbandonedIsALossOfTheAbsentSide) {
    Table t = two_humans_after_f5("g5");
    // Bob stays, Ada is gone after her second move: on her turn Bob (White) claims, with
    // fewer discs.
    t.add_connection({1}, 1, 0);
    t.play({1}, "f6", std::nullopt, 0);
    t.play({0}, "e6", std::nullopt, 0);
    t.play({1}, "f4", std::nullopt, 0);
    t.claim({1}, 60'000);
    ASSERT_EQ(t.result()->winner, 1);
    const std::string ggf = export_ggf(t);
    EXPECT_NE(ggf.find("RE[-2.00:r]"), std::string::npos) << ggf;
    EXPECT_NE(export_text(t).find("result: White wins 3-5 (abandoned)"), std::string::npos)
        << export_text(t);
}

TEST(GameExport, GamesWithoutAResultHaveNoGgf) {
    Table aborted = two_humans_after_f5("g6");
    aborted.abort({1}, 0);  // Bob has not moved yet
    ASSERT_EQ(aborted.result()->reason, EndReason::Aborted);
    EXPECT_EQ(testing_support::code_of([&] { export_ggf(aborted); }), ErrorCode::NotAllowed);
    EXPECT_NE(export_text(aborted).find("result: no result (aborted)"), std::string::npos)
        << export_text(aborted);

    TableSpec spec;
    spec.seats.resize(2);
    Table cancelled("g7", spec, 0, 0);
    cancelled.join(0, "Ada", "tokA", 0);
    cancelled.cancel({0});
    ASSERT_EQ(cancelled.result()->reason, EndReason::Cancelled);
    EXPECT_EQ(testing_support::code_of([&] { export_ggf(cancelled); }), ErrorCode::NotAllowed);
    EXPECT_NE(export_text(cancelled).find("result: no result (cancelled)"), std::string::npos);
}

TEST(GameExport, AbortedGamesAreNotListedNorExported) {
    using namespace hub_testing;
    const TempDb db("export_list");
    Hub h(db.path, quick_options());
    std::string aborted, resigned;
    {
        TwoPlayers p(h);
        aborted = p.id;
        play_first_legal(h, p);
        h.send(p.b, {{"type", "abort"}});
        ASSERT_EQ(p.a.table()["result"]["reason"], "aborted");
        p.leave(h);
    }
    {
        TwoPlayers p(h);
        resigned = p.id;
        play_first_legal(h, p);
        play_first_legal(h, p);  // both have moved: the resignation counts
        h.send(p.b, {{"type", "resign"}});
        p.leave(h);
    }
    h.settle();
    const json games =
        json::parse(h.call([&](Respond r) { h.hub->list_games(50, 0, r); }).body)["games"];
    ASSERT_EQ(games.size(), 1u) << games.dump();
    EXPECT_EQ(games[0]["id"], resigned) << games.dump();
    const Reply ggf = h.call([&](Respond r) { h.hub->export_game(aborted, "ggf", r); });
    EXPECT_EQ(json::parse(ggf.body)["code"], "not_allowed") << ggf.body;
    const Reply text = h.call([&](Respond r) { h.hub->export_game(aborted, "text", r); });
    EXPECT_EQ(text.status, 200);
    EXPECT_NE(text.body.find("no result (aborted)"), std::string::npos) << text.body;
}

}  // namespace
}  // namespace reversi::server
