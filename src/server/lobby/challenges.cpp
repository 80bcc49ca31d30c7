// SPDX-License-Identifier: MIT
// The lobby's challenges: one player asks a named player for a game, who accepts or declines;
// the challenger may cancel, and a challenge expires (docs/SITE.md "Challenges").
#include <algorithm>
#include <iostream>
#include <optional>

#include "server/lobby/fields.h"
#include "server/lobby/lobby.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

using namespace lobby_fields;

void Lobby::on_challenge(LobbyClient& client, const json& msg) {
    const Identity& me = player_of(client);
    const std::string to = get_string(msg, "to", "");
    if (to.empty() || to.size() > 80)
        throw ApiError(ErrorCode::BadRequest, "field \"to\" must name a player");
    Challenge c;
    c.setup = offer_setup(msg, services_.random());
    c.clock = offer_clock(msg);
    c.rated = get_bool(msg, "rated", false);
    rated_pool(c.setup, c.clock, c.rated, me);
    const auto target = online_names_.find(fold(to));
    const Player* other = target == online_names_.end() ? nullptr : find_player(target->second);
    const Identity* target_id =
        other && !other->clients.empty() ? &other->identity : remote_player_named(fold(to));
    // A correspondence game waits days for each move: its challenge waits for a registered
    // player who is away, and they find it when they next open the lobby.
    std::optional<Identity> away;
    if (!target_id && c.clock.correspondence() && services_.account) {
        away = services_.account(to);
        if (away && !away->guest) target_id = &*away;
    }
    if (!target_id)
        throw ApiError(ErrorCode::Offline, utf8_safe(to, 40) + " is not in the lobby now");
    if (target_id->player == me.player)
        throw ApiError(ErrorCode::NotAllowed, "you cannot challenge yourself");
    if (c.rated && !may_play_rated(*target_id))
        throw ApiError(ErrorCode::BadRequest, RatedNeedsRegistration);
    int sent = 0, received = 0, from_address = 0, to_them = 0;
    for (const auto& [id, x] : challenges_) {
        sent += x.from.player == me.player;
        received += x.to.player == target_id->player;
        from_address += x.from_address == client.address();
        to_them += x.to.player == target_id->player &&
                   (x.from.player == me.player || x.from_address == client.address());
    }
    if (sent >= limits_.challenges_per_player)
        throw ApiError(
            ErrorCode::NotAllowed,
            "at most " + std::to_string(limits_.challenges_per_player) + " pending challenges");
    if (from_address >= limits_.challenges_per_address)
        throw ApiError(ErrorCode::RateLimited, "at most " +
                                                   std::to_string(limits_.challenges_per_address) +
                                                   " pending challenges from one address");
    if (to_them >= limits_.challenges_to_player_per_sender)
        throw ApiError(ErrorCode::NotAllowed, "you already have " + std::to_string(to_them) +
                                                  " challenges waiting for " + utf8_safe(to, 40) +
                                                  "; wait for an answer");
    if (received >= limits_.challenges_to_player)
        throw ApiError(ErrorCode::Busy, utf8_safe(to, 40) + " has too many challenges waiting");
    c.id = new_offer_id('c');
    c.from = me;
    c.from_address = client.address();
    c.to = *target_id;
    c.expires =
        services_.now() + (c.clock.correspondence()
                               ? std::max(limits_.challenge_ms, int64_t{c.clock.seconds} * 1000)
                               : limits_.challenge_ms);
    hold_challenge(std::move(c));
}

json Lobby::incoming_json(const Challenge& c) {
    return {{"type", "challenge"},
            {"id", c.id},
            {"setup", setup_json(c.setup)},
            {"clock", clock_spec_json(c.clock)},
            {"rated", c.rated},
            {"from", c.from.name},
            {"from_bot", c.from.bot}};
}

void Lobby::hold_challenge(Challenge c) {
    const json incoming = incoming_json(c);
    json outgoing = incoming;
    outgoing.erase("from");
    outgoing.erase("from_bot");
    outgoing["type"] = "challenge_sent";
    outgoing["to"] = c.to.name;
    outgoing["to_bot"] = c.to.bot;
    if (c.clock.correspondence() && services_.keep_challenge) {
        const auto who = [](const Identity& i) {
            return json{{"p", i.player}, {"name", i.name}, {"guest", i.guest}, {"bot", i.bot}};
        };
        const json doc = {{"from", who(c.from)},
                          {"to", who(c.to)},
                          {"from_address", c.from_address},
                          {"setup", setup_json(c.setup)},
                          {"clock", clock_spec_json(c.clock)},
                          {"rated", c.rated}};
        services_.keep_challenge({c.id, services_.node, doc.dump(),
                                  services_.wall_now() + (c.expires - services_.now())});
    }
    const int64_t from = c.from.player, target_player = c.to.player;
    publish_challenge(c, incoming);  // stored, so a lobby tab opened later shows it
    challenges_.emplace(c.id, std::move(c));
    send(target_player, text_of(incoming));
    send(from, text_of(outgoing));
}

