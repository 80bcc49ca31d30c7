// SPDX-License-Identifier: MIT
// The site's recurring tournaments on a fake clock (tournament/schedule.h): entries read from
// their text (and refused with a reason), the next start of an hourly, daily and weekly entry,
// and which occurrences are due: the next one of each, once, made again after it starts.
#include "server/tournament/schedule.h"

#include <gtest/gtest.h>

namespace reversi::server::tournament {
namespace {

constexpr int64_t Minute = 60'000, Hour = 60 * Minute, Day = 24 * Hour;
// Monday 2026-11-30 00:00 UTC.
constexpr int64_t Monday = 1'795'996'800'000;

TEST(Schedule, EntriesAreReadFromTheirText) {
    const ScheduleEntry hourly = parse_schedule_entry("hourly@5 arena 8x8 3+2 55m Hourly blitz");
    EXPECT_EQ(hourly.every, Every::Hour);
    EXPECT_EQ(hourly.offset_ms, 5 * Minute);
    EXPECT_EQ(hourly.settings.name, "Hourly blitz");
    EXPECT_EQ(hourly.settings.kind, Kind::Arena);
    EXPECT_EQ(hourly.settings.pool, "8x8");
    EXPECT_EQ(hourly.settings.duration_ms, 55 * Minute);
    EXPECT_EQ(hourly.settings.clock.seconds, 180);
    EXPECT_EQ(hourly.settings.clock.increment, 2);
    EXPECT_TRUE(hourly.settings.rated);
    const ScheduleEntry weekly = parse_schedule_entry("weekly@sat18:30 swiss octagon 5+3 7r Oct");
    EXPECT_EQ(weekly.every, Every::Week);
    EXPECT_EQ(weekly.offset_ms, 5 * Day + 18 * Hour + 30 * Minute);
    EXPECT_EQ(weekly.settings.rounds, 7);
    EXPECT_EQ(parse_schedule_entry("daily@18:00 arena 10x10 5+3 60m D").offset_ms, 18 * Hour);
    for (const std::string& entry : standard_schedule())
        EXPECT_NO_THROW(parse_schedule_entry(entry));
    for (const char* bad :
         {"hourly@60 arena 8x8 3+2 30m X", "daily@25:00 arena 8x8 3+2 30m X",
          "weekly@xyz18:00 arena 8x8 3+2 30m X", "yearly@0 arena 8x8 3+2 30m X",
          "hourly@0 league 8x8 3+2 30m X", "hourly@0 arena 9x9 3+2 30m X",
          "hourly@0 swiss 3p 3+2 5r X", "hourly@0 arena 8x8 3 30m X", "hourly@0 arena 8x8 3+2 7r X",
          "hourly@0 arena 8x8 3+2 60m X", "hourly@0 arena 8x8 3+2 30m"})
        EXPECT_THROW(parse_schedule_entry(bad), std::invalid_argument) << bad;
}

TEST(Schedule, NextStartsAreOnTheHourTheDayAndTheWeekday) {
    const ScheduleEntry hourly = parse_schedule_entry("hourly@0 arena 8x8 3+2 55m H");
    EXPECT_EQ(next_start(hourly, Monday + 10 * Hour + 1), Monday + 11 * Hour);
    EXPECT_EQ(next_start(hourly, Monday + 10 * Hour), Monday + 11 * Hour) << "after, not at";
    const ScheduleEntry daily = parse_schedule_entry("daily@18:00 arena 10x10 5+3 60m D");
    EXPECT_EQ(next_start(daily, Monday + 17 * Hour), Monday + 18 * Hour);
    EXPECT_EQ(next_start(daily, Monday + 19 * Hour), Monday + Day + 18 * Hour);
    const ScheduleEntry weekly = parse_schedule_entry("weekly@sat18:00 arena octagon 5+3 90m W");
    const int64_t saturday = Monday + 5 * Day + 18 * Hour;
    EXPECT_EQ(next_start(weekly, Monday), saturday);
    EXPECT_EQ(next_start(weekly, saturday + 1), saturday + 7 * Day);
}

TEST(Schedule, EachOccurrenceIsDueOnceAndTheNextOneAfterItStarts) {
    const std::vector<ScheduleEntry> schedule = {
        parse_schedule_entry("hourly@0 arena 8x8 3+2 55m H"),
        parse_schedule_entry("daily@18:00 arena 10x10 5+3 60m D")};
    std::set<std::string> made;
    int64_t now = Monday + 9 * Hour + 30 * Minute;
    std::vector<Settings> due = due_occurrences(schedule, now, made);
    ASSERT_EQ(due.size(), 2u) << "both next occurrences are made ahead of time";
    EXPECT_EQ(due[0].starts_at, Monday + 10 * Hour);
    EXPECT_EQ(due[1].starts_at, Monday + 18 * Hour);
    for (const Settings& s : due) made.insert(s.scheduled);
    EXPECT_TRUE(due_occurrences(schedule, now + 20 * Minute, made).empty())
        << "made once, whatever the ticks";
    // The hourly one started: the next hour's is due, the daily one is still there.
    now = Monday + 10 * Hour + 1;
    due = due_occurrences(schedule, now, made);
    ASSERT_EQ(due.size(), 1u);
    EXPECT_EQ(due[0].starts_at, Monday + 11 * Hour);
    EXPECT_EQ(due[0].name, "H");
    EXPECT_NE(due[0].scheduled, *made.begin());
}

// Issue 48 (12): the client names the site's tournaments in the reader's language by how
// often they recur, which the view reads from the occurrence key.
TEST(Schedule, AnOccurrenceSaysHowOftenItRecurs) {
    for (const auto& [text, every] :
         {std::pair{"hourly@0 arena 8x8 3+2 55m Hourly 8x8 blitz arena", "hourly"},
          {"daily@18:00 arena 10x10 5+3 60m D", "daily"},
          {"weekly@sat18:00 arena octagon 5+3 90m W", "weekly"}}) {
        const ScheduleEntry e = parse_schedule_entry(text);
        EXPECT_EQ(recurrence_of(occurrence_key(e, next_start(e, Monday))), every) << text;
        Settings s = due_occurrences({e}, Monday, {}).at(0);
        const json view = Tournament("t1", s, Identity{}, Monday).view(Monday);
        EXPECT_EQ(view["recurrence"], every);
        EXPECT_EQ(view["scheduled"], true);
    }
    EXPECT_EQ(recurrence_of(""), "");
    EXPECT_EQ(recurrence_of("yearly@0|1"), "");
    Settings mine;
    mine.name = "Mine";
    EXPECT_TRUE(
        Tournament("t2", mine, Identity{5, "Ada"}, Monday).view(Monday)["recurrence"].is_null());
}

}  // namespace
}  // namespace reversi::server::tournament
