// SPDX-License-Identifier: MIT
// The lobby across several nodes (docs/MULTINODE.md "Lobby, seeks, chat, online counts"):
// each node is the only authority over its own offers, and tells the others through the
// bus (LobbyServices::publish; PostgreSQL LISTEN/NOTIFY in a deployment, pg_listener.*):
// its seeks (shown everywhere), who is in its lobby (so a challenge by name reaches them),
// its online count, and messages for a player whose lobby socket is on another node. An
// accept or a challenge reply made on another node is sent to the offer's node, which pairs
// as it would for a local player; the paired messages come back to the other node's player.
// Events come from the other nodes through the database, still each one is checked before
// it changes anything, and one that does not fit is logged and dropped.
#include <cctype>
#include <iostream>

#include "server/lobby/fields.h"
#include "server/lobby/lobby.h"

namespace reversi::server {

namespace {

// A node that sent nothing for this long is gone: its seeks, players and count are dropped.
constexpr int64_t NodeSilenceMs = 20'000;
// Each node publishes its online count at least this often (its heartbeat).
constexpr int64_t OnlineHeartbeatMs = 5'000;

}  // namespace

using lobby_fields::address_field;
using lobby_fields::identity_field;
using lobby_fields::int64_field;
using lobby_fields::text_field;

std::string Lobby::new_offer_id(char kind) {
    std::string id(1, kind);
    if (!services_.node.empty()) id += services_.node + ".";
    return id + std::to_string(next_id_++);
}

void Lobby::publish(json event, std::function<void()> failed) {
    if (!services_.publish) return;
    event["n"] = services_.node;
    services_.publish(std::move(event), std::move(failed));
}

void Lobby::publish_account_event(json event) {
    publish(std::move(event), {});
}

void Lobby::publish_presence(const Identity& who, bool here) {
    publish(
        {{"k", "here"}, {"p", who.player}, {"name", who.name}, {"guest", who.guest}, {"on", here}},
        {});
}

size_t Lobby::online_total() const {
    size_t total = online_;
    for (const auto& [node, n] : remote_nodes_) total += n.online;
    return total;
}

void Lobby::publish_online(bool force) {
    if (!services_.publish) return;
    const int64_t now = services_.now();
    if (!force && online_published_at_ >= 0 && online_ == online_published_ &&
        now - online_published_at_ < OnlineHeartbeatMs)
        return;
    online_published_ = online_;
    online_published_at_ = now;
    publish({{"k", "online"}, {"count", online_}}, {});
}

void Lobby::on_remote(const json& event) {
    try {
        if (!event.is_object()) throw ApiError(ErrorCode::BadRequest, "not a JSON object");
        const std::string node = text_field(event, "n", 40);
        if (node == services_.node) return;  // our own, back from the bus
        remote_event(node, event);
    } catch (const std::exception& e) {
        std::cerr << "lobby: an event of another node was dropped: " << utf8_safe(e.what()) << '\n';
    }
}

void Lobby::remote_event(const std::string& node, const json& event) {
    const std::string kind = text_field(event, "k", 16);
    if (kind == "bye") return drop_node(node);
    RemoteNode& from = remote_nodes_[node];
    from.seen = services_.now();
    if (kind == "online") {
        from.online = static_cast<size_t>(int64_field(event, "count", 0, 100'000'000));
    } else if (kind == "seek+") {
        seeks_.remote_added(node, event);
    } else if (kind == "seek-") {
        seeks_.remote_removed(node, event);
    } else if (kind == "here") {
        remote_presence(node, event);
    } else if (kind == "game") {
        remote_game(node, event);
    } else if (kind == "chal+" || kind == "chal-") {
        challenges_.remote_event(node, event);
    } else if (kind == "quick_taken") {
        quick_.remote_taken(event);
    } else if (kind == "deliver") {
        const int64_t player = int64_field(event, "p", 1, INT64_MAX);
        const std::string text = text_field(event, "text", 8000);
        send_here(player, std::make_shared<const std::string>(text));
    } else if (kind == "accept" || kind == "reply") {
        if (text_field(event, "to", 40) != services_.node) return;
        const Identity who = identity_field(event);
        const std::string address = address_field(event);
        const std::string id = text_field(event, "id", 64);
        try {
            if (kind == "accept")
                seeks_.accept(who, address, id);
            else
                challenges_.reply(who, address, id, get_bool(event, "accept", false));
        } catch (const ApiError& e) {
            send(who.player, error_message(e));
        }
    } else if (kind == "revoked" || kind == "deleted") {
        int64_field(event, "p", 1, INT64_MAX);  // checked here, read by the listener
        if (kind == "revoked") text_field(event, "t", 128);
        if (account_events_) account_events_(event);
    }
    // Other kinds are a newer node's: ignored, so that nodes can be upgraded one by one.
}

void Lobby::remote_presence(const std::string& node, const json& event) {
    Identity who;
    who.player = int64_field(event, "p", 1, INT64_MAX);
    who.name = text_field(event, "name", 80);
    who.guest = get_bool(event, "guest", true);
    if (get_bool(event, "on", false)) {
        RemotePlayer& p = remote_players_[who.player];
        p.identity = who;
        // Their games here are listed there: now with whose turn it is (lobby/games.cpp).
        if (p.nodes.emplace(node, 1).second) publish_games_of(who.player);
        return;
    }
    const auto it = remote_players_.find(who.player);
    if (it == remote_players_.end()) return;
    it->second.nodes.erase(node);
    if (!it->second.nodes.empty()) return;
    remote_players_.erase(it);
    // Gone from every lobby: the challenges held here for them go (as went_offline does).
    const Player* local = find_player(who.player);
    if (local && !local->clients.empty()) return;
    challenges_.end_live_of(who.player);
}

void Lobby::drop_node(const std::string& node) {
    remote_nodes_.erase(node);
    // What it held leaves the lists here: its running games, challenges and seeks.
    std::vector<std::string> tables;
    for (const auto& [table, g] : remote_games_)
        if (g.node == node) tables.push_back(table);
    for (const std::string& table : tables) forget_remote_game(table);
    challenges_.drop_node(node);
    seeks_.drop_node(node);
    std::vector<int64_t> players;
    for (const auto& [player, p] : remote_players_)
        if (p.nodes.count(node)) players.push_back(player);
    for (int64_t player : players) {
        const RemotePlayer& p = remote_players_.at(player);
        remote_presence(
            node,
            {{"p", player}, {"name", p.identity.name}, {"guest", p.identity.guest}, {"on", false}});
    }
}

void Lobby::expire_nodes() {
    const int64_t now = services_.now();
    std::vector<std::string> silent;
    for (const auto& [node, n] : remote_nodes_)
        if (now - n.seen > NodeSilenceMs) silent.push_back(node);
    for (const std::string& node : silent) drop_node(node);
}

}  // namespace reversi::server
