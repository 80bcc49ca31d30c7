// SPDX-License-Identifier: MIT
// The lobby's challenges (lobby/challenges.h). Accepting ends the challenge first, so both
// players' views drop it before `paired` comes.
#include "server/lobby/challenges.h"

#include <algorithm>
#include <iostream>
#include <optional>

#include "server/lobby/fields.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

using namespace lobby_fields;

namespace {

// Other nodes' challenges kept here, whatever they send.
constexpr size_t MaxRemoteChallenges = 50'000;
// Ended challenges remembered for a late reply.
constexpr size_t EndedKept = 256;

}  // namespace

void Challenges::on_challenge(LobbyClient& client, const json& msg) {
    const Identity& me = lobby_player(client);
    const LobbyServices& services = room_.services();
    const LobbyLimits& limits = room_.limits();
    const std::string to = get_string(msg, "to", "");
    if (to.empty() || to.size() > 80)
        throw ApiError(ErrorCode::BadRequest, "field \"to\" must name a player");
    Challenge c;
    c.setup = offer_setup(msg, services.random());
    c.clock = offer_clock(msg);
    c.rated = get_bool(msg, "rated", false);
    rated_pool(c.setup, c.clock, c.rated, me);
    const Identity* target_id = room_.in_lobby(fold(to));
    // A correspondence game waits days for each move: its challenge waits for a registered
    // player who is away, and they find it when they next open the lobby.
    std::optional<Identity> away;
    if (!target_id && c.clock.correspondence() && services.account) {
        away = services.account(to);
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
    if (sent >= limits.challenges_per_player)
        throw ApiError(
            ErrorCode::NotAllowed,
            "at most " + std::to_string(limits.challenges_per_player) + " pending challenges");
    if (from_address >= limits.challenges_per_address)
        throw ApiError(ErrorCode::RateLimited, "at most " +
                                                   std::to_string(limits.challenges_per_address) +
                                                   " pending challenges from one address");
    if (to_them >= limits.challenges_to_player_per_sender)
        throw ApiError(ErrorCode::NotAllowed, "you already have " + std::to_string(to_them) +
                                                  " challenges waiting for " + utf8_safe(to, 40) +
                                                  "; wait for an answer");
    if (received >= limits.challenges_to_player)
        throw ApiError(ErrorCode::Busy, utf8_safe(to, 40) + " has too many challenges waiting");
    c.id = room_.new_offer_id('c');
    c.from = me;
    c.from_address = client.address();
    c.to = *target_id;
    c.expires =
        services.now() + (c.clock.correspondence()
                              ? std::max(limits.challenge_ms, int64_t{c.clock.seconds} * 1000)
                              : limits.challenge_ms);
    hold(std::move(c));
}

json Challenges::incoming_json(const Challenge& c) {
    return {{"type", "challenge"},
            {"id", c.id},
            {"setup", setup_json(c.setup)},
            {"clock", clock_spec_json(c.clock)},
            {"rated", c.rated},
            {"from", c.from.name},
            {"from_bot", c.from.bot}};
}

void Challenges::hold(Challenge c) {
    const LobbyServices& services = room_.services();
    const json incoming = incoming_json(c);
    json outgoing = incoming;
    outgoing.erase("from");
    outgoing.erase("from_bot");
    outgoing["type"] = "challenge_sent";
    outgoing["to"] = c.to.name;
    outgoing["to_bot"] = c.to.bot;
    if (c.clock.correspondence() && services.keep_challenge) {
        const auto who = [](const Identity& i) {
            return json{{"p", i.player}, {"name", i.name}, {"guest", i.guest}, {"bot", i.bot}};
        };
        const json doc = {{"from", who(c.from)},
                          {"to", who(c.to)},
                          {"from_address", c.from_address},
                          {"setup", setup_json(c.setup)},
                          {"clock", clock_spec_json(c.clock)},
                          {"rated", c.rated}};
        services.keep_challenge(
            {c.id, services.node, doc.dump(), services.wall_now() + (c.expires - services.now())});
    }
    const int64_t from = c.from.player, target_player = c.to.player;
    // Stored, so a lobby tab opened later on another node shows it.
    room_.publish({{"k", "chal+"}, {"id", c.id}, {"to", c.to.player}, {"challenge", incoming}}, {});
    challenges_.emplace(c.id, std::move(c));
    room_.send(target_player, text_of(incoming));
    room_.send(from, text_of(outgoing));
}

void Challenges::restore(const std::vector<StoredChallenge>& rows) {
    const LobbyServices& services = room_.services();
    const int64_t wall = services.wall_now();
    for (const StoredChallenge& row : rows) {
        if (services.forget_challenge) services.forget_challenge(row.id);
        Challenge c;
        try {
            const json doc = json::parse(row.challenge);
            if (row.expires <= wall) continue;  // its days ran out while the server was down
            c.from = identity_field(doc, "from");
            c.to = identity_field(doc, "to");
            c.from.bot = doc.at("from").value("bot", false);
            c.to.bot = doc.at("to").value("bot", false);
            c.from_address = doc.value("from_address", "");
            c.setup = offer_setup(doc, services.random());
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
        c.id = room_.new_offer_id('c');
        c.expires = services.now() + (row.expires - wall);
        hold(std::move(c));
    }
}

void Challenges::end_all_of(int64_t player) {
    std::vector<std::string> ids;
    for (const auto& [id, c] : challenges_)
        if (c.from.player == player || c.to.player == player) ids.push_back(id);
    for (const std::string& id : ids) end(id, "cancelled");
}

void Challenges::end_live_of(int64_t player) {
    std::vector<std::string> ids;
    for (const auto& [id, c] : challenges_)
        if ((c.from.player == player || c.to.player == player) && !c.clock.correspondence())
            ids.push_back(id);
    for (const std::string& id : ids) end(id, "cancelled");
}

void Challenges::expire(int64_t now) {
    std::vector<std::string> old;
    for (const auto& [id, c] : challenges_)
        if (c.expires <= now) old.push_back(id);
    for (const std::string& id : old) end(id, "expired");
}

void Challenges::send_waiting(LobbyClient& client) const {
    const int64_t player = client.who().player;
    if (player == 0) return;
    for (const auto& [id, c] : challenges_)
        if (c.to.player == player)
            client.deliver(text_of({{"type", "challenge"},
                                    {"id", c.id},
                                    {"from", c.from.name},
                                    {"setup", setup_json(c.setup)},
                                    {"clock", clock_spec_json(c.clock)},
                                    {"rated", c.rated}}));
    for (const auto& [id, c] : remote_challenges_)
        if (c.to == player) client.deliver(text_of(c.incoming));
}

void Challenges::end(const std::string& id, const char* reason) {
    const auto it = challenges_.find(id);
    if (it == challenges_.end()) return;
    const int64_t from = it->second.from.player, to = it->second.to.player;
    if (it->second.clock.correspondence() && room_.services().forget_challenge)
        room_.services().forget_challenge(id);
    challenges_.erase(it);
    room_.publish({{"k", "chal-"}, {"id", id}}, {});
    // Every lobby socket of both players drops it from its views (bar, badge, lists).
    const auto text = text_of({{"type", "challenge_gone"}, {"id", id}, {"reason", reason}});
    room_.send(from, text);
    room_.send(to, text);
    ended_.emplace_back(id, reason);
    while (ended_.size() > EndedKept) ended_.pop_front();
}

void Challenges::not_pending(const Identity& me, const std::string& id) {
    std::string reason;
    for (const auto& [old, why] : ended_)
        if (old == id) reason = why;
    if (reason.empty()) throw ApiError(ErrorCode::NotFound, "no pending challenge " + id);
    // A view that still shows it (a tab that missed the message) drops it now.
    room_.send(me.player, text_of({{"type", "challenge_gone"}, {"id", id}, {"reason", reason}}));
    throw ApiError(ErrorCode::NotFound,
                   "the challenge " + id + " is no longer pending (" + reason + ")");
}

void Challenges::on_reply(LobbyClient& client, const json& msg) {
    const Identity& me = lobby_player(client);
    const std::string id = id_field(msg);
    const auto accept = msg.find("accept");
    if (accept == msg.end() || !accept->is_boolean())
        throw ApiError(ErrorCode::BadRequest, "field \"accept\" must be true or false");
    answer(me, client.address(), id, accept->get<bool>());
}

void Challenges::answer(const Identity& me, const std::string& address, const std::string& id,
                        bool accept) {
    if (me.player == 0) throw ApiError(ErrorCode::NotAllowed, "log in to answer a challenge");
    if (id.empty() || id.size() > 24)
        throw ApiError(ErrorCode::BadRequest, "a challenge id is short text");
    // A challenge from a player on another node: that node holds it (lobby/remote.cpp).
    if (const std::string node = offer_node(id); !node.empty() && node != room_.services().node)
        return room_.publish(
            {{"k", "reply"},
             {"to", node},
             {"id", id},
             {"accept", accept},
             {"who", {{"p", me.player}, {"name", me.name}, {"guest", me.guest}, {"a", address}}}},
            {});
    reply(me, address, id, accept);
}

void Challenges::reply(const Identity& me, const std::string& address, const std::string& id,
                       bool accept) {
    const auto it = challenges_.find(id);
    if (it == challenges_.end()) return not_pending(me, id);
    if (it->second.to.player != me.player)
        throw ApiError(ErrorCode::NotYourSeat, "only the challenged player can answer");
    if (!accept) return end(id, "declined");
    const Challenge c = it->second;
    if (c.rated)
        if (const std::string why = room_.limits().rated_meeting.problem(
                {{c.from.player, c.from_address}, {me.player, address}});
            !why.empty())
            throw ApiError(ErrorCode::NotAllowed, why);
    end(id, "accepted");  // both players' views drop it before `paired` comes
    PairingOrder order;
    order.setup = c.setup;
    order.clock = c.clock;
    order.rated = c.rated;
    const bool from_black = room_.services().random() % 2;
    order.seats =
        from_black ? std::vector<Identity>{c.from, c.to} : std::vector<Identity>{c.to, c.from};
    order.addresses = from_black ? std::vector<std::string>{c.from_address, address}
                                 : std::vector<std::string>{address, c.from_address};
    room_.pair(std::move(order), [this, life = room_.life(), c](const ApiError& e) {
        if (life.expired()) return;
        const auto text = room_.error_message(e);
        room_.send(c.from.player, text);
        room_.send(c.to.player, text);
    });
}

void Challenges::on_cancel(LobbyClient& client, const json& msg) {
    const Identity& me = lobby_player(client);
    const std::string id = id_field(msg);
    const auto it = challenges_.find(id);
    if (it == challenges_.end()) return not_pending(me, id);
    if (it->second.from.player != me.player)
        throw ApiError(ErrorCode::NotYourSeat, "only the challenger can cancel a challenge");
    end(id, "cancelled");
}

void Challenges::remote_event(const std::string& node, const json& event) {
    const std::string id = text_field(event, "id", 64);
    if (offer_node(id) != node)
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

void Challenges::drop_node(const std::string& node) {
    std::vector<std::string> challenges;
    for (const auto& [id, c] : remote_challenges_)
        if (c.node == node) challenges.push_back(id);
    for (const std::string& id : challenges) {
        const int64_t to = remote_challenges_.at(id).to;
        remote_challenges_.erase(id);
        // This node's sockets only: every node tells its own.
        room_.send_here(to,
                        text_of({{"type", "challenge_gone"}, {"id", id}, {"reason", "cancelled"}}));
    }
}

}  // namespace reversi::server
