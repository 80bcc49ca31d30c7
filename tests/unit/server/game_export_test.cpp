// SPDX-License-Identifier: MIT
// The GGF export of a table: a computer seat is named after the program and its level (not
// "black"), a player's name is kept, and a free-opening game starts from the position after
// its four centre placements so that other GGF readers take every move.
#include "server/game_export.h"

#include <gtest/gtest.h>

#include "core/ggf.h"
#include "core/notation.h"

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

}  // namespace
}  // namespace reversi::server
