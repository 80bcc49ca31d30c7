// SPDX-License-Identifier: MIT
// The fields of lobby messages that several lobby files read (lobby/fields.h).
#include "server/lobby/fields.h"

#include <cctype>

#include "server/rating/rated_players.h"
#include "server/rating/ratings.h"
#include "server/table/random_blocked.h"

namespace reversi::server::lobby_fields {

std::string fold(std::string_view name) {
    std::string out(name);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::shared_ptr<const std::string> text_of(const json& msg) {
    return std::make_shared<const std::string>(dump_safe(msg));
}

std::string id_field(const json& msg) {
    const std::string id = get_string(msg, "id", "");
    if (id.empty() || id.size() > 24)
        throw ApiError(ErrorCode::BadRequest, "field \"id\" must name an offer");
    return id;
}

std::string offer_node(const std::string& id) {
    const auto dot = id.find('.');
    if (id.size() < 2 || dot == std::string::npos) return {};
    return id.substr(1, dot - 1);
}

std::vector<std::string> offer_pools() {
    std::vector<std::string> pools;
    for (const std::string& pool : live_pools())
        if (pool_setup(pool)->players == OfferPlayers) pools.push_back(pool);
    return pools;
}

core::Setup offer_setup(const json& msg, uint64_t seed) {
    SetupRequest req = parse_setup(msg.contains("setup") ? msg["setup"] : json::object());
    if (req.setup.players != OfferPlayers)
        throw ApiError(ErrorCode::BadRequest,
                       "lobby offers are for two players; quick pairing has the 3p and 4p pools");
    if (req.random_blocked > 0)
        req.setup.blocked = random_blocked(req.setup, req.random_blocked, seed);
    if (const std::string why = req.setup.problem(); !why.empty())
        throw ApiError(ErrorCode::BadSetup, why);
    return req.setup;
}

ClockSpec offer_clock(const json& msg) {
    return parse_clock(msg.contains("clock") ? msg["clock"] : json(nullptr));
}

std::string rated_pool(const core::Setup& setup, const ClockSpec& clock, bool rated,
                       const Identity& who) {
    const auto pool = rating_pool(setup, clock);
    if (!rated) return pool.value_or("");
    if (!pool)
        throw ApiError(ErrorCode::BadRequest,
                       "only games of a rating pool can be rated (no blocked squares, handicap "
                       "or free opening)");
    if (!may_play_rated(who)) throw ApiError(ErrorCode::BadRequest, RatedNeedsRegistration);
    return *pool;
}

int64_t int64_field(const json& j, const char* key, int64_t low, int64_t high) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        throw ApiError(ErrorCode::BadRequest, std::string("field \"") + key + "\" is missing");
    const int64_t v = it->get<int64_t>();
    if (v < low || v > high)
        throw ApiError(ErrorCode::BadRequest, std::string("field \"") + key + "\" is out of range");
    return v;
}

std::string text_field(const json& j, const char* key, size_t max) {
    const std::string v = get_string(j, key, "");
    if (v.empty() || v.size() > max)
        throw ApiError(ErrorCode::BadRequest, std::string("field \"") + key + "\" is malformed");
    return v;
}

Identity identity_field(const json& event, const char* key) {
    const auto it = event.find(key);
    if (it == event.end() || !it->is_object())
        throw ApiError(ErrorCode::BadRequest, std::string("field \"") + key + "\" is missing");
    Identity who;
    who.player = int64_field(*it, "p", 1, INT64_MAX);
    who.name = text_field(*it, "name", 80);
    who.guest = get_bool(*it, "guest", true);
    return who;
}

std::string address_field(const json& event, const char* key) {
    const auto it = event.find(key);
    if (it == event.end() || !it->is_object()) return {};
    const auto a = it->find("a");
    if (a == it->end() || !a->is_string() || a->get_ref<const std::string&>().size() > 64)
        return {};
    return a->get<std::string>();
}

std::vector<int64_t> players_field(const json& event, size_t max) {
    const auto it = event.find("players");
    if (it == event.end() || !it->is_array() || it->size() > max)
        throw ApiError(ErrorCode::BadRequest, "field \"players\" is malformed");
    std::vector<int64_t> players;
    for (const json& p : *it) {
        if (!p.is_number_integer() || p.get<int64_t>() < 0)
            throw ApiError(ErrorCode::BadRequest, "field \"players\" is malformed");
        players.push_back(p.get<int64_t>());
    }
    return players;
}

}  // namespace reversi::server::lobby_fields
