// SPDX-License-Identifier: MIT
// The site's own recurring tournaments (docs/SITE.md "Scheduled tournaments"): a schedule of
// entries such as "hourly@0 arena 8x8 3+2 55m Hourly 8x8 blitz", read from `serve
// --tournament-schedule` (or the standard four of `--site-tournaments`), and which of their
// occurrences are due to be created. Pure: the time is passed in, so tests run it on a fake
// clock. Each occurrence has a key (the entry and its start) stored with the tournament, so a
// restarted server knows which it made and never makes one twice.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "server/tournament/tournament.h"

namespace reversi::server::tournament {

enum class Every { Hour, Day, Week };

struct ScheduleEntry {
    std::string text;  // as written: part of every occurrence's key
    Every every = Every::Hour;
    int64_t offset_ms = 0;  // from the start of the hour, the day, or the week (Monday 00:00 UTC)
    Settings settings;      // everything but starts_at
};

// Reads "EVERY@WHEN KIND POOL CLOCK LENGTH NAME": EVERY@WHEN is hourly@MM, daily@HH:MM or
// weekly@DDDHH:MM (mon..sun, UTC); KIND arena or swiss; POOL a rating pool (a Swiss: two players);
// CLOCK M+I (minutes + increment seconds); LENGTH Nm (arena minutes) or Nr (Swiss rounds); NAME the
// rest. Throws std::invalid_argument saying what is wrong.
ScheduleEntry parse_schedule_entry(const std::string& text);

// The site's standard schedule: an hourly 8x8 blitz arena, a daily 10x10 arena, a weekly
// octagon arena and a weekly four-player arena.
std::vector<std::string> standard_schedule();

// The first start of `entry` after `now` (wall ms).
int64_t next_start(const ScheduleEntry& entry, int64_t now);

// The key of `entry`'s occurrence starting at `starts_at`.
std::string occurrence_key(const ScheduleEntry& entry, int64_t starts_at);

// How often the entry of an occurrence key recurs: "hourly", "daily" or "weekly" (the
// client names the site's tournaments by it, in the reader's language); "" for another key.
std::string recurrence_of(const std::string& key);

// The settings of the occurrences due at `now`: the next one of each entry whose key is not in
// `made` (so the next occurrence always exists, created up to one period ahead).
std::vector<Settings> due_occurrences(const std::vector<ScheduleEntry>& schedule, int64_t now,
                                      const std::set<std::string>& made);

}  // namespace reversi::server::tournament
