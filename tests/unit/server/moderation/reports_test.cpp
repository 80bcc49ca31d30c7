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

}  // namespace
}  // namespace reversi::server
