// SPDX-License-Identifier: MIT
// A player's report (docs/SITE.md "Moderation"), as a request states it, checked before
// anything is stored: a reason from a short list, a few words, and for a chat line its table
// and number. Pure; the limit per reporter is the Moderation's, and one open report per
// reporter and reported player the store's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace reversi::server {

// The reasons a report may give.
const std::vector<std::string>& report_reasons();
// The longest report text, in code points.
constexpr std::size_t ReportTextMax = 500;
// Reports a player may file: ReportBurst at once, then ReportsPerHour.
constexpr double ReportsPerHour = 10;
constexpr double ReportBurst = 5;
// A moderator's queue shows at most this many reported players, each with at most this many
// of their newest open reports (the count says how many they have).
constexpr int ReportGroupsMax = 100;
constexpr int ReportsPerGroupMax = 20;

struct ReportRequest {
    std::string player;  // the reported player's name (a profile's report)
    std::string game;    // optional with a player: one of their games against the reporter
    std::string reason;
    std::string text;
    std::string table;  // a chat line's report: its table and number (then no player)
    int64_t seq = 0;
    bool chat_line() const { return !table.empty(); }
};

// The request in `body` ({"reason", "text", and "player" (with "game", optional) or "table" +
// "seq"}); throws ApiError bad_json / bad_request saying what is wrong.
ReportRequest parse_report(const std::string& body);

// Whether the stored table spec `spec` (Table::spec_json's text) seats both players `a` and
// `b`: a report may name only a game the reporter played against the reported player. False
// for a spec that does not read.
bool played_together(const std::string& spec, int64_t a, int64_t b);

}  // namespace reversi::server
