// SPDX-License-Identifier: MIT
// PostgreSQL back end, second part: players, sessions, ratings and who sat at which table
// (docs/SITE.md). These writes are rare next to moves, so they are not prepared; ratings go
// as the shortest decimal text that reads back to the same double.
#include <stdexcept>

#include "server/storage/postgres/storage.h"
#include "server/storage/postgres/values.h"

namespace reversi::server {

using namespace pg_values;

void PostgresStorage::save_player(const StoredPlayer& p) {
    connection_->exec(
        "INSERT INTO players(id, name, name_key, password_hash, created, bot, name_skeleton) "
        "VALUES($1, $2, $3, $4, $5, $6, NULLIF($7, '')) ON CONFLICT(id) DO UPDATE SET name = $2, "
        "name_key = $3, password_hash = $4, bot = $6, name_skeleton = NULLIF($7, '')",
        {number(p.id), pg::text(p.name), pg::text(p.name_key), pg::text(p.password_hash),
         number(p.created), pg::text(p.bot ? "true" : "false"), pg::text(p.name_skeleton)});
}

std::vector<StoredPlayer> PostgresStorage::players() {
    const pg::Result rows = connection_->exec(
        "SELECT id, name, name_key, password_hash, created, bot, COALESCE(name_skeleton, '') "
        "FROM players ORDER BY id");
    std::vector<StoredPlayer> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), rows.text(r, 1), rows.text(r, 2), rows.text(r, 3),
                       rows.integer(r, 4), rows.text(r, 5) == "t", rows.text(r, 6)});
    return out;
}

void PostgresStorage::save_session(const StoredSession& s) {
    connection_->send(
        "INSERT INTO sessions(token_hash, player, created, last_seen, api) "
        "VALUES($1, $2, $3, $4, $5) ON CONFLICT(token_hash) DO UPDATE SET player = $2, "
        "last_seen = $4",
        {pg::text(s.token_hash), number(s.player), number(s.created), number(s.last_seen),
         pg::text(s.api ? "true" : "false")},
        "save_session");
}

void PostgresStorage::delete_session(const std::string& token_hash) {
    connection_->exec("DELETE FROM sessions WHERE token_hash = $1", {pg::text(token_hash)});
}

void PostgresStorage::delete_sessions_of(int64_t player, const std::string& keep) {
    connection_->exec("DELETE FROM sessions WHERE player = $1 AND token_hash <> $2",
                      {number(player), pg::text(keep)});
}

namespace {

constexpr const char* SessionColumns =
    "SELECT token_hash, player, created, last_seen, api FROM sessions";

StoredSession session_at(const pg::Result& rows, int r) {
    return {rows.text(r, 0), rows.integer(r, 1), rows.integer(r, 2), rows.integer(r, 3),
            rows.text(r, 4) == "t"};
}

std::vector<StoredSession> sessions_in(const pg::Result& rows) {
    std::vector<StoredSession> out;
    for (int r = 0; r < rows.rows(); ++r) out.push_back(session_at(rows, r));
    return out;
}

}  // namespace

std::vector<StoredSession> PostgresStorage::sessions() {
    return sessions_in(connection_->exec(SessionColumns));
}

std::vector<StoredSession> PostgresStorage::sessions_of(int64_t player) {
    return sessions_in(
        connection_->exec(std::string(SessionColumns) + " WHERE player = $1", {number(player)}));
}

void PostgresStorage::save_rating(const StoredRating& g) {
    connection_->send(
        "INSERT INTO ratings(player, pool, rating, rd, volatility, games) "
        "VALUES($1, $2, $3, $4, $5, $6) ON CONFLICT(player, pool) DO UPDATE SET rating = $3, "
        "rd = $4, volatility = $5, games = $6",
        {number(g.player), pg::text(g.pool), real(g.rating, "rating"), real(g.rd, "rd"),
         real(g.volatility, "volatility"), number(g.games)},
        "save_rating");
}

std::vector<StoredRating> PostgresStorage::ratings() {
    const pg::Result rows =
        connection_->exec("SELECT player, pool, rating, rd, volatility, games FROM ratings");
    std::vector<StoredRating> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.integer(r, 0), rows.text(r, 1), real_from(rows, r, 2),
                       real_from(rows, r, 3), real_from(rows, r, 4),
                       static_cast<int>(rows.integer(r, 5))});
    return out;
}

void PostgresStorage::save_table_player(const std::string& table, int seat, int64_t player) {
    connection_->send(
        "INSERT INTO table_players(table_id, seat, player) VALUES($1, $2, $3) "
        "ON CONFLICT(table_id, seat) DO UPDATE SET player = $3",
        {pg::text(table), number(seat), number(player)}, "save_table_player");
}

void PostgresStorage::set_outcome(const std::string& table, int seat, const std::string& outcome) {
    connection_->send("UPDATE table_players SET outcome = $3 WHERE table_id = $1 AND seat = $2",
                      {pg::text(table), number(seat), pg::text(outcome)}, "set_outcome");
}

PlayerStats PostgresStorage::player_stats(int64_t player) {
    const pg::Result rows = connection_->exec(
        "SELECT outcome, COUNT(*) FROM table_players WHERE player = $1 AND outcome <> '' "
        "GROUP BY outcome",
        {number(player)});
    PlayerStats out;
    for (int r = 0; r < rows.rows(); ++r) {
        const std::string outcome = rows.text(r, 0);
        const int n = static_cast<int>(rows.integer(r, 1));
        if (outcome == "won")
            out.won += n;
        else if (outcome == "drawn")
            out.drawn += n;
        else if (outcome == "lost")
            out.lost += n;
        else
            continue;
        out.games += n;
    }
    return out;
}

