// SPDX-License-Identifier: MIT
// Quick pairing. The queue is small (the players waiting right now), so matching is a plain
// scan: for the longest waiting entry, the candidates of its pool, preset and kind are
// taken closest rating first while every window of the group still holds.
#include "server/lobby/pairing.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "server/rating/rated_players.h"

namespace reversi::server {

namespace {

struct Preset {
    const char* name;
    int minutes;
    int increment;
};

// Minutes + increment seconds; 0 minutes stands for the untimed game.
constexpr Preset Presets[] = {{"1+0", 1, 0},   {"3+2", 3, 2},     {"5+3", 5, 3},
                              {"10+0", 10, 0}, {"15+10", 15, 10}, {"untimed", 0, 0}};

}  // namespace

std::optional<ClockSpec> preset_clock(std::string_view preset) {
    for (const Preset& p : Presets) {
        if (preset != p.name) continue;
        ClockSpec clock;
        if (p.minutes > 0) {
            clock.mode = ClockMode::Game;
            clock.seconds = p.minutes * 60;
            clock.increment = p.increment;
        }
        return clock;
    }
    return std::nullopt;
}

const std::vector<std::string>& preset_names() {
    static const std::vector<std::string> Names = [] {
        std::vector<std::string> names;
        for (const Preset& p : Presets) names.emplace_back(p.name);
        return names;
    }();
    return Names;
}

double QuickQueue::window(const QuickEntry& entry, int64_t now) const {
    const int64_t waited = std::max<int64_t>(0, now - entry.since);
    const int64_t steps = window_.step_ms > 0 ? waited / window_.step_ms : 0;
    return window_.base + window_.step * static_cast<double>(steps);
}

void QuickQueue::add(QuickEntry entry) {
    remove(entry.player);
    entries_.push_back(std::move(entry));
}

bool QuickQueue::remove(int64_t player) {
    const auto it = std::find_if(entries_.begin(), entries_.end(),
                                 [player](const QuickEntry& e) { return e.player == player; });
    if (it == entries_.end()) return false;
    entries_.erase(it);
    return true;
}

const QuickEntry* QuickQueue::find(int64_t player) const {
    for (const QuickEntry& e : entries_)
        if (e.player == player) return &e;
    return nullptr;
}

bool QuickQueue::same_game(const QuickEntry& a, const QuickEntry& b) {
    return a.pool == b.pool && a.preset == b.preset && a.rated == b.rated && a.players == b.players;
}

int QuickQueue::seeking(const QuickEntry& entry) const {
    return static_cast<int>(
        std::count_if(entries_.begin(), entries_.end(),
                      [&](const QuickEntry& e) { return same_game(e, entry); }));
}

std::optional<int64_t> QuickQueue::any_rating_at(const QuickEntry& entry) const {
    if (window_.alone_ms <= 0 || seeking(entry) != entry.players) return std::nullopt;
    int64_t latest = entry.since;
    for (const QuickEntry& e : entries_)
        if (same_game(e, entry)) latest = std::max(latest, e.since);
    return latest + window_.alone_ms;
}

bool QuickQueue::compatible(const QuickEntry& a, const QuickEntry& b, int64_t now) const {
    if (a.player == b.player || !same_game(a, b)) return false;
    if (a.rated && !rule_.problem({{a.player, a.address}, {b.player, b.address}}).empty())
        return false;
    // Nobody else waits for this game: the gap no longer matters after a short wait.
    if (const auto at = any_rating_at(a); at && now >= *at) return true;
    const double gap = std::fabs(a.rating - b.rating);
    return gap <= window(a, now) && gap <= window(b, now);
}

std::vector<std::vector<QuickEntry>> QuickQueue::match(int64_t now) {
    std::vector<std::vector<QuickEntry>> groups;
    std::vector<char> taken(entries_.size(), 0);
    for (size_t first = 0; first < entries_.size(); ++first) {
        if (taken[first]) continue;
        const QuickEntry& a = entries_[first];
        std::vector<size_t> candidates;
        for (size_t i = first + 1; i < entries_.size(); ++i)
            if (!taken[i] && compatible(a, entries_[i], now)) candidates.push_back(i);
        // Closest rating first; among equals the longer waiting (stable order of arrival).
        std::stable_sort(candidates.begin(), candidates.end(), [&](size_t x, size_t y) {
            return std::fabs(entries_[x].rating - a.rating) <
                   std::fabs(entries_[y].rating - a.rating);
        });
        std::vector<size_t> group = {first};
        for (size_t c : candidates) {
            if (static_cast<int>(group.size()) == a.players) break;
            const bool fits = std::all_of(group.begin(), group.end(), [&](size_t g) {
                return compatible(entries_[g], entries_[c], now);
            });
            if (fits) group.push_back(c);
        }
        if (static_cast<int>(group.size()) < a.players) continue;
        std::sort(group.begin(), group.end());
        std::vector<QuickEntry> members;
        for (size_t g : group) {
            taken[g] = 1;
            members.push_back(entries_[g]);
        }
        groups.push_back(std::move(members));
    }
    if (groups.empty()) return groups;
    std::vector<QuickEntry> left;
    for (size_t i = 0; i < entries_.size(); ++i)
        if (!taken[i]) left.push_back(std::move(entries_[i]));
    entries_ = std::move(left);
    return groups;
}

std::vector<std::vector<size_t>> match_in_order(const std::vector<QuickEntry>& seekers, int64_t now,
                                                PairingWindow window) {
    QuickQueue queue(window);
    std::map<int64_t, size_t> index_of;  // player -> their entry's index (the latest)
    for (size_t i = 0; i < seekers.size(); ++i) {
        queue.add(seekers[i]);
        index_of[seekers[i].player] = i;
    }
    std::vector<std::vector<size_t>> groups;
    for (const std::vector<QuickEntry>& group : queue.match(now)) {
        std::vector<size_t> members;
        for (const QuickEntry& e : group) members.push_back(index_of.at(e.player));
        groups.push_back(std::move(members));
    }
    return groups;
}

}  // namespace reversi::server
