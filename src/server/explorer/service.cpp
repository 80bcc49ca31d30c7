// SPDX-License-Identifier: MIT
// The explorer's service: finished tables turned into explorer games, queries checked and
// bounded, answers in square names.
#include "server/explorer/service.h"

#include <sodium.h>

#include <iostream>

#include "core/notation.h"
#include "server/common/clock.h"
#include "server/explorer/openings.h"
#include "server/rating/ratings.h"

namespace reversi::server {

namespace {

constexpr size_t MaxQueryMoves = 60;
constexpr int RestorePage = 1000;

// The game of `text`'s moves on `setup`'s board; throws ApiError naming the bad move.
core::Game replayed(const core::Setup& setup, const std::string& text) {
    core::Game game(setup);
    if (const auto error = core::play_moves(game, text))
        throw ApiError(ErrorCode::IllegalMove, "moves: " + utf8_safe(error->message(), 80));
    return game;
}

// The game of a query's moves (bounded).
core::Game query_game(const core::Setup& setup, const std::string& text) {
    if (text.size() > 4 * MaxQueryMoves) throw ApiError(ErrorCode::BadRequest, "moves: too many");
    return replayed(setup, text);
}

std::vector<core::Square> query_moves(const core::Setup& setup, const std::string& text) {
    return query_game(setup, text).moves();
}

// The setup of a two-player pool; throws ApiError for any other name.
core::Setup two_player_pool(const std::string& pool) {
    const auto found = pool_setup(pool);
    if (!found || found->players != 2)
        throw ApiError(ErrorCode::BadRequest, "no two-player pool " + utf8_safe(pool, 20));
    return *found;
}

// The bytes of base64 text, or nothing when it is not base64.
std::optional<std::string> from_base64(const std::string& text) {
    std::string out(text.size() / 4 * 3 + 3, '\0');
    size_t length = 0;
    if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(),
                          text.size(), "\r\n", &length, nullptr,
                          sodium_base64_VARIANT_ORIGINAL) != 0)
        return std::nullopt;
    out.resize(length);
    return out;
}

// The games of an upload's body: {"ggf": TEXT} or {"wthor": BASE64}.
GameImport read_upload(const json& request) {
    if (request.is_object() && request.contains("ggf") && request["ggf"].is_string())
        return read_ggf_import(request["ggf"].get_ref<const std::string&>());
    if (!request.is_object() || !request.contains("wthor") || !request["wthor"].is_string())
        throw ApiError(ErrorCode::BadRequest,
                       "ggf: the text of a GGF file, or wthor: a WTHOR file in base64");
    const auto bytes = from_base64(request["wthor"].get_ref<const std::string&>());
    if (!bytes) throw ApiError(ErrorCode::BadRequest, "wthor: not base64");
    GameImport read = read_wthor_import(*bytes);
    if (!read.error.empty())
        throw ApiError(ErrorCode::BadRequest, "wthor: " + utf8_safe(read.error, 120));
    return read;
}

json opening_json(const std::vector<core::Square>& moves) {
    std::vector<core::Coord> coords;
    for (const core::Square m : moves)
        if (m >= 0) coords.push_back({m % 8, m / 8});
    const auto named = opening_name(coords);
    return named ? json{{"name", named->name}, {"plies", named->plies}} : json();
}

}  // namespace

ExplorerService::ExplorerService(Accounts& accounts, StorageQueue* storage,
                                 ExplorerEvaluations* evaluations, ExplorerImportBounds bounds)
    : accounts_(accounts),
      storage_(storage),
      evaluations_(evaluations),
      bounds_(bounds),
      upload_limiter_(bounds.uploads_per_minute, bounds.upload_burst) {}

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
    for (const StoredImportedGame& row : storage.imported_games()) kept += add_imported(row);
    return kept;
}

bool ExplorerService::add_imported(const StoredImportedGame& row) {
    if (row.id <= imports_seen_) return false;  // already in the index
    imports_seen_ = row.id;
    try {
        const auto setup = pool_setup(row.pool);
        if (!setup || setup->players != 2) return false;
        ExplorerGame game;
        game.pool = row.pool;
        game.moves = replayed(*setup, row.moves).moves();
        game.winner = row.winner;
        game.imported_by = row.player;
        explorer_.add(game);
        ++imported_[row.player];
        return true;
    } catch (const std::exception&) {
        return false;  // a row that does not replay is skipped, as a table's is
    }
}