std::vector<StoredTable> PostgresStorage::player_games(int64_t player, int limit) {
    std::vector<StoredTable> out;
    in_snapshot([&] {
        out = tables_from(connection_->exec(
            "SELECT id, created, status, spec, result FROM tables WHERE status = 'finished' "
            "AND id IN (SELECT table_id FROM table_players WHERE player = $1 AND outcome <> '') "
            "ORDER BY created DESC, id LIMIT $2",
            {number(player), limit < 0 ? pg::Param() : pg::Param(number(limit))}));
        for (StoredTable& t : out) t.moves = moves_of(t.id);
    });
    return out;
}

}  // namespace reversi::server

// Accounts across nodes (docs/MULTINODE.md "Accounts across nodes"): single rows by key, so a
// node reads what another node wrote without loading every account.
namespace reversi::server {

namespace {

// The sequence's INCREMENT (schema.cpp, version 6): each nextval owns this many ids.
constexpr int64_t PlayerIdBlock = 64;

constexpr const char* PlayerColumns =
    "SELECT id, name, name_key, password_hash, created, bot, COALESCE(name_skeleton, '') "
    "FROM players";
constexpr const char* RatingColumns =
    "SELECT player, pool, rating, rd, volatility, games FROM ratings";

StoredPlayer player_at(const pg::Result& rows, int r) {
    return {rows.integer(r, 0), rows.text(r, 1),        rows.text(r, 2), rows.text(r, 3),
            rows.integer(r, 4), rows.text(r, 5) == "t", rows.text(r, 6)};
}

StoredRating rating_at(const pg::Result& rows, int r) {
    return {rows.integer(r, 0),    rows.text(r, 1),       real_from(rows, r, 2),
            real_from(rows, r, 3), real_from(rows, r, 4), static_cast<int>(rows.integer(r, 5))};
}

std::optional<StoredPlayer> one_player(const pg::Result& rows) {
    if (rows.rows() == 0) return std::nullopt;
    return player_at(rows, 0);
}

}  // namespace

std::optional<StoredSession> PostgresStorage::load_session(const std::string& token_hash) {
    const pg::Result rows = connection_->exec(
        std::string(SessionColumns) + " WHERE token_hash = $1", {pg::text(token_hash)});
    if (rows.rows() == 0) return std::nullopt;
    return session_at(rows, 0);
}

std::optional<StoredPlayer> PostgresStorage::load_player(int64_t id) {
    return one_player(
        connection_->exec(std::string(PlayerColumns) + " WHERE id = $1", {number(id)}));
}

std::optional<StoredPlayer> PostgresStorage::load_player_named(const std::string& name_key) {
    return one_player(connection_->exec(std::string(PlayerColumns) + " WHERE name_key = $1",
                                        {pg::text(name_key)}));
}

std::optional<StoredPlayer> PostgresStorage::load_player_with_skeleton(
    const std::string& skeleton) {
    if (skeleton.empty()) return std::nullopt;
    return one_player(connection_->exec(std::string(PlayerColumns) + " WHERE name_skeleton = $1",
                                        {pg::text(skeleton)}));
}

std::vector<StoredRating> PostgresStorage::ratings_of(int64_t player) {
    const pg::Result rows =
        connection_->exec(std::string(RatingColumns) + " WHERE player = $1", {number(player)});
    std::vector<StoredRating> out;
    for (int r = 0; r < rows.rows(); ++r) out.push_back(rating_at(rows, r));
    return out;
}

std::optional<StoredRating> PostgresStorage::rating_for_update(int64_t player,
                                                               const std::string& pool) {
    // A missing row is made first (the starting rating, no games: listed nowhere), so that
    // two nodes settling games of one new player at once queue on the same row lock.
    const StoredRating fresh;
    connection_->exec(
        "INSERT INTO ratings(player, pool, rating, rd, volatility, games) "
        "VALUES($1, $2, $3, $4, $5, 0) ON CONFLICT(player, pool) DO NOTHING",
        {number(player), pg::text(pool), real(fresh.rating, "rating"), real(fresh.rd, "rd"),
         real(fresh.volatility, "volatility")});
    const pg::Result rows = connection_->exec(
        std::string(RatingColumns) + " WHERE player = $1 AND pool = $2 FOR UPDATE",
        {number(player), pg::text(pool)});
    if (rows.rows() == 0) return std::nullopt;
    return rating_at(rows, 0);
}

void PostgresStorage::touch_session(const std::string& token_hash, int64_t last_seen) {
    connection_->send("UPDATE sessions SET last_seen = $2 WHERE token_hash = $1",
                      {pg::text(token_hash), number(last_seen)}, "touch_session");
}

std::vector<RankedRating> PostgresStorage::top_ratings(const std::string& pool, int limit) {
    // rd > 110 is ProvisionalRd (accounts.h): established players first.
    const pg::Result rows = connection_->exec(
        "SELECT r.player, r.pool, r.rating, r.rd, r.volatility, r.games, p.name "
        "FROM ratings r JOIN players p ON p.id = r.player WHERE r.pool = $1 AND r.games > 0 "
        "ORDER BY (r.rd > 110), r.rating DESC, r.player LIMIT $2",
        {pg::text(pool), limit < 0 ? pg::Param() : pg::Param(number(limit))});
    std::vector<RankedRating> out;
    for (int r = 0; r < rows.rows(); ++r) out.push_back({rating_at(rows, r), rows.text(r, 6)});
    return out;
}

std::pair<int64_t, int64_t> PostgresStorage::reserve_player_ids() {
    const pg::Result rows = connection_->exec("SELECT nextval('player_ids')");
    const int64_t first = rows.integer(0, 0);
    return {first, first + PlayerIdBlock};
}

}  // namespace reversi::server
