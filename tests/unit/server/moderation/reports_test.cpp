// SPDX-License-Identifier: MIT
// A report as a request states it (moderation/reports.h): a reason from the list, bounded
// text, and either a player or a chat line with its number.
#include "server/moderation/reports.h"

#include <gtest/gtest.h>

#include "api_error_code.h"

namespace reversi::server {
namespace {

using testing_support::code_of;

TEST(Reports, AReportNamesAReasonAndAPlayerOrAChatLine) {
    const ReportRequest line =
        parse_report(R"({"reason":"abuse","text":"rude","table":"t1","seq":3,"player":"X"})");
    EXPECT_TRUE(line.chat_line());
    EXPECT_EQ(line.seq, 3);
    EXPECT_TRUE(line.player.empty()) << "the line's sender is reported";
    const ReportRequest player = parse_report(R"({"reason":"name","player":"Bob"})");
    EXPECT_FALSE(player.chat_line());
    EXPECT_EQ(player.player, "Bob");
    for (const char* bad :
         {R"({"reason":"boring","player":"Bob"})", R"({"reason":"spam"})",
          R"({"reason":"spam","table":"t1"})", R"({"reason":"spam","table":"t1","seq":0})",
          R"({"reason":"spam","player":5})", R"([1])",
          R"({"reason":"spam","player":"Bob","text":7})"})
        EXPECT_EQ(code_of([&] { parse_report(bad); }), ErrorCode::BadRequest) << bad;
    EXPECT_EQ(code_of([] { parse_report("{nope"); }), ErrorCode::BadJson);
    const std::string long_text(ReportTextMax + 1, 'a');
    EXPECT_EQ(
        code_of([&] {
            parse_report(json{{"reason", "other"}, {"player", "B"}, {"text", long_text}}.dump());
        }),
        ErrorCode::BadRequest);
    EXPECT_EQ(
        parse_report(
            json{{"reason", "other"}, {"player", "B"}, {"text", std::string(ReportTextMax, 'a')}}
                .dump())
            .text.size(),
        ReportTextMax);
}

// A profile's report may name a game (ui48): kept with the player, dropped with a chat line;
// the game must seat both the reporter and the reported player in the stored spec.
TEST(Reports, AProfilesReportMayNameAGamePlayedTogether) {
    const ReportRequest r = parse_report(R"({"reason":"cheating","player":"Bob","game":"g1"})");
    EXPECT_EQ(r.player, "Bob");
    EXPECT_EQ(r.game, "g1");
    const ReportRequest line =
        parse_report(R"({"reason":"abuse","table":"t1","seq":3,"game":"g1"})");
    EXPECT_TRUE(line.game.empty());
    EXPECT_EQ(code_of([] { parse_report(R"({"reason":"spam","player":"Bob","game":[1]})"); }),
              ErrorCode::BadRequest);
    const std::string spec =
        R"({"seats":[{"type":"human","player":7},{"type":"human","player":9}]})";
    EXPECT_TRUE(played_together(spec, 7, 9));
    EXPECT_TRUE(played_together(spec, 9, 7));
    EXPECT_FALSE(played_together(spec, 7, 8));
    EXPECT_FALSE(
        played_together(R"({"seats":[{"type":"human","player":7},{"type":"computer"}]})", 7, 0));
    for (const char* bad : {"", "{nope", "[]", R"({"seats":5})", R"({"seats":[1,{"player":"7"}]})"})
        EXPECT_FALSE(played_together(bad, 7, 9)) << bad;
}

}  // namespace
}  // namespace reversi::server
