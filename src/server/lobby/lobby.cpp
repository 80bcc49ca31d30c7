// SPDX-License-Identifier: MIT
// The lobby: connections and presence, seeks, quick pairing and challenges. Each handler
// reads and checks the whole message first and throws ApiError before it changes anything;
// on_message turns whatever a handler throws into one error to that socket. A pairing takes
// its offer out at once (nobody else can accept it meanwhile) and puts it back when the hub
// could not make the table.
#include "server/lobby/lobby.h"

#include <algorithm>
#include <cctype>
#include <iostream>

#include "server/lobby/fields.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

using namespace lobby_fields;

Lobby::Lobby(LobbyServices services, LobbyLimits limits)
    : services_(std::move(services)), limits_(limits), quick_({}, limits_.rated_meeting) {
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
    json page = seek_page_json(0);
    json msg = {{"type", "lobby"},
                {"seeks", std::move(page["seeks"])},
                {"seeks_total", page["total"]},
                {"seeks_per_page", limits_.seeks_per_page},
                {"online", online_total()},
                {"me", services_.me(client.who())},
                {"games", games_json(client.who().player)}};
    send(client, msg);
    if (const QuickEntry* q = quick_.find(client.who().player))
        send(client, quick_waiting_json(*q, services_.now()));
    // Challenges waiting for this player, so a new tab shows them too.
    for (const auto& [id, c] : challenges_)
        if (c.to.player == client.who().player && client.who().player != 0)
            send(client, {{"type", "challenge"},
                          {"id", c.id},
                          {"from", c.from.name},
                          {"setup", setup_json(c.setup)},
                          {"clock", clock_spec_json(c.clock)},
                          {"rated", c.rated}});
    send_remote_challenges(client);
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

Lobby::Player* Lobby::find_player(int64_t id) {
    const auto it = players_.find(id);
    return it == players_.end() ? nullptr : &it->second;
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
    if (p.clients.empty()) drop_quick(identity.player);
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
    std::vector<std::string> seeks;
    for (const auto& [id, s] : seeks_)
        if (s.owner.player == player) seeks.push_back(id);
    for (const std::string& id : seeks) remove_seek(id);
    for (const std::string& id : live_challenges_of(player)) end_challenge(id, "cancelled");
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

const Identity& Lobby::player_of(LobbyClient& client) const {
    if (client.who().player == 0)
        throw ApiError(ErrorCode::NotAllowed, "the lobby needs a session; reload the page");
    return client.who();
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
    if (type == "ping") return send(client, {{"type", "pong"}});
    if (type == "seek") return on_seek(client, msg);
    if (type == "accept") return on_accept(client, msg);
    if (type == "cancel_seek") return on_cancel_seek(client, msg);
    if (type == "seek_page") {
        const int64_t offset = get_int(msg, "offset", 0);
        if (offset < 0) throw ApiError(ErrorCode::BadRequest, "offset must be 0 or more");
        return send(client, seek_page_json(static_cast<size_t>(offset)));
    }
    if (type == "quick") return on_quick(client, msg);
    if (type == "quick_cancel") return on_quick_cancel(client);
    if (type == "challenge") return on_challenge(client, msg);
    if (type == "challenge_reply") return on_challenge_reply(client, msg);
    if (type == "challenge_cancel") return on_challenge_cancel(client, msg);
    if (type.empty()) throw ApiError(ErrorCode::BadRequest, "field \"type\" is missing");
    throw ApiError(ErrorCode::BadRequest, "unknown message type \"" + utf8_safe(type, 40) + "\"");
}

// Step 3: seeks.

void Lobby::on_seek(LobbyClient& client, const json& msg) {
    const Identity& me = player_of(client);
    Seek seek;
    seek.setup = offer_setup(msg, services_.random());
    seek.clock = offer_clock(msg);
    seek.rated = get_bool(msg, "rated", false);
    seek.pool = rated_pool(seek.setup, seek.clock, seek.rated, me);
    seek.seat = get_string(msg, "seat", "random");
    if (seek.seat != "black" && seek.seat != "white" && seek.seat != "random")
        throw ApiError(ErrorCode::BadRequest, "seat must be \"black\", \"white\" or \"random\"");
    int mine = 0;
    for (const auto& [id, s] : seeks_) {
        if (s.owner.player != me.player) continue;
        ++mine;
        if (!seek.pool.empty() && s.pool == seek.pool)
            throw ApiError(ErrorCode::NotAllowed,
                           "you already have an open seek in the " + seek.pool + " pool");
    }
    if (mine >= limits_.seeks_per_player)
        throw ApiError(
            ErrorCode::NotAllowed,
            "at most " + std::to_string(limits_.seeks_per_player) + " open seeks per player");
    const auto from_address = std::count_if(seeks_.begin(), seeks_.end(), [&](const auto& s) {
        return s.second.owner_address == client.address();
    });
    if (from_address >= limits_.seeks_per_address)
        throw ApiError(ErrorCode::RateLimited, "at most " +
                                                   std::to_string(limits_.seeks_per_address) +
                                                   " open seeks from one address");
    if (static_cast<int>(seeks_.size()) >= limits_.max_seeks)
        throw ApiError(ErrorCode::Busy, "the lobby is full; try again later");
    seek.id = new_offer_id('s');
    seek.owner = me;
    seek.owner_address = client.address();
    seek.expires = services_.now() + limits_.seek_ms;
    json rating = nullptr, provisional = nullptr;
    if (!seek.pool.empty()) {
        const LobbyRating r = services_.rating(me, seek.pool);
        rating = r.rating;
        provisional = r.provisional;
    }
    seek.view = {{"id", seek.id},
                 {"player", me.name},
                 {"bot", me.bot},
                 {"rating", rating},
                 {"provisional", provisional},
                 {"setup", setup_json(seek.setup)},
                 {"clock", clock_spec_json(seek.clock)},
                 {"rated", seek.rated},
                 {"pool", seek.pool.empty() ? json(nullptr) : json(seek.pool)},
                 {"seat", seek.seat},
                 {"created", services_.wall_now()}};
    const json added = {{"type", "seek_added"}, {"seek", seek.view}};
    const std::string id = seek.id;
    const int64_t owner = me.player;
    publish({{"k", "seek+"}, {"id", id}, {"owner", owner}, {"seek", seek.view}},
            [this, life = std::weak_ptr<const int>(life_), id, owner] {
                // Not stored, so not shown on the other nodes: not shown here either.
                if (life.expired() || !seeks_.count(id)) return;
                remove_seek(id);
                send(owner, error_message(ApiError(ErrorCode::Internal,
                                                   "the seek could not be stored; try again")));
            });
    seeks_.emplace(seek.id, std::move(seek));
    broadcast(added);
}

json Lobby::seek_page_json(size_t offset) const {
    // Oldest first (ids count up: a shorter id is older), this node's then the others': a
    // page is a window of that order.
    std::vector<std::pair<const std::string*, const json*>> order;
    for (const auto& [id, seek] : seeks_) order.emplace_back(&id, &seek.view);
    const auto older = [](const auto& a, const auto& b) {
        return a.first->size() != b.first->size() ? a.first->size() < b.first->size()
                                                  : *a.first < *b.first;
    };
    std::sort(order.begin(), order.end(), older);
    const size_t local = order.size();
    for (const auto& [id, seek] : remote_seeks_) order.emplace_back(&id, &seek.view);
    std::sort(order.begin() + static_cast<std::ptrdiff_t>(local), order.end(), older);
    json seeks = json::array();
    for (size_t i = offset; i < order.size() && seeks.size() < limits_.seeks_per_page; ++i)
        seeks.push_back(*order[i].second);
    return {{"type", "seek_page"}, {"offset", offset}, {"total", order.size()}, {"seeks", seeks}};
}

void Lobby::remove_seek(const std::string& id) {
    if (!seeks_.erase(id)) return;
    publish({{"k", "seek-"}, {"id", id}});
    broadcast({{"type", "seek_removed"}, {"id", id}});
}

void Lobby::on_cancel_seek(LobbyClient& client, const json& msg) {
    const Identity& me = player_of(client);
    const std::string id = id_field(msg);
    const auto it = seeks_.find(id);
    if (it == seeks_.end()) throw ApiError(ErrorCode::NotFound, "no open seek " + id);
    if (it->second.owner.player != me.player)
        throw ApiError(ErrorCode::NotYourSeat, "only its player can cancel a seek");
    remove_seek(id);
}

void Lobby::on_accept(LobbyClient& client, const json& msg) {
    const Identity& me = player_of(client);
    const std::string id = id_field(msg);
    // Another node's seek: that node pairs (lobby/remote.cpp); errors come back to `me`.
    if (!seeks_.count(id) && remote_seeks_.count(id)) {
        if (!may_play_rated(me) && remote_seeks_.at(id).view.value("rated", false))
            throw ApiError(ErrorCode::BadRequest, RatedNeedsRegistration);
        if (remote_seeks_.at(id).owner == me.player)
            throw ApiError(ErrorCode::NotAllowed, "you cannot accept your own seek");
        return publish({{"k", "accept"},
                        {"to", remote_seeks_.at(id).node},
                        {"id", id},
                        {"who",
                         {{"p", me.player},
                          {"name", me.name},
                          {"guest", me.guest},
                          {"a", client.address()}}}});
    }
    accept_seek(me, client.address(), id);
}

void Lobby::accept_seek(const Identity& me, const std::string& address, const std::string& id) {
    const auto it = seeks_.find(id);
    if (it == seeks_.end()) throw ApiError(ErrorCode::NotFound, "no open seek " + id);
    const Seek& seek = it->second;
    if (seek.owner.player == me.player)
        throw ApiError(ErrorCode::NotAllowed, "you cannot accept your own seek");
    if (seek.rated && !may_play_rated(me))
        throw ApiError(ErrorCode::BadRequest, RatedNeedsRegistration);
    if (seek.rated)
        if (const std::string why = limits_.rated_meeting.problem(
                {{seek.owner.player, seek.owner_address}, {me.player, address}});
            !why.empty())
            throw ApiError(ErrorCode::NotAllowed, why);
    const bool owner_black =
        seek.seat == "black" || (seek.seat == "random" && services_.random() % 2);
    PairingOrder order;
    order.setup = seek.setup;
    order.clock = seek.clock;
    order.rated = seek.rated;
    order.seats =
        owner_black ? std::vector<Identity>{seek.owner, me} : std::vector<Identity>{me, seek.owner};
    order.addresses = owner_black ? std::vector<std::string>{seek.owner_address, address}
                                  : std::vector<std::string>{address, seek.owner_address};
    Seek taken = seek;
    remove_seek(id);
    const int64_t asker = me.player;
    std::weak_ptr<const int> life = life_;
    pair(std::move(order), [this, life, taken, asker](const ApiError& e) mutable {
        if (life.expired()) return;
        // Nothing was made: the seek is open again while its player is online.
        if (find_player(taken.owner.player) && !seeks_.count(taken.id)) {
            const json added = {{"type", "seek_added"}, {"seek", taken.view}};
            seeks_.emplace(taken.id, std::move(taken));
            broadcast(added);
        }
        // To the acceptor's lobby sockets: the one that asked may have closed meanwhile.
        send(asker, error_message(e));
    });
}

// Step 4: quick pairing.

void Lobby::on_quick(LobbyClient& client, const json& msg) {
    const Identity& me = player_of(client);
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
    entry.rating = services_.rating(me, entry.pool).rating;
    entry.since = services_.now();
    // The address keeps two accounts of one address apart (QuickQueue, RatedMeetingRule).
    entry.address = client.address();
    quick_.add(entry);
    if (shared_quick()) publish_quick(entry, me);
    if (Player* p = find_player(me.player)) p->quick_window_sent = -1;
    run_quick_matches();
}

void Lobby::on_quick_cancel(LobbyClient& client) {
    const Identity& me = player_of(client);
    if (!quick_.find(me.player)) throw ApiError(ErrorCode::NotFound, "you are not waiting");
    stop_quick(me.player);
}

void Lobby::stop_quick(int64_t player) {
    drop_quick(player);
    if (find_player(player)) send(player, text_of({{"type", "quick_stopped"}}));
}

bool Lobby::drop_quick(int64_t player) {
    if (!quick_.remove(player)) return false;
    if (Player* p = find_player(player)) p->quick_window_sent = -1;
    if (shared_quick()) publish({{"k", "quick-"}, {"p", player}});
    return true;
}

void Lobby::run_quick_matches() {
    const int64_t now = services_.now();
    // Across nodes the shared queue pairs (the bus's thread, lobby/shared.cpp).
    if (!shared_quick())
        for (const std::vector<QuickEntry>& group : quick_.match(now)) {
            std::vector<Identity> seats;
            std::vector<std::string> addresses;
            for (const QuickEntry& e : group) {
                if (metrics_) metrics_->pairing_seconds.observe((now - e.since) / 1000.0);
                const Player* p = find_player(e.player);
                seats.push_back(p ? p->identity : Identity{e.player, "", true});
                addresses.push_back(e.address);
            }
            pair_quick(group.front(), std::move(seats), std::move(addresses));
        }
    // Those still waiting are told when their window has grown or others came or went.
    for (const QuickEntry& e : quick_.entries()) {
        Player* p = find_player(e.player);
        const double window = e.rated ? quick_.window(e, now) : 0;  // casual: none to tell
        const int seeking = quick_.seeking(e);
        if (!p || (p->quick_window_sent == window && p->quick_seeking_sent == seeking)) continue;
        p->quick_window_sent = window;
        p->quick_seeking_sent = seeking;
        send(e.player, text_of(quick_waiting_json(e, now)));
    }
}

json Lobby::quick_waiting_json(const QuickEntry& e, int64_t now) const {
    // any_rating_at is steady time; the page gets wall time, like every other time it shows.
    // A casual wait (a guest's) has no rating to match: no window, no widening.
    const auto at = e.rated ? quick_.any_rating_at(e) : std::nullopt;
    return {{"type", "quick_waiting"},
            {"pool", e.pool},
            {"preset", e.preset},
            {"window", e.rated ? json(quick_.window(e, now)) : json(nullptr)},
            {"seeking", quick_.seeking(e)},
            {"any_rating_at", at ? json(*at - now + services_.wall_now()) : json(nullptr)}};
}

void Lobby::pair_quick(const QuickEntry& kind, std::vector<Identity> seats,
                       std::vector<std::string> addresses) {
    PairingOrder order;
    order.setup = *pool_setup(kind.pool);
    order.clock = *preset_clock(kind.preset);
    order.rated = kind.rated;
    addresses.resize(seats.size());
    // Seats in a random order: nobody is Black for having waited longest.
    for (size_t i = seats.size(); i > 1; --i) {
        const size_t j = services_.random() % i;
        std::swap(seats[i - 1], seats[j]);
        std::swap(addresses[i - 1], addresses[j]);
    }
    order.addresses = std::move(addresses);
    std::vector<int64_t> members;
    for (const Identity& who : seats) members.push_back(who.player);
    order.seats = std::move(seats);
    std::weak_ptr<const int> life = life_;
    pair(std::move(order), [this, life, members](const ApiError& e) {
        if (life.expired()) return;
        const auto text = error_message(e);
        for (int64_t m : members) {
            send(m, text);
            // A member waiting on another node was taken from the shared queue there too.
            if (find_player(m))
                stop_quick(m);
            else
                send(m, text_of({{"type", "quick_stopped"}}));
        }
    });
}

// Step 6: making the table, running games, time.

void Lobby::pair(PairingOrder order, std::function<void(const ApiError&)> failed) {
    pair_players(std::move(order), [failed](const PairingOutcome& out) {
        if (out.error) failed(*out.error);
    });
}

void Lobby::pair_players(PairingOrder order, std::function<void(const PairingOutcome&)> done) {
    // A player paired here stops waiting for a quick pairing elsewhere.
    for (const Identity& seat : order.seats) drop_quick(seat.player);
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
    std::vector<std::string> old_seeks, old_challenges;
    for (const auto& [id, s] : seeks_)
        if (s.expires <= now) old_seeks.push_back(id);
    for (const auto& [id, c] : challenges_)
        if (c.expires <= now) old_challenges.push_back(id);
    for (const std::string& id : old_seeks) remove_seek(id);
    for (const std::string& id : old_challenges) end_challenge(id, "expired");
    run_quick_matches();
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

// Step 7: sending.

void Lobby::send(int64_t player, const std::shared_ptr<const std::string>& text) {
    // The player's lobby sockets on other nodes get it too (lobby/remote.cpp).
    if (remote_players_.count(player)) publish({{"k", "deliver"}, {"p", player}, {"text", *text}});
    const Player* p = find_player(player);
    if (!p) return;
    for (LobbyClient* c : p->clients) c->deliver(text);
}

void Lobby::send(LobbyClient& client, const json& msg) {
    client.deliver(text_of(msg));
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
