// SPDX-License-Identifier: MIT
// The schedule of the site's recurring tournaments (tournament/schedule.h).
#include "server/tournament/schedule.h"

#include <array>
#include <sstream>
#include <stdexcept>

#include "server/rating/ratings.h"

namespace reversi::server::tournament {

namespace {

constexpr int64_t MinuteMs = 60'000;
constexpr int64_t HourMs = 60 * MinuteMs;
constexpr int64_t DayMs = 24 * HourMs;
constexpr int64_t WeekMs = 7 * DayMs;
// 1970-01-01 was a Thursday: the first Monday 00:00 UTC is four days later.
constexpr int64_t FirstMondayMs = 4 * DayMs;

int number(const std::string& text, int low, int high, const char* what) {
    size_t used = 0;
    int v = -1;
    try {
        v = std::stoi(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || v < low || v > high)
        throw std::invalid_argument(std::string(what) + " \"" + text + "\" is not " +
                                    std::to_string(low) + " to " + std::to_string(high));
    return v;
}

// "HH:MM" as milliseconds into the day.
int64_t time_of_day(const std::string& text) {
    const size_t colon = text.find(':');
    if (colon == std::string::npos) throw std::invalid_argument("expected HH:MM, not " + text);
    return number(text.substr(0, colon), 0, 23, "hour") * HourMs +
           number(text.substr(colon + 1), 0, 59, "minute") * MinuteMs;
}

int64_t period(Every every) {
    return every == Every::Hour ? HourMs : every == Every::Day ? DayMs : WeekMs;
}

}  // namespace

ScheduleEntry parse_schedule_entry(const std::string& text) {
    ScheduleEntry e;
    e.text = text;
    std::istringstream in(text);
    std::string when, kind, pool, clock, length;
    if (!(in >> when >> kind >> pool >> clock >> length))
        throw std::invalid_argument("expected EVERY@WHEN KIND POOL CLOCK LENGTH NAME");
    std::string name;
    std::getline(in >> std::ws, name);
    if (name.empty() || name.size() > 60) throw std::invalid_argument("a name of 1-60 bytes");
    e.settings.name = name;
    const size_t at = when.find('@');
    const std::string every = when.substr(0, at),
                      offset = at == std::string::npos ? "" : when.substr(at + 1);
    if (every == "hourly") {
        e.every = Every::Hour;
        e.offset_ms = number(offset, 0, 59, "minute") * MinuteMs;
    } else if (every == "daily") {
        e.every = Every::Day;
        e.offset_ms = time_of_day(offset);
    } else if (every == "weekly") {
        e.every = Every::Week;
        static constexpr std::array<const char*, 7> Days = {"mon", "tue", "wed", "thu",
                                                            "fri", "sat", "sun"};
        int day = -1;
        for (int d = 0; d < 7; ++d)
            if (offset.rfind(Days[d], 0) == 0) day = d;
        if (day < 0) throw std::invalid_argument("weekly@ takes mon..sun then HH:MM");
        e.offset_ms = day * DayMs + time_of_day(offset.substr(3));
    } else {
        throw std::invalid_argument("EVERY is hourly, daily or weekly, not \"" + every + "\"");
    }
    if (kind != "arena" && kind != "swiss")
        throw std::invalid_argument("KIND is arena or swiss, not \"" + kind + "\"");
    e.settings.kind = kind == "swiss" ? Kind::Swiss : Kind::Arena;
    e.settings.pool = pool;
    const size_t plus = clock.find('+');
    if (plus == std::string::npos) throw std::invalid_argument("CLOCK is M+I, not " + clock);
    const int minutes = number(clock.substr(0, plus), 1, 180, "clock minutes");
    const int increment = number(clock.substr(plus + 1), 0, 180, "clock increment");
    e.settings.clock =
        parse_clock({{"mode", "game"}, {"seconds", minutes * 60}, {"increment", increment}});
    e.settings.rated = true;
    if (length.size() < 2) throw std::invalid_argument("LENGTH is Nm or Nr");
    const char unit = length.back();
    const std::string count = length.substr(0, length.size() - 1);
    // The bounds are settings_problem's (tournament.h), as for a player's tournament.
    const int n = number(count, 0, 1'000'000, unit == 'm' ? "arena minutes" : "Swiss rounds");
    if (unit == 'm' && e.settings.kind == Kind::Arena) {
        e.settings.duration_ms = n * MinuteMs;
        if (e.every == Every::Hour && e.settings.duration_ms >= HourMs)
            throw std::invalid_argument("an hourly arena lasts less than an hour");
    } else if (unit == 'r' && e.settings.kind == Kind::Swiss) {
        e.settings.rounds = n;
    } else {
        throw std::invalid_argument("LENGTH is Nm for an arena, Nr for a Swiss");
    }
    if (const std::string why = settings_problem(e.settings); !why.empty())
        throw std::invalid_argument(why);
    e.settings.setup = setup_json(*pool_setup(pool));
    return e;
}

std::vector<std::string> standard_schedule() {
    return {"hourly@0 arena 8x8 3+2 55m Hourly 8x8 blitz arena",
            "daily@18:00 arena 10x10 5+3 60m Daily 10x10 arena",
            "weekly@sat18:00 arena octagon 5+3 90m Weekly octagon arena",
            "weekly@sun18:00 arena 4p 3+2 60m Weekly four-player arena"};
}

int64_t next_start(const ScheduleEntry& entry, int64_t now) {
    const int64_t p = period(entry.every);
    const int64_t origin = (entry.every == Every::Week ? FirstMondayMs : 0) + entry.offset_ms;
    const int64_t since = now - origin;
    // Floor division, so a time before the origin works too.
    int64_t k = since / p;
    if (since % p != 0 && since < 0) --k;
    return origin + (k + 1) * p;
}

std::string occurrence_key(const ScheduleEntry& entry, int64_t starts_at) {
    return entry.text + "|" + std::to_string(starts_at);
}

std::string recurrence_of(const std::string& key) {
    const std::string every = key.substr(0, key.find('@'));
    return every == "hourly" || every == "daily" || every == "weekly" ? every : std::string();
}

std::vector<Settings> due_occurrences(const std::vector<ScheduleEntry>& schedule, int64_t now,
                                      const std::set<std::string>& made) {
    std::vector<Settings> out;
    for (const ScheduleEntry& e : schedule) {
        const int64_t start = next_start(e, now);
        const std::string key = occurrence_key(e, start);
        if (made.count(key)) continue;
        Settings s = e.settings;
        s.starts_at = start;
        s.scheduled = key;
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace reversi::server::tournament