void Lobby::restore_challenges(const std::vector<StoredChallenge>& rows) {
    const int64_t wall = services_.wall_now();
    for (const StoredChallenge& row : rows) {
        if (services_.forget_challenge) services_.forget_challenge(row.id);
        Challenge c;
        try {
            const json doc = json::parse(row.challenge);
            if (row.expires <= wall) continue;  // its days ran out while the server was down
            c.from = identity_field(doc, "from");
            c.to = identity_field(doc, "to");
            c.from.bot = doc.at("from").value("bot", false);
            c.to.bot = doc.at("to").value("bot", false);
            c.from_address = doc.value("from_address", "");
            c.setup = offer_setup(doc, services_.random());
            c.clock = offer_clock(doc);
            c.rated = doc.value("rated", false);
            if (!c.clock.correspondence()) continue;
        } catch (const std::exception& e) {
            std::cerr << "lobby: stored challenge " << utf8_safe(row.id, 64)
                      << " does not read: " << utf8_safe(e.what()) << '\n';
            continue;
        }
        // A new id of this node (the old one may name a node that is gone, or repeat one of
        // the ids this start hands out), kept in the store under it.
        c.id = new_offer_id('c');
        c.expires = services_.now() + (row.expires - wall);
        hold_challenge(std::move(c));
    }
}

void Lobby::end_challenges_of(int64_t player) {
    std::vector<std::string> ids;
    for (const auto& [id, c] : challenges_)
        if (c.from.player == player || c.to.player == player) ids.push_back(id);
    for (const std::string& id : ids) end_challenge(id, "cancelled");
}

std::vector<std::string> Lobby::live_challenges_of(int64_t player) const {
    std::vector<std::string> ids;
    for (const auto& [id, c] : challenges_)
        if ((c.from.player == player || c.to.player == player) && !c.clock.correspondence())
            ids.push_back(id);
    return ids;
}

void Lobby::end_challenge(const std::string& id, const char* reason) {
    const auto it = challenges_.find(id);
    if (it == challenges_.end()) return;
    const int64_t from = it->second.from.player, to = it->second.to.player;
    if (it->second.clock.correspondence() && services_.forget_challenge)
        services_.forget_challenge(id);
    challenges_.erase(it);
    publish({{"k", "chal-"}, {"id", id}});
    // Every lobby socket of both players drops it from its views (bar, badge, lists).
    const auto text = text_of({{"type", "challenge_gone"}, {"id", id}, {"reason", reason}});
    send(from, text);
    send(to, text);
    ended_challenges_.emplace_back(id, reason);
    while (ended_challenges_.size() > 256) ended_challenges_.pop_front();
}

void Lobby::challenge_not_pending(const Identity& me, const std::string& id) {
    std::string reason;
    for (const auto& [old, why] : ended_challenges_)
        if (old == id) reason = why;
    if (reason.empty()) throw ApiError(ErrorCode::NotFound, "no pending challenge " + id);
    // A view that still shows it (a tab that missed the message) drops it now.
    send(me.player, text_of({{"type", "challenge_gone"}, {"id", id}, {"reason", reason}}));
    throw ApiError(ErrorCode::NotFound,
                   "the challenge " + id + " is no longer pending (" + reason + ")");
}

void Lobby::on_challenge_reply(LobbyClient& client, const json& msg) {
    const Identity& me = player_of(client);
    const std::string id = id_field(msg);
    const auto accept = msg.find("accept");
    if (accept == msg.end() || !accept->is_boolean())
        throw ApiError(ErrorCode::BadRequest, "field \"accept\" must be true or false");
    answer_challenge(me, client.address(), id, accept->get<bool>());
}

void Lobby::answer_challenge(const Identity& me, const std::string& address, const std::string& id,
                             bool accept) {
    if (me.player == 0) throw ApiError(ErrorCode::NotAllowed, "log in to answer a challenge");
    if (id.empty() || id.size() > 24)
        throw ApiError(ErrorCode::BadRequest, "a challenge id is short text");
    // A challenge from a player on another node: that node holds it (lobby/remote.cpp).
    if (const std::string node = node_of_offer(id); !node.empty() && node != services_.node)
        return publish(
            {{"k", "reply"},
             {"to", node},
             {"id", id},
             {"accept", accept},
             {"who", {{"p", me.player}, {"name", me.name}, {"guest", me.guest}, {"a", address}}}});
    reply_challenge(me, address, id, accept);
}

void Lobby::reply_challenge(const Identity& me, const std::string& address, const std::string& id,
                            bool accept) {
    const auto it = challenges_.find(id);
    if (it == challenges_.end()) return challenge_not_pending(me, id);
    if (it->second.to.player != me.player)
        throw ApiError(ErrorCode::NotYourSeat, "only the challenged player can answer");
    if (!accept) return end_challenge(id, "declined");
    const Challenge c = it->second;
    if (c.rated)
        if (const std::string why = limits_.rated_meeting.problem(
                {{c.from.player, c.from_address}, {me.player, address}});
            !why.empty())
            throw ApiError(ErrorCode::NotAllowed, why);
    end_challenge(id, "accepted");  // both players' views drop it before `paired` comes
    PairingOrder order;
    order.setup = c.setup;
    order.clock = c.clock;
    order.rated = c.rated;
    const bool from_black = services_.random() % 2;
    order.seats =
        from_black ? std::vector<Identity>{c.from, c.to} : std::vector<Identity>{c.to, c.from};
    order.addresses = from_black ? std::vector<std::string>{c.from_address, address}
                                 : std::vector<std::string>{address, c.from_address};
    std::weak_ptr<const int> life = life_;
    pair(std::move(order), [this, life, c](const ApiError& e) {
        if (life.expired()) return;
        const auto text = error_message(e);
        send(c.from.player, text);
        send(c.to.player, text);
    });
}

void Lobby::on_challenge_cancel(LobbyClient& client, const json& msg) {
    const Identity& me = player_of(client);
    const std::string id = id_field(msg);
    const auto it = challenges_.find(id);
    if (it == challenges_.end()) return challenge_not_pending(me, id);
    if (it->second.from.player != me.player)
        throw ApiError(ErrorCode::NotYourSeat, "only the challenger can cancel a challenge");
    end_challenge(id, "cancelled");
}

}  // namespace reversi::server
