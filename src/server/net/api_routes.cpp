// SPDX-License-Identifier: MIT
// The JSON API's routes (api_routes.h): the table of every call, and the small readers of
// path parameters it uses. Nothing taken from the request target reaches a module or an error
// text before it has been made valid UTF-8 and cut short (utf8_safe).
#include "server/net/api_routes.h"

#include <stdexcept>

#include "server/accounts/accounts.h"
#include "server/analysis/service.h"
#include "server/explorer/service.h"
#include "server/hub/hub.h"
#include "server/lobby/lobby.h"
#include "server/moderation/moderation.h"
#include "server/net/site_config.h"
#include "server/net/static_files.h"
#include "server/puzzles/service.h"
#include "server/tournament/service.h"

namespace reversi::server::http_api {

Reply error_body(ErrorCode code, const std::string& message, int status) {
    return error_reply(ApiError(code, message), status);
}

std::vector<std::string> segments(std::string_view path) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < path.size()) {
        size_t end = path.find('/', pos);
        if (end == std::string_view::npos) end = path.size();
        if (end > pos) out.push_back(utf8_safe(path.substr(pos, end - pos), MaxEchoBytes));
        pos = end + 1;
    }
    return out;
}

namespace {

int param_int(const std::unordered_map<std::string, std::string>& params, const char* key,
              int fallback) {
    const auto it = params.find(key);
    if (it == params.end()) return fallback;
    try {
        size_t used = 0;
        const int v = std::stoi(it->second, &used);
        if (used != it->second.size()) throw std::invalid_argument(key);
        return v;
    } catch (const std::exception&) {
        throw ApiError(ErrorCode::BadRequest,
                       std::string("parameter ") + key + " must be an integer");
    }
}

std::string param_text(const std::unordered_map<std::string, std::string>& params, const char* key,
                       std::string_view fallback) {
    const auto it = params.find(key);
    return utf8_safe(it == params.end() ? fallback : std::string_view(it->second), MaxEchoBytes);
}

// The analysis service, or not_found on a server started without one.
AnalysisService& analysis_of(const ApiCall& c) {
    if (!c.site.analysis) throw ApiError(ErrorCode::NotFound, "this server has no analysis");
    return *c.site.analysis;
}

// The puzzle service, or not_found on a server started without one.
PuzzleService& puzzles_of(const ApiCall& c) {
    if (!c.site.puzzles) throw ApiError(ErrorCode::NotFound, "this server has no puzzles");
    return *c.site.puzzles;
}

// The caller of a puzzle call as the seen-puzzle rule knows it (puzzles/seen_puzzles.h).
PuzzleViewer puzzle_viewer(const ApiCall& c) {
    return {c.identity.player, device_of(c.cookie()), c.client};
}

// The tournament service, or not_found on a server started without one; nothing when
// another node runs the tournaments and the call was answered with the way there.
TournamentService* tournaments_of(const ApiCall& c) {
    if (!c.site.tournaments) throw ApiError(ErrorCode::NotFound, "this server has no tournaments");
    if (c.site.tournaments->answer_elsewhere(std::string(sv(c.req.target())), c.respond))
        return nullptr;
    return c.site.tournaments;
}

// The caller as a bot of the bot API (docs/PROTOCOL.md "Bot API"), or not_allowed.
const Identity& bot_of(const ApiCall& c) {
    if (!c.identity.bot)
        throw ApiError(ErrorCode::NotAllowed, "the bot API is for bot accounts (send its token)");
    // (answered 400 not_allowed, as every refused API call of that code)
    return c.identity;
}

// The lobby, or not_found on a server started without one.
Lobby& lobby_of(const ApiCall& c) {
    if (!c.site.lobby) throw ApiError(ErrorCode::NotFound, "this server has no lobby");
    return *c.site.lobby;
}

// Answers a challenge by HTTP (the bot API) as a lobby socket's challenge_reply does.
void answer_challenge(const ApiCall& c, bool accept) {
    lobby_of(c).answer_challenge(c.identity, c.client, c.seg[1], accept);
    c.respond(json_reply(200, {{"ok", true}}));
}

// The moderation, or not_found on a server started without one.
Moderation& moderation_of(const ApiCall& c) {
    if (!c.site.moderation) throw ApiError(ErrorCode::NotFound, "this server has no moderation");
    return *c.site.moderation;
}

// The opening explorer, or not_found on a server started without one.
ExplorerService& explorer_of(const ApiCall& c) {
    if (!c.site.explorer) throw ApiError(ErrorCode::NotFound, "this server has no explorer");
    return *c.site.explorer;
}

}  // namespace