void ExplorerService::follow_imports(std::function<void()> then) {
    constexpr int Page = 1000;
    auto rows = std::make_shared<std::vector<StoredImportedGame>>();
    const std::weak_ptr<const int> life = life_;
    storage_->read(
        [rows, after = imports_seen_](Storage& s) {
            try {
                *rows = s.imported_games_after(after, Page);
            } catch (const std::exception& e) {
                std::cerr << "explorer: reading imported games failed: " << e.what() << '\n';
            }
        },
        [this, life, rows, then = std::move(then)] {
            if (life.expired()) return;
            for (const StoredImportedGame& row : *rows) add_imported(row);
            if (then) then();
        });
}

void ExplorerService::follow_imports_every(net::io_context& ioc, std::chrono::milliseconds every) {
    if (!storage_) return;
    if (!follow_timer_) follow_timer_ = std::make_unique<net::steady_timer>(ioc);
    follow_timer_->expires_after(every);
    const std::weak_ptr<const int> life = life_;
    follow_timer_->async_wait([this, life, &ioc, every](error_code ec) {
        if (ec || life.expired()) return;
        follow_imports([this, life, &ioc, every] {
            if (!life.expired()) follow_imports_every(ioc, every);
        });
    });
}

void ExplorerService::import_games(const Identity& who, const std::string& body, Respond respond) {
    if (!storage_) throw ApiError(ErrorCode::NotFound, "this server keeps no imported games");
    if (!who.player || who.guest)
        throw ApiError(ErrorCode::NotAllowed, "sign in to import games into your database");
    const int64_t now_ms = steady_ms();
    if (upload_limiter_.keys() > 1024) upload_limiter_.prune(now_ms);
    if (!upload_limiter_.allow(std::to_string(who.player), now_ms))
        throw ApiError(ErrorCode::RateLimited, "too many imports; wait a moment");
    const json request = json::parse(body, nullptr, false);
    if (request.is_discarded()) throw ApiError(ErrorCode::BadJson, "the body is not JSON");
    GameImport read = read_upload(request);
    const size_t held = imported_[who.player] + pending_[who.player];
    const size_t room = bounds_.games_per_player - std::min(held, bounds_.games_per_player);
    if (read.games.size() > room)
        throw ApiError(ErrorCode::Busy, "your database is full (" +
                                            std::to_string(bounds_.games_per_player) + " games)");
    const int64_t at = wall_ms();
    std::vector<StoredImportedGame> rows;
    for (ImportedGame& g : read.games) {
        g.game.imported_by = who.player;
        const core::Geometry geometry(pool_setup(g.game.pool)->shape, {});
        rows.push_back({who.player, g.game.pool, core::format_moves(geometry, g.game.moves, false),
                        g.game.winner, g.black, g.white, at});
    }
    // Counted before the commit, so uploads in flight cannot pass the bound together.
    pending_[who.player] += rows.size();
    const std::weak_ptr<const int> life = life_;
    storage_->write(
        [rows](Storage& s) {
            for (const StoredImportedGame& r : rows) s.add_imported_game(r);
        },
        [this, life, player = who.player, read = std::move(read),
         respond = std::move(respond)](bool ok) {
            if (life.expired()) return;
            pending_[player] -= read.games.size();
            if (!ok) return respond(store_failed_reply());
            // The committed rows come into the index the way other nodes' imports do: read
            // back by their ids, so none is indexed twice.
            follow_imports([this, player, read = std::move(read), respond = std::move(respond)] {
                respond(json_reply(200, {{"imported", read.games.size()},
                                         {"skipped", read.skipped},
                                         {"errors", read.errors},
                                         {"more", read.more},
                                         {"total", imported_[player]}}));
            });
        });
}

void ExplorerService::game_finished(const Table& table) {
    ExplorerGame game;
    if (explorer_game_of(table, game)) explorer_.add(game);
}

void ExplorerService::explore(const std::string& pool, const std::string& moves,
                              const std::string& player, int min_rating, int max_rating,
                              Respond respond) const {
    const core::Setup setup = two_player_pool(pool);
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

void ExplorerService::evaluate(const std::string& pool, const std::string& moves,
                               const std::string& client, Respond respond) {
    if (!evaluations_) throw ApiError(ErrorCode::NotFound, "this server has no evaluations");
    const core::Game game = query_game(two_player_pool(pool), moves);
    evaluations_->evaluate(pool, game, client, std::move(respond));
}

void ExplorerService::name(const std::string& moves, Respond respond) const {
    const std::vector<core::Square> played = query_moves(core::Setup{}, moves);
    respond(json_reply(200, {{"opening", opening_json(played)}}));
}

}  // namespace reversi::server
