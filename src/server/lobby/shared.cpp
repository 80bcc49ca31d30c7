// SPDX-License-Identifier: MIT
// What the lobby shares with the other nodes as stored state (docs/MULTINODE.md "Lobby,
// seeks, chat, online counts"): quick seekers and pending challenges (running games:
// lobby/games.cpp). Quick pairing across nodes runs on the bus's thread over the shared
// queue (match_quick_seekers, under a lock in the database, so no seeker is taken twice);
// the group it took comes back here (on_quick_match) and this node makes the table.
// Challenges are rows that a node reads when it starts, then keeps up to date from the
// events, so a lobby tab opened later shows those of every node. Events from other nodes
// are checked before anything changes; a bad one throws and is dropped by on_remote.
#include <algorithm>
#include <cmath>
#include <iostream>

#include "server/lobby/fields.h"
#include "server/lobby/lobby.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

using namespace lobby_fields;

namespace {

// Other nodes' state kept here, whatever they send.
constexpr size_t MaxRemoteChallenges = 50'000;

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

// Quick pairing across nodes.

void Lobby::publish_quick(const QuickEntry& entry, const Identity& who) {
    const int64_t player = who.player;
    publish({{"k", "quick+"},
             {"p", player},
             {"who", who_json(who, entry.address)},
             {"pool", entry.pool},
             {"preset", entry.preset},
             {"rated", entry.rated},
             {"rating", entry.rating}},
            [this, life = std::weak_ptr<const int>(life_), player] {
                // Not in the shared queue: nobody can pair them, so they stop waiting.
                if (life.expired() || !quick_.find(player)) return;
                send(player, error_message(ApiError(ErrorCode::Internal,
                                                    "quick pairing is unavailable; try again")));
                stop_quick(player);
            });
}

void Lobby::on_quick_match(const json& event) {
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
        pair_quick(entries.front(), std::move(seats), std::move(addresses));
    } catch (const std::exception& e) {
        std::cerr << "lobby: a quick pairing group was dropped: " << utf8_safe(e.what()) << '\n';
    }
}

void Lobby::remote_quick_taken(const json& event) {
    // Paired on another node: the "paired" message comes from there.
    for (int64_t player : players_field(event, 4))
        if (quick_.remove(player))
            if (Player* p = find_player(player)) p->quick_window_sent = -1;
}

// Challenges.

void Lobby::publish_challenge(const Challenge& c, const json& incoming) {
    publish({{"k", "chal+"}, {"id", c.id}, {"to", c.to.player}, {"challenge", incoming}});
}

void Lobby::remote_challenge(const std::string& node, const json& event) {
    const std::string id = text_field(event, "id", 64);
    if (node_of_offer(id) != node)
        throw ApiError(ErrorCode::BadRequest, "a challenge id names another node");
    if (event.value("k", "") == "chal-") {
        remote_challenges_.erase(id);
        return;
    }
    const int64_t to = int64_field(event, "to", 1, INT64_MAX);
    const auto incoming = event.find("challenge");
    if (incoming == event.end() || !incoming->is_object() ||
        incoming->value("type", "") != "challenge" || incoming->value("id", "") != id)
        throw ApiError(ErrorCode::BadRequest, "field \"challenge\" is malformed");
    if (remote_challenges_.size() >= MaxRemoteChallenges && !remote_challenges_.count(id))
        throw ApiError(ErrorCode::Busy, "too many challenges on other nodes");
    remote_challenges_[id] = RemoteChallenge{node, to, *incoming};
}

void Lobby::send_remote_challenges(LobbyClient& client) {
    if (client.who().player == 0) return;
    for (const auto& [id, c] : remote_challenges_)
        if (c.to == client.who().player) send(client, c.incoming);
}

// A node gone: what it held leaves the lists here.

void Lobby::drop_node_shared(const std::string& node) {
    std::vector<std::string> tables, challenges;
    for (const auto& [table, g] : remote_games_)
        if (g.node == node) tables.push_back(table);
    for (const std::string& table : tables) forget_remote_game(table);
    for (const auto& [id, c] : remote_challenges_)
        if (c.node == node) challenges.push_back(id);
    for (const std::string& id : challenges) {
        const int64_t to = remote_challenges_.at(id).to;
        remote_challenges_.erase(id);
        // This node's sockets only: every node tells its own.
        if (const Player* p = find_player(to)) {
            const auto text =
                text_of({{"type", "challenge_gone"}, {"id", id}, {"reason", "cancelled"}});
            for (LobbyClient* client : p->clients) client->deliver(text);
        }
    }
}

}  // namespace reversi::server
