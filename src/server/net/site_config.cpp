// SPDX-License-Identifier: MIT
// GET /api/config (net/site_config.h). Nothing here is a rule of its own: each list and bound
// comes from the module that enforces it.
#include "server/net/site_config.h"

#include "core/types.h"
#include "engine/levels.h"
#include "server/common/api_routes.h"
#include "server/common/rating_scale.h"
#include "server/lobby/fields.h"
#include "server/lobby/pairing.h"
#include "server/rating/ratings.h"
#include "server/table/hints_rule.h"
#include "server/tournament/tournament.h"

namespace reversi::server {

namespace {

json range(int64_t low, int64_t high) {
    return {{"min", low}, {"max", high}};
}

}  // namespace

json site_config() {
    json pools = json::array();
    for (const std::string& pool : live_pools()) {
        const core::Setup setup = *pool_setup(pool);
        pools.push_back({{"id", pool},
                         {"setup", setup_json(setup)},
                         {"players", setup.players},
                         {"any_board", pool_any_board(pool)}});
    }
    // The time controls the forms offer: the quick-pairing presets, then days per move. Each has
    // the clock object a request sends.
    json times = json::array(), presets = json::array(), every_time = json::array();
    for (const std::string& preset : preset_names()) {
        times.push_back({{"id", preset}, {"clock", clock_spec_json(*preset_clock(preset))}});
        presets.push_back(preset);
        every_time.push_back(preset);
    }
    for (const int days : CorrespondenceDays) {
        const std::string id = std::to_string(days) + "d";
        times.push_back(
            {{"id", id},
             {"clock", clock_spec_json(parse_clock({{"mode", "days"}, {"days", days}}))}});
        every_time.push_back(id);
    }
    using tournament::Kind;
    return {
        {"rating", {{"start", StartRating}, {"rd", StartRd}}},
        {"name_chars", MaxNameChars},
        {"players", range(2, core::MaxPlayers)},
        {"levels", range(engine::MinLevel, engine::MaxLevel)},
        {"random_blocked", range(0, MaxRandomBlocked)},
        {"hints", {{"off_from_screens", HintsOffFromScreens}}},
        {"clock",
         {{"seconds", range(MinClockSeconds, MaxClockSeconds)},
          {"increment", range(0, MaxClockIncrement)}}},
        {"pools", pools},
        {"times", times},
        {"quick", {{"pools", live_pools()}, {"times", presets}}},
        {"offers", {{"pools", lobby_fields::offer_pools()}, {"times", every_time}}},
        {"tournament",
         {{"pools",
           {{"arena", tournament::pools_for(Kind::Arena)},
            {"swiss", tournament::pools_for(Kind::Swiss)}}},
          {"times", every_time},
          {"rounds", range(tournament::MinSwissRounds, tournament::MaxSwissRounds)},
          {"arena_seconds", range(tournament::MinArenaMs / 1000, tournament::MaxArenaMs / 1000)},
          {"name_chars", tournament::MaxTournamentNameChars}}},
        {"errors", error_names()},
    };
}

void add_config_route(http_api::ApiRoutes& routes) {
    // What the site allows: the forms of the client are built from it.
    routes.add({"config"}, http::verb::get, [](const http_api::ApiCall& c) {
        static const json Config = site_config();
        c.respond(json_reply(200, Config));
    });
}

}  // namespace reversi::server
