// SPDX-License-Identifier: MIT
// The lobby's quick pairing (lobby/quick_pairing.h). Across nodes the shared queue is matched
// under a lock in the database, so no seeker is taken twice; a player paired here stops
// waiting everywhere (Lobby::pair_players drops them).
#include "server/lobby/quick_pairing.h"

#include <cmath>
#include <iostream>

#include "server/lobby/fields.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

using namespace lobby_fields;

namespace {

json who_json(const Identity& who, const std::string& address) {
    return {{"p", who.player}, {"name", who.name}, {"guest", who.guest}, {"a", address}};
}

// A seeker of the shared queue (a "quick+" event, with "since" added by the store), checked.
QuickEntry seeker_entry(const json& seeker) {
    QuickEntry e;
    const Identity who = identity_field(seeker);
    e.player = who.player;
    e.address = address_field(seeker);
    e.pool = text_field(seeker, "pool", 16);
    e.preset = text_field(seeker, "preset", 16);
    const auto setup = pool_setup(e.pool);
    if (!setup || !preset_clock(e.preset))
        throw ApiError(ErrorCode::BadRequest, "unknown pool or preset");
    e.players = setup->players;
    e.rated = get_bool(seeker, "rated", false);
    if (e.rated && !may_play_rated(who)) throw ApiError(ErrorCode::BadRequest, "a rated guest");
    const auto rating = seeker.find("rating");
    if (rating == seeker.end() || !rating->is_number() || !std::isfinite(rating->get<double>()) ||
        std::fabs(rating->get<double>()) > 100'000)
        throw ApiError(ErrorCode::BadRequest, "field \"rating\" is malformed");
    e.rating = rating->get<double>();
    if (seeker.contains("since")) e.since = int64_field(seeker, "since", INT64_MIN, INT64_MAX);
    return e;
}

}  // namespace

std::vector<std::vector<size_t>> match_quick_seekers(const std::vector<json>& seekers,
                                                     int64_t now) {
    std::vector<QuickEntry> entries;
    std::vector<size_t> index;  // entries[i] is seekers[index[i]]
    for (size_t i = 0; i < seekers.size(); ++i) {
        try {
            entries.push_back(seeker_entry(seekers[i]));
            index.push_back(i);
        } catch (const std::exception& e) {
            // A row that does not read is never paired; its node takes it back in time.
            std::cerr << "lobby: a shared quick seeker was skipped: " << utf8_safe(e.what())
                      << '\n';
        }
    }
    std::vector<std::vector<size_t>> groups = match_in_order(entries, now);
    for (std::vector<size_t>& group : groups)
        for (size_t& member : group) member = index[member];
    return groups;
}

void QuickPairing::on_quick(LobbyClient& client, const json& msg) {
    const Identity& me = lobby_player(client);
    const LobbyServices& services = room_.services();
    QuickEntry entry;
    entry.pool = get_string(msg, "pool", "");
    entry.preset = get_string(msg, "preset", "");
    const auto setup = pool_setup(entry.pool);
    if (!setup)
        throw ApiError(ErrorCode::BadRequest, "unknown pool \"" + utf8_safe(entry.pool, 40) + "\"");
    if (!preset_clock(entry.preset))
        throw ApiError(ErrorCode::BadRequest,
                       "unknown preset \"" + utf8_safe(entry.preset, 40) + "\"");
    entry.player = me.player;
    entry.rated = may_play_rated(me);
    entry.players = setup->players;
    entry.rating = services.rating(me, entry.pool).rating;
    entry.since = services.now();
    // The address keeps two accounts of one address apart (QuickQueue, RatedMeetingRule).
    entry.address = client.address();
    queue_.add(entry);
    if (shared()) publish(entry, me);
    told_.erase(me.player);
    run();
}

void QuickPairing::on_cancel(LobbyClient& client) {
    const Identity& me = lobby_player(client);
    if (!queue_.find(me.player)) throw ApiError(ErrorCode::NotFound, "you are not waiting");
    stop(me.player);
}

void QuickPairing::stop(int64_t player) {
    drop(player);
    if (room_.player_here(player)) room_.send(player, text_of({{"type", "quick_stopped"}}));
}

bool QuickPairing::drop(int64_t player) {
    if (!queue_.remove(player)) return false;
    told_.erase(player);
    if (shared()) room_.publish({{"k", "quick-"}, {"p", player}}, {});
    return true;
}

void QuickPairing::run() {
    const int64_t now = room_.services().now();
    // Across nodes the shared queue pairs (the bus's thread, match_quick_seekers).
    if (!shared())
        for (const std::vector<QuickEntry>& group : queue_.match(now)) {
            std::vector<Identity> seats;
            std::vector<std::string> addresses;
            for (const QuickEntry& e : group) {
                if (Metrics* metrics = room_.metrics())
                    metrics->pairing_seconds.observe((now - e.since) / 1000.0);
                const Identity* here = room_.player_here(e.player);
                seats.push_back(here ? *here : Identity{e.player, "", true});
                addresses.push_back(e.address);
                told_.erase(e.player);  // out of the queue: the next wait is told afresh
            }
            pair(group.front(), std::move(seats), std::move(addresses));
        }
    // Those still waiting are told when their window has grown or others came or went.
    for (const QuickEntry& e : queue_.entries()) {
        if (!room_.player_here(e.player)) continue;
        const double window = e.rated ? queue_.window(e, now) : 0;  // casual: none to tell
        const int seeking = queue_.seeking(e);
        Told& told = told_[e.player];
        if (told.window == window && told.seeking == seeking) continue;
        told = {window, seeking};
        room_.send(e.player, text_of(waiting_json(e, now)));
    }
}

void QuickPairing::send_waiting(LobbyClient& client) const {
    if (const QuickEntry* q = queue_.find(client.who().player))
        client.deliver(text_of(waiting_json(*q, room_.services().now())));
}

json QuickPairing::waiting_json(const QuickEntry& e, int64_t now) const {
    // any_rating_at is steady time; the page gets wall time, like every other time it shows.
    // A casual wait (a guest's) has no rating to match: no window, no widening.
    const auto at = e.rated ? queue_.any_rating_at(e) : std::nullopt;
    return {{"type", "quick_waiting"},
            {"pool", e.pool},
            {"preset", e.preset},
            {"window", e.rated ? json(queue_.window(e, now)) : json(nullptr)},
            {"seeking", queue_.seeking(e)},
            {"any_rating_at", at ? json(*at - now + room_.services().wall_now()) : json(nullptr)}};
}

void QuickPairing::pair(const QuickEntry& kind, std::vector<Identity> seats,
                        std::vector<std::string> addresses) {
    PairingOrder order;
    order.setup = *pool_setup(kind.pool);
    order.clock = *preset_clock(kind.preset);
    order.rated = kind.rated;
    addresses.resize(seats.size());
    // Seats in a random order: nobody is Black for having waited longest.
    for (size_t i = seats.size(); i > 1; --i) {
        const size_t j = room_.services().random() % i;
        std::swap(seats[i - 1], seats[j]);
        std::swap(addresses[i - 1], addresses[j]);
    }
    order.addresses = std::move(addresses);
    std::vector<int64_t> members;
    for (const Identity& who : seats) members.push_back(who.player);
    order.seats = std::move(seats);
    room_.pair(std::move(order), [this, life = room_.life(), members](const ApiError& e) {
        if (life.expired()) return;
        const auto text = room_.error_message(e);
        for (int64_t m : members) {
            room_.send(m, text);
            // A member waiting on another node was taken from the shared queue there too.
            if (room_.player_here(m))
                stop(m);
            else
                room_.send(m, text_of({{"type", "quick_stopped"}}));
        }
    });
}

void QuickPairing::publish(const QuickEntry& entry, const Identity& who) {
    const int64_t player = who.player;
    room_.publish({{"k", "quick+"},
                   {"p", player},
                   {"who", who_json(who, entry.address)},
                   {"pool", entry.pool},
                   {"preset", entry.preset},
                   {"rated", entry.rated},
                   {"rating", entry.rating}},
                  [this, life = room_.life(), player] {
                      // Not in the shared queue: nobody can pair them, so they stop waiting.
                      if (life.expired() || !queue_.find(player)) return;
                      room_.send(player, room_.error_message(
                                             ApiError(ErrorCode::Internal,
                                                      "quick pairing is unavailable; try again")));
                      stop(player);
                  });
}

void QuickPairing::on_match(const json& event) {
    try {
        const auto group = event.find("group");
        if (group == event.end() || !group->is_array() || group->size() < 2 || group->size() > 4)
            throw ApiError(ErrorCode::BadRequest, "field \"group\" is malformed");
        std::vector<QuickEntry> entries;
        std::vector<Identity> seats;
        std::vector<std::string> addresses;
        for (const json& seeker : *group) {
            entries.push_back(seeker_entry(seeker));
            seats.push_back(identity_field(seeker));
            addresses.push_back(entries.back().address);
            const QuickEntry& a = entries.front();
            const QuickEntry& b = entries.back();
            if (a.pool != b.pool || a.preset != b.preset || a.rated != b.rated)
                throw ApiError(ErrorCode::BadRequest, "a group of several pools");
            for (size_t i = 0; i + 1 < seats.size(); ++i)
                if (seats[i].player == b.player)
                    throw ApiError(ErrorCode::BadRequest, "a player twice in a group");
        }
        if (static_cast<int>(entries.size()) != entries.front().players)
            throw ApiError(ErrorCode::BadRequest, "a group of the wrong size");
        pair(entries.front(), std::move(seats), std::move(addresses));
    } catch (const std::exception& e) {
        std::cerr << "lobby: a quick pairing group was dropped: " << utf8_safe(e.what()) << '\n';
    }
}

void QuickPairing::remote_taken(const json& event) {
    // Paired on another node: the "paired" message comes from there.
    for (int64_t player : players_field(event, 4))
        if (queue_.remove(player)) told_.erase(player);
}

}  // namespace reversi::server
