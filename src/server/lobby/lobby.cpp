// SPDX-License-Identifier: MIT
// The lobby's front (lobby/lobby.h): connections and presence, the messages handed to the
// offers' parts, table making and sending. Each handler reads and checks the whole message
// first and throws ApiError before it changes anything; on_message turns whatever a handler
// throws into one error to that socket.
#include "server/lobby/lobby.h"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "server/lobby/fields.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

using namespace lobby_fields;

Lobby::Lobby(LobbyServices services, LobbyLimits limits)
    : services_(std::move(services)), limits_(limits) {
    if (!services_.rating)
        services_.rating = [](const Identity&, const std::string&) { return LobbyRating{}; };
    if (!services_.me)
        services_.me = [](const Identity& id) {
            return json{{"id", id.player}, {"name", id.name}, {"guest", id.guest}};
        };
}

GameEntry game_entry_of(const Table& table, bool with_setup) {
    GameEntry g;
    g.table = table.id();
    for (const Seat& seat : table.spec().seats) {
        g.players.push_back(seat.player);
        g.names.push_back(seat.name);
        g.bots.push_back(seat.bot);
        g.levels.push_back(seat.type == SeatType::Computer ? seat.level : 0);
    }
    g.to_move = table.to_move();
    g.running = table.status() != TableStatus::Finished;
    g.present = table.presence();
    if (with_setup) g.setup = setup_json(table.spec().setup);
    return g;
}

// Step 1: sockets and presence.

void Lobby::connect(LobbyClient& client) {
    clients_[&client] = Bucket{limits_.message_burst, services_.now()};
    presence(client.who(), +1, 0, &client);
    if (services_.lobby_socket && client.who().player != 0)
        services_.lobby_socket(client.who().player, +1);
    json page = seeks_.page_json(0);
    json msg = {{"type", "lobby"},
                {"seeks", std::move(page["seeks"])},
                {"seeks_total", page["total"]},
                {"seeks_per_page", limits_.seeks_per_page},
                {"online", online_total()},
                {"me", services_.me(client.who())},
                {"games", games_json(client.who().player)}};
    client.deliver(text_of(msg));
    quick_.send_waiting(client);
    // Challenges waiting for this player, so a new tab shows them too.
    challenges_.send_waiting(client);
}

void Lobby::disconnect_player(int64_t player) {
    const auto it = players_.find(player);
    if (it == players_.end()) return;
    // A copy: closing may come back through disconnect() and change the list.
    const std::vector<LobbyClient*> clients = it->second.clients;
    for (LobbyClient* client : clients) client->close();
}

void Lobby::disconnect(LobbyClient& client) {
    if (!clients_.erase(&client)) return;
    presence(client.who(), -1, 0, &client);
    if (services_.lobby_socket && client.who().player != 0)
        services_.lobby_socket(client.who().player, -1);
}

void Lobby::table_presence(const Identity& player, int delta) {
    if (player.player == 0) return;
    presence(player, 0, delta > 0 ? 1 : -1, nullptr);
}

const Lobby::Player* Lobby::find_player(int64_t id) const {
    const auto it = players_.find(id);
    return it == players_.end() ? nullptr : &it->second;
}

const Identity* Lobby::player_here(int64_t player) const {
    const Player* p = find_player(player);
    return p ? &p->identity : nullptr;
}

const Identity* Lobby::in_lobby(const std::string& folded) const {
    const auto named = online_names_.find(folded);
    const Player* here = named == online_names_.end() ? nullptr : find_player(named->second);
    if (here && !here->clients.empty()) return &here->identity;
    for (const auto& [player, p] : remote_players_)
        if (fold(p.identity.name) == folded) return &p.identity;
    return nullptr;
}

void Lobby::presence(const Identity& identity, int lobby_delta, int table_delta,
                     LobbyClient* client) {
    if (identity.player == 0) return;  // no session: watching only, not counted
    auto [it, fresh] = players_.try_emplace(identity.player);
    Player& p = it->second;
    if (fresh) ++online_;
    // A guest who registered comes back under a new name with the same id. Only a socket that
    // opens renames: the guest socket's close, which may reach us after the new socket's
    // open, still carries the old name.
    const bool opening = lobby_delta > 0 || table_delta > 0;
    if (fresh || (opening && p.identity.name != identity.name)) {
        if (!fresh)
            std::erase_if(online_names_,
                          [&](const auto& n) { return n.second == identity.player; });
        p.identity = identity;
        online_names_[fold(identity.name)] = identity.player;
    }
    if (lobby_delta > 0) p.clients.push_back(client);
    if (lobby_delta < 0) std::erase(p.clients, client);
    // The other nodes know who is in the lobby here (challenges by name).
    if (lobby_delta > 0 && p.clients.size() == 1) publish_presence(identity, true);
    if (lobby_delta < 0 && p.clients.empty()) publish_presence(p.identity, false);
    p.table_sockets = std::max(0, p.table_sockets + table_delta);
    // Quick waiting lasts while a lobby socket of the player is open.
    if (p.clients.empty()) quick_.drop(identity.player);
    if (p.clients.empty() && p.table_sockets == 0) went_offline(identity.player);
}

void Lobby::went_offline(int64_t player) {
    const auto it = players_.find(player);
    if (it == players_.end()) return;
    const std::string key = fold(it->second.identity.name);
    if (const auto n = online_names_.find(key); n != online_names_.end() && n->second == player)
        online_names_.erase(n);
    players_.erase(it);
    --online_;
    seeks_.remove_of(player);
    challenges_.end_live_of(player);
}

