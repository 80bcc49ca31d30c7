// SPDX-License-Identifier: MIT
// The lobby's seeks (lobby/seeks.h). An accept takes the seek out at once (nobody else can
// accept it meanwhile) and puts it back when the hub could not make the table.
#include "server/lobby/seeks.h"

#include <algorithm>
#include <vector>

#include "server/lobby/fields.h"
#include "server/rating/rated_players.h"

namespace reversi::server {

using namespace lobby_fields;

namespace {

// Remote seeks kept, whatever the other nodes send.
constexpr size_t MaxRemoteSeeks = 50'000;

}  // namespace

void Seeks::on_seek(LobbyClient& client, const json& msg) {
    const Identity& me = lobby_player(client);
    const LobbyServices& services = room_.services();
    const LobbyLimits& limits = room_.limits();
    Seek seek;
    seek.setup = offer_setup(msg, services.random());
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
    if (mine >= limits.seeks_per_player)
        throw ApiError(ErrorCode::NotAllowed, "at most " + std::to_string(limits.seeks_per_player) +
                                                  " open seeks per player");
    const auto from_address = std::count_if(seeks_.begin(), seeks_.end(), [&](const auto& s) {
        return s.second.owner_address == client.address();
    });
    if (from_address >= limits.seeks_per_address)
        throw ApiError(
            ErrorCode::RateLimited,
            "at most " + std::to_string(limits.seeks_per_address) + " open seeks from one address");
    if (static_cast<int>(seeks_.size()) >= limits.max_seeks)
        throw ApiError(ErrorCode::Busy, "the lobby is full; try again later");
    seek.id = room_.new_offer_id('s');
    seek.owner = me;
    seek.owner_address = client.address();
    seek.expires = services.now() + limits.seek_ms;
    json rating = nullptr, provisional = nullptr;
    if (!seek.pool.empty()) {
        const LobbyRating r = services.rating(me, seek.pool);
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
                 {"created", services.wall_now()}};
    const json added = {{"type", "seek_added"}, {"seek", seek.view}};
    const std::string id = seek.id;
    const int64_t owner = me.player;
    room_.publish(
        {{"k", "seek+"}, {"id", id}, {"owner", owner}, {"seek", seek.view}},
        [this, life = room_.life(), id, owner] {
            // Not stored, so not shown on the other nodes: not shown here either.
            if (life.expired() || !seeks_.count(id)) return;
            remove(id);
            room_.send(owner, room_.error_message(ApiError(
                                  ErrorCode::Internal, "the seek could not be stored; try again")));
        });
    seeks_.emplace(seek.id, std::move(seek));
    room_.broadcast(added);
}

json Seeks::page_json(size_t offset) const {
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
    for (size_t i = offset; i < order.size() && seeks.size() < room_.limits().seeks_per_page; ++i)
        seeks.push_back(*order[i].second);
    return {{"type", "seek_page"}, {"offset", offset}, {"total", order.size()}, {"seeks", seeks}};
}

void Seeks::remove(const std::string& id) {
    if (!seeks_.erase(id)) return;
    room_.publish({{"k", "seek-"}, {"id", id}}, {});
    room_.broadcast({{"type", "seek_removed"}, {"id", id}});
}

void Seeks::remove_of(int64_t player) {
    std::vector<std::string> seeks;
    for (const auto& [id, s] : seeks_)
        if (s.owner.player == player) seeks.push_back(id);
    for (const std::string& id : seeks) remove(id);
}

void Seeks::expire(int64_t now) {
    std::vector<std::string> old;
    for (const auto& [id, s] : seeks_)
        if (s.expires <= now) old.push_back(id);
    for (const std::string& id : old) remove(id);
}

void Seeks::on_cancel(LobbyClient& client, const json& msg) {
    const Identity& me = lobby_player(client);
    const std::string id = id_field(msg);
    const auto it = seeks_.find(id);
    if (it == seeks_.end()) throw ApiError(ErrorCode::NotFound, "no open seek " + id);
    if (it->second.owner.player != me.player)
        throw ApiError(ErrorCode::NotYourSeat, "only its player can cancel a seek");
    remove(id);
}

void Seeks::on_accept(LobbyClient& client, const json& msg) {
    const Identity& me = lobby_player(client);
    const std::string id = id_field(msg);
    // Another node's seek: that node pairs (lobby/remote.cpp); errors come back to `me`.
    if (!seeks_.count(id) && remote_seeks_.count(id)) {
        if (!may_play_rated(me) && remote_seeks_.at(id).view.value("rated", false))
            throw ApiError(ErrorCode::BadRequest, RatedNeedsRegistration);
        if (remote_seeks_.at(id).owner == me.player)
            throw ApiError(ErrorCode::NotAllowed, "you cannot accept your own seek");
        return room_.publish(
            {{"k", "accept"},
             {"to", remote_seeks_.at(id).node},
             {"id", id},
             {"who",
              {{"p", me.player}, {"name", me.name}, {"guest", me.guest}, {"a", client.address()}}}},
            {});
    }
    accept(me, client.address(), id);
}

void Seeks::accept(const Identity& me, const std::string& address, const std::string& id) {
    const auto it = seeks_.find(id);
    if (it == seeks_.end()) throw ApiError(ErrorCode::NotFound, "no open seek " + id);
    const Seek& seek = it->second;
    if (seek.owner.player == me.player)
        throw ApiError(ErrorCode::NotAllowed, "you cannot accept your own seek");
    if (seek.rated && !may_play_rated(me))
        throw ApiError(ErrorCode::BadRequest, RatedNeedsRegistration);
    if (seek.rated)
        if (const std::string why = room_.limits().rated_meeting.problem(
                {{seek.owner.player, seek.owner_address}, {me.player, address}});
            !why.empty())
            throw ApiError(ErrorCode::NotAllowed, why);
    const bool owner_black =
        seek.seat == "black" || (seek.seat == "random" && room_.services().random() % 2);
    PairingOrder order;
    order.setup = seek.setup;
    order.clock = seek.clock;
    order.rated = seek.rated;
    order.seats =
        owner_black ? std::vector<Identity>{seek.owner, me} : std::vector<Identity>{me, seek.owner};
    order.addresses = owner_black ? std::vector<std::string>{seek.owner_address, address}
                                  : std::vector<std::string>{address, seek.owner_address};
    Seek taken = seek;
    remove(id);
    const int64_t asker = me.player;
    room_.pair(std::move(order),
               [this, life = room_.life(), taken, asker](const ApiError& e) mutable {
                   if (life.expired()) return;
                   // Nothing was made: the seek is open again while its player is online.
                   if (room_.player_here(taken.owner.player) && !seeks_.count(taken.id)) {
                       const json added = {{"type", "seek_added"}, {"seek", taken.view}};
                       seeks_.emplace(taken.id, std::move(taken));
                       room_.broadcast(added);
                   }
                   // To the acceptor's lobby sockets: the one that asked may have closed meanwhile.
                   room_.send(asker, room_.error_message(e));
               });
}

void Seeks::remote_added(const std::string& node, const json& event) {
    const std::string id = text_field(event, "id", 64);
    if (offer_node(id) != node)
        throw ApiError(ErrorCode::BadRequest, "a seek id names another node");
    const auto view = event.find("seek");
    if (view == event.end() || !view->is_object() || view->value("id", "") != id)
        throw ApiError(ErrorCode::BadRequest, "field \"seek\" is malformed");
    if (remote_seeks_.size() >= MaxRemoteSeeks && !remote_seeks_.count(id))
        throw ApiError(ErrorCode::Busy, "too many seeks on other nodes");
    const bool fresh = !remote_seeks_.count(id);
    remote_seeks_[id] = RemoteSeek{node, int64_field(event, "owner", 1, INT64_MAX), *view};
    if (fresh) room_.broadcast({{"type", "seek_added"}, {"seek", *view}});
}

void Seeks::remote_removed(const std::string& node, const json& event) {
    const std::string id = text_field(event, "id", 64);
    const auto it = remote_seeks_.find(id);
    if (it == remote_seeks_.end() || it->second.node != node) return;
    remote_seeks_.erase(it);
    room_.broadcast({{"type", "seek_removed"}, {"id", id}});
}

void Seeks::drop_node(const std::string& node) {
    std::vector<std::string> seeks;
    for (const auto& [id, s] : remote_seeks_)
        if (s.node == node) seeks.push_back(id);
    for (const std::string& id : seeks) {
        remote_seeks_.erase(id);
        room_.broadcast({{"type", "seek_removed"}, {"id", id}});
    }
}

}  // namespace reversi::server
