// SPDX-License-Identifier: MIT
// Each player's running games, as the lobby lists them (docs/SITE.md "Lobby"): the tables
// this node holds, reported by the hub after every change, and across nodes
// (docs/MULTINODE.md "Running games across nodes") those of the other nodes, which publish
// theirs as state rows (lobby_games) kept here from their events. A node publishes a game
// when it enters or leaves a list or changes names, and a turn alone only when one of its
// players has a lobby socket on another node, so moves do not go to every node.
#include <algorithm>

#include "server/lobby/fields.h"
#include "server/lobby/lobby.h"

namespace reversi::server {

using namespace lobby_fields;

namespace {

// Other nodes' games kept here, whatever they send.
constexpr size_t MaxRemoteGames = 100'000;
// Scheduled ends of left computer games' turns kept at once (each goes within minutes).
constexpr size_t MaxTurnEnds = 100'000;

// True when every other seat of `g` than `player`'s is the computer's (and there is one).
bool against_computer(const GameEntry& g, int64_t player) {
    bool any = false;
    for (size_t s = 0; s < g.players.size(); ++s) {
        if (g.players[s] == player) continue;
        if (s >= g.levels.size() || g.levels[s] == 0) return false;
        any = true;
    }
    return any;
}

}  // namespace

int64_t Lobby::away_since_of(const GameEntry& game, const GameEntry* before) const {
    for (size_t s = 0; s < game.players.size() && s < game.present.size(); ++s)
        if (game.players[s] != 0 && game.present[s]) return 0;
    if (before && before->away_since != 0) return before->away_since;
    return services_.now();
}

void Lobby::schedule_turn_end(const GameEntry& game, int64_t player) {
    if (game.away_since == 0 || !against_computer(game, player) || turn_ends_.size() >= MaxTurnEnds)
        return;
    turn_ends_.emplace(game.away_since + limits_.computer_turn_ms, player);
}

bool Lobby::needs_setup(const GameEntry& game) const {
    if (!game.running) return false;
    for (int64_t player : game.players) {
        if (player == 0) continue;
        const auto mine = games_.find(player);
        if (mine == games_.end() || !mine->second.count(game.table)) return true;
    }
    return false;
}

void Lobby::game_changed(const GameEntry& game) {
    bool news = false, listed_news = false;
    const json* kept_setup = nullptr;  // the setup of the game as listed, for publishing
    for (int64_t player : game.players) {
        if (player == 0) continue;
        auto& mine = games_[player];
        const auto it = mine.find(game.table);
        const int64_t away = away_since_of(game, it == mine.end() ? nullptr : &it->second);
        // The hub reports a table after every change, visits included: only news is sent (a
        // player arriving at or leaving a game against the computer is news: it is their
        // turn while they are there, and for a while after).
        const bool came_or_went = it != mine.end() && against_computer(game, player) &&
                                  (it->second.away_since == 0) != (away == 0);
        if (game.running && it != mine.end() && it->second.to_move == game.to_move &&
            it->second.names == game.names && !came_or_went)
            continue;
        if (!game.running && it == mine.end()) {
            if (mine.empty()) games_.erase(player);
            continue;
        }
        news = true;
        // A new game, new names or the end; a turn alone is news only to a watching node.
        listed_news = listed_news || it == mine.end() || !game.running ||
                      it->second.names != game.names || remote_players_.count(player);
        if (!game.running) {
            mine.erase(it);
        } else if (it == mine.end()) {
            GameEntry& kept = mine.emplace(game.table, game).first->second;
            kept.away_since = away;
            schedule_turn_end(kept, player);
            kept_setup = &kept.setup;
        } else {
            // A turn or new names: updated in place, the setup (which a game keeps) not copied.
            const bool left = it->second.away_since == 0 && away != 0;
            it->second.to_move = game.to_move;
            it->second.names = game.names;
            it->second.present = game.present;
            it->second.away_since = away;
            if (left) schedule_turn_end(it->second, player);
            kept_setup = &it->second.setup;
        }
        if (mine.empty()) games_.erase(player);
        const Player* p = find_player(player);
        if (p && !p->clients.empty()) send_games(player);
    }
    if (!news || !listed_news) return;
    if (!game.running || !game.setup.is_null() || !kept_setup) return publish_game(game);
    GameEntry full = game;
    full.setup = *kept_setup;
    publish_game(full);
}

size_t Lobby::game_count(int64_t player) const {
    const auto it = games_.find(player);
    return it == games_.end() ? 0 : it->second.size();
}

void Lobby::send_games(int64_t player) {
    // This node's sockets only: each node lists the games it holds.
    const Player* p = find_player(player);
    if (!p) return;
    const auto text = text_of({{"type", "games"}, {"games", games_json(player)}});
    for (LobbyClient* c : p->clients) c->deliver(text);
}

json Lobby::games_json(int64_t player) const {
    // This node's games, then those of the other nodes that it does not hold itself.
    std::vector<const GameEntry*> all;
    const auto local = games_.find(player);
    if (local != games_.end())
        for (const auto& [table, g] : local->second) all.push_back(&g);
    if (const auto it = remote_games_of_.find(player); it != remote_games_of_.end())
        for (const std::string& table : it->second)
            if (local == games_.end() || !local->second.count(table))
                all.push_back(&remote_games_.at(table).game);
    json list = json::array();
    for (const GameEntry* entry : all) {
        if (list.size() >= limits_.max_games_listed) break;
        const GameEntry& g = *entry;
        const std::string& table = g.table;
        json opponents = json::array(), opponents_bot = json::array(),
             opponents_level = json::array();
        bool to_move = false, person_waits = false;
        for (size_t s = 0; s < g.players.size(); ++s) {
            if (g.players[s] == player) {
                to_move = to_move || static_cast<int>(s) == g.to_move;
            } else {
                const int level = s < g.levels.size() ? g.levels[s] : 0;
                opponents.push_back(s < g.names.size() ? g.names[s] : std::string());
                opponents_bot.push_back(s < g.bots.size() && g.bots[s]);
                opponents_level.push_back(level);
                person_waits = person_waits || level == 0;
            }
        }
        // A person waits for a move; the computer waits while its player is at the table and
        // for the game's normal life after they left it (as lichess lists a game against
        // the computer among one's turns), not for ever (issue 48, 18: the tab title and the
        // badge count turns).
        const bool computer_waits =
            !person_waits && !opponents_level.empty() &&
            (g.away_since == 0 || services_.now() - g.away_since < limits_.computer_turn_ms);
        list.push_back({{"table", table},
                        {"opponents", std::move(opponents)},
                        {"opponents_bot", std::move(opponents_bot)},
                        {"opponents_level", std::move(opponents_level)},
                        {"your_turn", to_move && (person_waits || computer_waits)},
                        {"setup", g.setup}});
    }
    return list;
}

void Lobby::publish_game(const GameEntry& game) {
    publish({{"k", "game"},
             {"table", game.table},
             {"players", game.players},
             {"names", game.names},
             {"bots", game.bots},
             {"levels", game.levels},
             {"present", game.present},
             {"to_move", game.to_move},
             {"running", game.running},
             {"setup", game.setup}},
            {});
}

void Lobby::publish_games_of(int64_t player) {
    if (!services_.publish) return;
    const auto it = games_.find(player);
    if (it == games_.end()) return;
    for (const auto& [table, game] : it->second) publish_game(game);
}

void Lobby::remote_game(const std::string& node, const json& event) {
    GameEntry g;
    g.table = text_field(event, "table", 64);
    g.running = get_bool(event, "running", false);
    if (g.running) {
        g.players = players_field(event, 4);
        const auto names = event.find("names");
        if (g.players.size() < 2 || names == event.end() || !names->is_array() ||
            names->size() != g.players.size())
            throw ApiError(ErrorCode::BadRequest, "fields \"players\" and \"names\" do not fit");
        for (const json& name : *names) {
            if (!name.is_string() || name.get<std::string>().size() > 80)
                throw ApiError(ErrorCode::BadRequest, "field \"names\" is malformed");
            g.names.push_back(name.get<std::string>());
        }
        // Older nodes send no "bots": nobody is marked.
        if (const auto bots = event.find("bots");
            bots != event.end() && bots->is_array() && bots->size() == g.names.size())
            for (const json& bot : *bots) g.bots.push_back(bot.is_boolean() && bot.get<bool>());
        if (const auto levels = event.find("levels");
            levels != event.end() && levels->is_array() && levels->size() == g.names.size())
            for (const json& level : *levels)
                g.levels.push_back(level.is_number_integer() ? std::clamp(level.get<int>(), 0, 10)
                                                             : 0);
        // Older nodes send no "present": away from when this node learnt of the game.
        if (const auto present = event.find("present");
            present != event.end() && present->is_array() && present->size() == g.names.size())
            for (const json& here : *present)
                g.present.push_back(here.is_boolean() && here.get<bool>());
        g.to_move = static_cast<int>(int64_field(event, "to_move", -1, 3));
        const auto setup = event.find("setup");
        if (setup == event.end() || !setup->is_object() || setup->dump().size() > 2000)
            throw ApiError(ErrorCode::BadRequest, "field \"setup\" is malformed");
        g.setup = *setup;
        if (remote_games_.size() >= MaxRemoteGames && !remote_games_.count(g.table))
            throw ApiError(ErrorCode::Busy, "too many games on other nodes");
    }
    std::vector<int64_t> changed = g.players;
    if (g.running) {
        const auto old = remote_games_.find(g.table);
        g.away_since = away_since_of(g, old == remote_games_.end() ? nullptr : &old->second.game);
        if (g.away_since != 0 && (old == remote_games_.end() || old->second.game.away_since == 0))
            for (int64_t p : g.players)
                if (p != 0) schedule_turn_end(g, p);
    }
    if (const auto old = remote_games_.find(g.table); old != remote_games_.end()) {
        for (int64_t p : old->second.game.players) {
            changed.push_back(p);
            if (const auto mine = remote_games_of_.find(p); mine != remote_games_of_.end()) {
                mine->second.erase(g.table);
                if (mine->second.empty()) remote_games_of_.erase(mine);
            }
        }
        remote_games_.erase(old);
    }
    if (g.running) {
        for (int64_t p : g.players)
            if (p != 0) remote_games_of_[p].insert(g.table);
        const std::string table = g.table;  // read before g moves
        remote_games_[table] = RemoteGame{node, std::move(g)};
    }
    std::sort(changed.begin(), changed.end());
    changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
    for (int64_t p : changed)
        if (p != 0) send_games(p);
}

void Lobby::forget_remote_game(const std::string& table) {
    remote_game({}, {{"table", table}, {"running", false}});
}

}  // namespace reversi::server