bool Lobby::spend(LobbyClient& client) {
    const auto it = clients_.find(&client);
    if (it == clients_.end()) return false;
    Bucket& b = it->second;
    const int64_t now = services_.now();
    b.tokens = std::min(limits_.message_burst,
                        b.tokens + (now - b.updated) * limits_.messages_per_second / 1000.0);
    b.updated = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
}

// Step 2: messages.

void Lobby::on_message(LobbyClient& client, const std::string& text) {
    try {
        if (!clients_.count(&client))
            throw ApiError(ErrorCode::NotFound, "this connection is not in the lobby; reconnect");
        if (text.size() > limits_.max_message_bytes)
            throw ApiError(ErrorCode::TooLarge, "lobby messages are limited to " +
                                                    std::to_string(limits_.max_message_bytes) +
                                                    " bytes");
        if (!spend(client)) throw ApiError(ErrorCode::RateLimited, "too many messages; slow down");
        const json msg = parse_json(text);
        if (!msg.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
        handle(client, msg);
    } catch (const ApiError& e) {
        error(client, e);
    } catch (const core::SetupError& e) {
        error(client, ApiError(ErrorCode::BadSetup, e.what()));
    } catch (const std::exception& e) {
        std::cerr << "lobby: message failed: " << utf8_safe(e.what()) << '\n';
        error(client, ApiError(ErrorCode::Internal, "the server failed to handle the message"));
    }
}

void Lobby::handle(LobbyClient& client, const json& msg) {
    const std::string type = get_string(msg, "type", "");
    if (type == "ping") return client.deliver(text_of({{"type", "pong"}}));
    if (type == "seek") return seeks_.on_seek(client, msg);
    if (type == "accept") return seeks_.on_accept(client, msg);
    if (type == "cancel_seek") return seeks_.on_cancel(client, msg);
    if (type == "seek_page") {
        const int64_t offset = get_int(msg, "offset", 0);
        if (offset < 0) throw ApiError(ErrorCode::BadRequest, "offset must be 0 or more");
        return client.deliver(text_of(seeks_.page_json(static_cast<size_t>(offset))));
    }
    if (type == "quick") return quick_.on_quick(client, msg);
    if (type == "quick_cancel") return quick_.on_cancel(client);
    if (type == "challenge") return challenges_.on_challenge(client, msg);
    if (type == "challenge_reply") return challenges_.on_reply(client, msg);
    if (type == "challenge_cancel") return challenges_.on_cancel(client, msg);
    if (type.empty()) throw ApiError(ErrorCode::BadRequest, "field \"type\" is missing");
    throw ApiError(ErrorCode::BadRequest, "unknown message type \"" + utf8_safe(type, 40) + "\"");
}

// Step 3: making the table, time.

void Lobby::pair(PairingOrder order, std::function<void(const ApiError&)> failed) {
    pair_players(std::move(order), [failed](const PairingOutcome& out) {
        if (out.error) failed(*out.error);
    });
}

void Lobby::pair_players(PairingOrder order, std::function<void(const PairingOutcome&)> done) {
    // A player paired here stops waiting for a quick pairing elsewhere.
    for (const Identity& seat : order.seats) quick_.drop(seat.player);
    std::vector<int64_t> seats;
    for (const Identity& seat : order.seats) seats.push_back(seat.player);
    std::weak_ptr<const int> life = life_;
    services_.create_table(std::move(order), [this, life, seats, done](PairingOutcome out) {
        if (life.expired()) return;
        if (out.error || out.tokens.size() != seats.size()) {
            if (!out.error) out.error = ApiError(ErrorCode::Internal, "the table was not made");
            return done(out);
        }
        for (size_t i = 0; i < seats.size(); ++i)
            send(seats[i], text_of({{"type", "paired"},
                                    {"table", out.table},
                                    {"seat", i},
                                    {"token", out.tokens[i]}}));
        done(out);
    });
}

void Lobby::tell(int64_t player, const json& msg) {
    send(player, text_of(msg));
}

void Lobby::tick() {
    const int64_t now = services_.now();
    seeks_.expire(now);
    challenges_.expire(now);
    quick_.run();
    // Left games against the computer whose turn just ended: their players' lists change.
    std::set<int64_t> turn_ended;
    while (!turn_ends_.empty() && turn_ends_.begin()->first <= now) {
        turn_ended.insert(turn_ends_.begin()->second);
        turn_ends_.erase(turn_ends_.begin());
    }
    for (int64_t player : turn_ended) send_games(player);
    expire_nodes();
    publish_online(false);
    if (online_total() != online_sent_) {
        online_sent_ = online_total();
        broadcast({{"type", "online"}, {"count", online_sent_}});
    }
}

// Step 4: sending.

void Lobby::send(int64_t player, const std::shared_ptr<const std::string>& text) {
    // The player's lobby sockets on other nodes get it too (lobby/remote.cpp).
    if (remote_players_.count(player))
        publish({{"k", "deliver"}, {"p", player}, {"text", *text}}, {});
    send_here(player, text);
}

void Lobby::send_here(int64_t player, const std::shared_ptr<const std::string>& text) {
    const Player* p = find_player(player);
    if (!p) return;
    for (LobbyClient* c : p->clients) c->deliver(text);
}

void Lobby::broadcast(const json& msg) {
    const auto text = text_of(msg);
    for (const auto& [client, bucket] : clients_) client->deliver(text);
}

void Lobby::error(LobbyClient& client, const ApiError& e) {
    client.deliver(error_message(e));
}

std::shared_ptr<const std::string> Lobby::error_message(const ApiError& e) {
    count_error(metrics_, e.code());
    return std::make_shared<const std::string>(error_text(e));
}

}  // namespace reversi::server
