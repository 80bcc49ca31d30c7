// SPDX-License-Identifier: MIT
// The explorer's service: finished tables turned into explorer games, queries checked and
// bounded, answers in square names.
#include "server/explorer/service.h"

#include <iostream>

#include "core/notation.h"
#include "server/explorer/openings.h"
#include "server/rating/ratings.h"

namespace reversi::server {

namespace {

constexpr size_t MaxQueryMoves = 60;
constexpr int RestorePage = 1000;

// The move list of a query on `setup`'s board; throws ApiError naming the bad move.
std::vector<core::Square> query_moves(const core::Setup& setup, const std::string& text) {
    if (text.size() > 4 * MaxQueryMoves) throw ApiError(ErrorCode::BadRequest, "moves: too many");
    core::Game game(setup);
    if (const auto error = core::play_moves(game, text))
        throw ApiError(ErrorCode::IllegalMove, "moves: " + utf8_safe(error->message(), 80));
    return game.moves();
}

json opening_json(const std::vector<core::Square>& moves) {
    std::vector<core::Coord> coords;
    for (const core::Square m : moves)
        if (m >= 0) coords.push_back({m % 8, m / 8});
    const auto named = opening_name(coords);
    return named ? json{{"name", named->name}, {"plies", named->plies}} : json();
}

}  // namespace

bool explorer_game_of(const Table& table, ExplorerGame& out) {
    if (!table.result() || table.ply() == 0) return false;
    const auto pool = pool_of(table.spec().setup);
    if (!pool || table.spec().setup.players != 2) return false;
    out.pool = *pool;
    out.moves = table.game().moves();
    out.winner = table.result()->winner;
    for (size_t s = 0; s < 2 && s < table.spec().seats.size(); ++s) {
        out.players[s] = table.spec().seats[s].player;
        out.ratings[s] = static_cast<int>(table.spec().seats[s].rating);
    }
    return true;
}

size_t ExplorerService::restore(Storage& storage, int64_t now) {
    size_t kept = 0;
    for (int offset = 0;; offset += RestorePage) {
        const std::vector<StoredTable> page = storage.finished(RestorePage, offset);
        for (const StoredTable& row : page) {
            try {
                const Table table =
                    Table::restore(row.id, json::parse(row.spec), row.created, row.moves,
                                   row.result.empty() ? json() : json::parse(row.result), now);
                ExplorerGame game;
                if (explorer_game_of(table, game)) {
                    explorer_.add(game);
                    ++kept;
                }
            } catch (const std::exception&) {
                // A row that does not read is the hub's to report; the explorer skips it.
            }
        }
        if (static_cast<int>(page.size()) < RestorePage) break;
    }
    return kept;
}

void ExplorerService::game_finished(const Table& table) {
    ExplorerGame game;
    if (explorer_game_of(table, game)) explorer_.add(game);
}

void ExplorerService::explore(const std::string& pool, const std::string& moves,
                              const std::string& player, int min_rating, int max_rating,
                              Respond respond) const {
    const auto found = pool_setup(pool);
    if (!found || found->players != 2)
        throw ApiError(ErrorCode::BadRequest, "no two-player pool " + utf8_safe(pool, 20));
    const core::Setup setup = *found;
    const std::vector<core::Square> played = query_moves(setup, moves);
    ExplorerFilter filter;
    filter.min_rating = min_rating;
    filter.max_rating = max_rating;
    if (!player.empty()) {
        const auto who = accounts_.find(player);
        if (!who) throw ApiError(ErrorCode::NotFound, "no player " + utf8_safe(player, 40));
        filter.player = who->player;
    }
    const ExplorerAnswer answer = explorer_.query(pool, played, filter);
    const core::Geometry geometry(setup.shape, {});
    json next = json::array();
    for (const ExplorerMove& m : answer.moves)
        next.push_back({{"move", core::square_name(geometry, m.move)},
                        {"games", m.games},
                        {"black", m.black_wins},
                        {"white", m.white_wins},
                        {"draws", m.draws}});
    json out = {{"pool", pool},
                {"moves", core::format_moves(geometry, played, false)},
                {"games", answer.games},
                {"next", next}};
    out["opening"] = setup.shape == core::Shape::Eight ? opening_json(played) : json();
    respond(json_reply(200, out));
}

void ExplorerService::name(const std::string& moves, Respond respond) const {
    const std::vector<core::Square> played = query_moves(core::Setup{}, moves);
    respond(json_reply(200, {{"opening", opening_json(played)}}));
}

}  // namespace reversi::server