const std::vector<ApiRoute>& api_routes() {
    using V = http::verb;
    static const std::vector<ApiRoute> Routes = {
        {{"health"}, V::get, [](const ApiCall& c) { c.hub.health(c.respond); }},
        // What the site allows: the forms of the client are built from it (net/site_config.h).
        {{"config"},
         V::get,
         [](const ApiCall& c) {
             static const json Config = site_config();
             c.respond(json_reply(200, Config));
         }},
        {{"tables"}, V::get, [](const ApiCall& c) { c.hub.list_tables(c.respond); }},
        {{"tables"},
         V::post,
         [](const ApiCall& c) {
             c.hub.create_table(c.req.body(), c.respond, c.client, c.ensure());
         }},
        {{"tables", "*"}, V::get, [](const ApiCall& c) { c.hub.get_table(c.seg[1], c.respond); }},
        {{"tables", "*", "tournament"},
         V::get,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c)) t->of_table(c.seg[1], c.respond);
         }},
        {{"tables", "*", "join"},
         V::post,
         [](const ApiCall& c) {
             c.hub.join_table(c.seg[1], c.req.body(), c.respond, c.ensure(), c.client);
         }},
        {{"games"},
         V::get,
         [](const ApiCall& c) {
             c.hub.list_games(param_int(c.params, "limit", 50), param_int(c.params, "offset", 0),
                              c.respond);
         }},
        {{"games", "*"}, V::get, [](const ApiCall& c) { c.hub.get_game(c.seg[1], c.respond); }},
        {{"games", "*", "export"},
         V::get,
         [](const ApiCall& c) {
             c.hub.export_game(c.seg[1], param_text(c.params, "format", "text"), c.respond);
         }},
        // Post-game analysis and the analysis board (docs/SITE.md "Analysis").
        {{"games", "*", "analysis"},
         V::get,
         [](const ApiCall& c) { analysis_of(c).get(c.seg[1], c.respond); }},
        {{"analyze"},
         V::post,
         [](const ApiCall& c) { analysis_of(c).analyze(c.req.body(), c.respond, c.client); }},
        // Puzzles (docs/PUZZLES.md "On the site").
        {{"puzzles"}, V::get, [](const ApiCall& c) { puzzles_of(c).overview(c.respond); }},
        {{"puzzles", "next"},
         V::get,
         [](const ApiCall& c) {
             puzzles_of(c).next(c.identity, puzzle_viewer(c), param_text(c.params, "pool", "8x8"),
                                param_text(c.params, "skip", ""), c.respond);
         }},
        {{"puzzles", "streak"},
         V::post,
         [](const ApiCall& c) {
             puzzles_of(c).start_streak(c.ensure(), c.req.body(), c.client, c.respond);
         }},
        {{"puzzles", "daily"}, V::get, [](const ApiCall& c) { puzzles_of(c).daily(c.respond); }},
        {{"puzzles", "players", "*"},
         V::get,
         [](const ApiCall& c) {
             puzzles_of(c).player(url_decode(c.seg[2], false).value_or(""), c.respond);
         }},
        {{"puzzles", "*"},
         V::get,
         [](const ApiCall& c) { puzzles_of(c).get(c.seg[1], c.respond); }},
        {{"puzzles", "*", "moves"},
         V::post,
         [](const ApiCall& c) {
             puzzles_of(c).submit(c.identity, puzzle_viewer(c), c.seg[1], c.req.body(), c.respond);
         }},
        // The opening explorer and the opening names (docs/EXPLORER.md).
        {{"explorer"},
         V::get,
         [](const ApiCall& c) {
             explorer_of(c).explore(
                 param_text(c.params, "pool", "8x8"), param_text(c.params, "moves", ""),
                 param_text(c.params, "player", ""), param_int(c.params, "min", 0),
                 param_int(c.params, "max", 0), c.respond);
         }},
        {{"explorer", "eval"},
         V::get,
         [](const ApiCall& c) {
             explorer_of(c).evaluate(param_text(c.params, "pool", "8x8"),
                                     param_text(c.params, "moves", ""), c.client, c.respond);
         }},
        {{"explorer", "imports"},
         V::post,
         [](const ApiCall& c) {
             explorer_of(c).import_games(c.identity, c.req.body(), c.respond);
         }},
        {{"openings"},
         V::get,
         [](const ApiCall& c) {
             explorer_of(c).name(param_text(c.params, "moves", ""), c.respond);
         }},
        // Accounts (docs/SITE.md "Identity", "Ratings"; accounts/http.cpp).
        {{"me"}, V::get, [](const ApiCall& c) { c.accounts().me(c.ensure(), c.respond); }},
        {{"register"},
         V::post,
         [](const ApiCall& c) {
             c.accounts().register_player(c.identity, c.req.body(), c.client, c.respond);
         }},
        {{"login"},
         V::post,
         [](const ApiCall& c) {
             c.accounts().login(c.cookie(), c.req.body(), c.client, c.respond);
         }},
        {{"logout"}, V::post, [](const ApiCall& c) { c.accounts().logout(c.cookie(), c.respond); }},
        {{"password"},
         V::post,
         [](const ApiCall& c) {
             c.accounts().change_password(c.cookie(), c.req.body(), c.client, c.respond);
         }},
        {{"account", "games.ggf"},
         V::get,
         [](const ApiCall& c) { c.hub.export_player_games(c.identity, c.respond); }},
        {{"account", "delete"},
         V::post,
         [](const ApiCall& c) {
             c.accounts().delete_account(c.cookie(), c.req.body(), c.client, c.respond);
         }},
        {{"players", "*"},
         V::get,
         [](const ApiCall& c) {
             c.accounts().profile(url_decode(c.seg[1], false).value_or(""), c.respond);
         }},
        // Tournaments (docs/SITE.md "Tournaments"; tournament/service.*).
        {{"tournaments"},
         V::get,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c))
                 t->list(param_int(c.params, "offset", 0), param_int(c.params, "limit", 50),
                         c.respond);
         }},
        {{"tournaments"},
         V::post,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c))
                 t->create(c.identity, c.client, c.req.body(), c.respond);
         }},
        {{"tournaments", "*"},
         V::get,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c)) t->get(c.seg[1], c.respond);
         }},
        {{"tournaments", "*", "join"},
         V::post,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c)) t->join(c.seg[1], c.identity, c.respond);
         }},
        {{"tournaments", "*", "withdraw"},
         V::post,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c)) t->withdraw(c.seg[1], c.identity, c.respond);
         }},
        {{"tournaments", "*", "start"},
         V::post,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c)) t->start(c.seg[1], c.identity, c.respond);
         }},
        {{"tournaments", "*", "cancel"},
         V::post,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c)) t->cancel(c.seg[1], c.identity, c.respond);
         }},
        {{"players", "*", "tournaments"},
         V::get,
         [](const ApiCall& c) {
             if (auto* t = tournaments_of(c))
                 t->results_of(url_decode(c.seg[1], false).value_or(""), c.respond);
         }},
        // Bot accounts and their API tokens (docs/PROTOCOL.md "Bot API"; accounts/bots.cpp).
        {{"bot", "account"},
         V::post,
         [](const ApiCall& c) { c.accounts().become_bot(c.identity, c.respond); }},
        {{"bot", "token"},
         V::post,
         [](const ApiCall& c) { c.accounts().bot_token(c.cookie(), c.identity, c.respond); }},
        {{"bot", "tokens"},
         V::get,
         [](const ApiCall& c) { c.accounts().bot_tokens(c.identity, c.respond); }},
        {{"bot", "tokens", "*", "revoke"},
         V::post,
         [](const ApiCall& c) {
             c.accounts().revoke_bot_token(c.cookie(), c.identity, c.seg[2], c.respond);
         }},
        // A bot's games by HTTP; its streams are opened in HttpSession::open_stream.
        {{"bot", "game", "*", "move", "*"},
         V::post,
         [](const ApiCall& c) { c.hub.play_for(c.seg[2], bot_of(c), c.seg[4], c.respond); }},
        {{"bot", "game", "*", "resign"},
         V::post,
         [](const ApiCall& c) { c.hub.resign_for(c.seg[2], bot_of(c), c.respond); }},
        {{"challenge", "*", "accept"},
         V::post,
         [](const ApiCall& c) { answer_challenge(c, true); }},
        {{"challenge", "*", "decline"},
         V::post,
         [](const ApiCall& c) { answer_challenge(c, false); }},
        // Reports and moderation (docs/SITE.md "Moderation"; moderation/http.cpp).
        {{"reports"},
         V::post,
         [](const ApiCall& c) { moderation_of(c).report(c.identity, c.req.body(), c.respond); }},
        {{"mod", "me"},
         V::get,
         [](const ApiCall& c) { moderation_of(c).my_role(c.identity, c.respond); }},
        {{"mod", "sanctions"},
         V::get,
         [](const ApiCall& c) { moderation_of(c).list_sanctions(c.identity, c.respond); }},
        {{"mod", "sanctions"},
         V::post,
         [](const ApiCall& c) { moderation_of(c).sanction(c.identity, c.req.body(), c.respond); }},
        {{"mod", "audit"},
         V::get,
         [](const ApiCall& c) {
             moderation_of(c).list_audit(c.identity, param_int(c.params, "before", 0),
                                         param_int(c.params, "limit", 50), c.respond);
         }},
        {{"mod", "reports"},
         V::get,
         [](const ApiCall& c) { moderation_of(c).list_reports(c.identity, c.respond); }},
        {{"mod", "reports", "*", "resolve"},
         V::post,
         [](const ApiCall& c) {
             moderation_of(c).resolve_report(c.identity, c.seg[2], c.req.body(), c.respond);
         }},
        {{"mod", "reports", "player", "*", "resolve"},
         V::post,
         [](const ApiCall& c) {
             moderation_of(c).resolve_reports_of(
                 c.identity, url_decode(c.seg[3], false).value_or(""), c.req.body(), c.respond);
         }},
        {{"mod", "reverse"},
         V::post,
         [](const ApiCall& c) {
             moderation_of(c).reverse_games(c.identity, c.req.body(), c.respond);
         }},
        {{"mod", "chat", "hide"},
         V::post,
         [](const ApiCall& c) { c.hub.hide_chat(c.identity, c.req.body(), c.respond); }},
        {{"leaderboard"},
         V::get,
         [](const ApiCall& c) {
             c.accounts().leaderboard(param_text(c.params, "pool", "8x8"),
                                      param_int(c.params, "limit", 50), c.respond);
         }},
    };
    return Routes;
}

bool matches(const ApiRoute& route, const std::vector<std::string>& seg) {
    if (route.pattern.size() != seg.size()) return false;
    for (size_t i = 0; i < seg.size(); ++i)
        if (route.pattern[i] != "*" && route.pattern[i] != seg[i]) return false;
    return true;
}

}  // namespace reversi::server::http_api
