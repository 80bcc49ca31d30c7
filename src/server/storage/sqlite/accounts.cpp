// SPDX-License-Identifier: MIT
// SQLite back end, second part: the schema's versions and the rows of accounts (players,
// sessions, ratings, who sat at which table). The migrations run in order when the store is
// opened, each in its own transaction together with the new version number, so a database
// is always at one version; a database newer than this build is refused rather than damaged.
#include <sqlite3.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "server/storage/schema_compat.h"
#include "server/storage/sqlite/statement.h"
#include "server/storage/sqlite/storage.h"

namespace reversi::server {

extern const char* const SchemaVersion1;
extern const char* const SchemaVersion3;   // chat (storage/sqlite/chat.cpp)
extern const char* const SchemaVersion4;   // analyses (storage/sqlite/analysis.cpp)
extern const char* const SchemaVersion8;   // puzzles (storage/sqlite/puzzles.cpp)
extern const char* const SchemaVersion10;  // tournaments (storage/sqlite/tournaments.cpp)
extern const char* const SchemaVersion12;  // puzzle streaks (storage/sqlite/puzzles.cpp)
extern const char* const SchemaVersion13;  // imported games (storage/sqlite/imports.cpp)
extern const char* const SchemaVersion14;  // moderation (storage/sqlite/moderation.cpp)
// running puzzle streaks (storage/sqlite/puzzles.cpp)
extern const char* const SchemaVersionRunningStreaks;
extern const char* const SchemaVersionSeenPuzzles;  // who saw which solution (puzzles.cpp)
extern const char* const SchemaVersionChallenges;   // correspondence challenges (challenges.cpp)

namespace {

using namespace sqlite_detail;

// Version 2: players (name_key unique: names are unique ignoring case), sessions by token
// hash, ratings per pool, and the seats players held, with the outcome once the game ended.
constexpr const char* SchemaVersion2 = R"(
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    player INTEGER NOT NULL,
    created INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_player ON sessions(player);
CREATE TABLE ratings (
    player INTEGER NOT NULL,
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, pool)
) WITHOUT ROWID;
CREATE TABLE table_players (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    player INTEGER NOT NULL,
    outcome TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX table_players_player ON table_players(player, outcome);
)";

// Version 5: the tables of several nodes on one database (leases, fences, the lobby's shared
// rows): PostgreSQL only, since a SQLite store has one node; nothing here, so that one number
// still says the same in both back ends.
constexpr const char* SchemaVersion5 = "-- PostgreSQL only (storage/postgres/schema.cpp)";
// Version 6: PostgreSQL's block sequence of player ids; a SQLite store numbers them itself.
constexpr const char* SchemaVersion6 = "-- PostgreSQL only (storage/postgres/schema.cpp)";
// Version 7: the lobby shared by several nodes.
constexpr const char* SchemaVersion7 = "-- PostgreSQL only (storage/postgres/schema.cpp)";
// Version 9: bot accounts (docs/PROTOCOL.md "Bot API").
constexpr const char* SchemaVersion9 =
    "ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0";
// Version 11: wrong logins shared by several nodes; one node counts them in memory.
constexpr const char* SchemaVersion11 = "-- PostgreSQL only (storage/postgres/schema.cpp)";

// Version 15: names unique by their look (issue 27): each player's confusable skeleton
// (player_names.h), NULL for guests. SQL cannot call ICU: Accounts::restore fills the rows
// that have none at start, the lower id first; of two old names that look alike the later
// keeps NULL, so the unique index holds (docs/STORAGE.md).
constexpr const char* SchemaVersion15 =
    "ALTER TABLE players ADD COLUMN name_skeleton TEXT;"
    "CREATE UNIQUE INDEX IF NOT EXISTS players_name_skeleton ON players(name_skeleton)";
// Version 17: the tournament lease of several nodes; one node always leads.
constexpr const char* SchemaVersionTournamentLease =
    "-- PostgreSQL only (storage/postgres/schema.cpp)";

// Version 18: a bot's API tokens told from its logins (docs/PROTOCOL.md "Bot API": listed,
// at most five, revocable); every session a bot held before was one of its tokens or its
// owner's login, and is marked a token (Accounts::restore keeps the five used last). And the
// report queue grouped by reported player, one open report per reporter and player.
constexpr const char* SchemaVersionBotTokens =
    "ALTER TABLE sessions ADD COLUMN api INTEGER NOT NULL DEFAULT 0;"
    "UPDATE sessions SET api = 1 WHERE player IN (SELECT id FROM players WHERE bot = 1);"
    "CREATE INDEX IF NOT EXISTS reports_target ON reports(target, resolved_by, at);"
    "CREATE INDEX IF NOT EXISTS reports_reporter ON reports(reporter, target, resolved_by)";

// Migration i brings a database to version i + 1. Append only; never edit a released one.
const std::vector<const char*>& migrations() {
    static const std::vector<const char*> List = {SchemaVersion1,
                                                  SchemaVersion2,
                                                  SchemaVersion3,
                                                  SchemaVersion4,
                                                  SchemaVersion5,
                                                  SchemaVersion6,
                                                  SchemaVersion7,
                                                  SchemaVersion8,
                                                  SchemaVersion9,
                                                  SchemaVersion10,
                                                  SchemaVersion11,
                                                  SchemaVersion12,
                                                  SchemaVersion13,
                                                  SchemaVersion14,
                                                  SchemaVersion15,
                                                  SchemaVersionRunningStreaks,
                                                  SchemaVersionTournamentLease,
                                                  SchemaVersionBotTokens,
                                                  SchemaVersionSeenPuzzles,
                                                  SchemaVersionChallenges};
    return List;
}

}  // namespace

int SqliteStorage::schema_version() {
    return static_cast<int>(migrations().size());
}

int SqliteStorage::stored_schema_version() {
    sqlite3_stmt* st = prepare("SELECT MAX(version) FROM schema_version");
    const int rc = sqlite3_step(st);
    const int version = rc == SQLITE_ROW ? sqlite3_column_int(st, 0) : 0;
    sqlite3_finalize(st);
    return version;
}

void SqliteStorage::migrate() {
    exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    exec("CREATE TABLE IF NOT EXISTS schema_compat (oldest INTEGER NOT NULL)");
    const int have = stored_schema_version();
    const int want = schema_version();
    sqlite3_stmt* st = prepare("SELECT MAX(oldest) FROM schema_compat");
    const bool recorded =
        sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL;
    const int oldest = recorded ? sqlite3_column_int(st, 0) : have;
    sqlite3_finalize(st);
    // A newer build's database that only gained things is served as it is (rolling upgrade).
    if (have > want) {
        if (!may_serve(want, have, oldest))
            throw std::runtime_error(newer_schema_error(have, oldest, want));
        return;
    }
    for (int v = have; v < want; ++v) {
        exec("BEGIN IMMEDIATE");
        try {
            exec(migrations()[v]);
            exec("DELETE FROM schema_version");
            exec(("INSERT INTO schema_version(version) VALUES(" + std::to_string(v + 1) + ")")
                     .c_str());
            exec("COMMIT");
        } catch (...) {
            rollback();
            throw;
        }
    }
    if (have < want || !recorded) {
        exec("DELETE FROM schema_compat");
        exec(("INSERT INTO schema_compat(oldest) VALUES(" + std::to_string(OldestCompatibleSchema) +
              ")")
                 .c_str());
    }
}

void SqliteStorage::prepare_accounts() {
    save_player_ = prepare(
        "INSERT INTO players(id, name, name_key, password_hash, created, bot, name_skeleton) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6, NULLIF(?7, '')) ON CONFLICT(id) DO UPDATE SET name = ?2, "
        "name_key = ?3, password_hash = ?4, bot = ?6, name_skeleton = NULLIF(?7, '')");
    players_ = prepare(
        "SELECT id, name, name_key, password_hash, created, bot, COALESCE(name_skeleton, '') "
        "FROM players ORDER BY id");
    save_session_ = prepare(
        "INSERT INTO sessions(token_hash, player, created, last_seen, api) "
        "VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT(token_hash) DO UPDATE SET player = ?2, "
        "last_seen = ?4");
    delete_session_ = prepare("DELETE FROM sessions WHERE token_hash = ?1");
    delete_sessions_of_ = prepare("DELETE FROM sessions WHERE player = ?1 AND token_hash != ?2");
    sessions_ = prepare("SELECT token_hash, player, created, last_seen, api FROM sessions");
    save_rating_ = prepare(
        "INSERT INTO ratings(player, pool, rating, rd, volatility, games) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(player, pool) DO UPDATE SET rating = ?3, "
        "rd = ?4, volatility = ?5, games = ?6");
    ratings_ = prepare("SELECT player, pool, rating, rd, volatility, games FROM ratings");
    save_table_player_ = prepare(
        "INSERT INTO table_players(table_id, seat, player) VALUES(?1, ?2, ?3) "
        "ON CONFLICT(table_id, seat) DO UPDATE SET player = ?3");
    set_outcome_ =
        prepare("UPDATE table_players SET outcome = ?3 WHERE table_id = ?1 AND seat = ?2");
    player_stats_ = prepare(
        "SELECT outcome, COUNT(*) FROM table_players WHERE player = ?1 AND outcome != '' "
        "GROUP BY outcome");
    player_games_ = prepare(
        "SELECT id, created, status, spec, result FROM tables WHERE status = 'finished' AND id IN "
        "(SELECT table_id FROM table_players WHERE player = ?1 AND outcome != '') "
        "ORDER BY created DESC, id LIMIT ?2");
}

void SqliteStorage::close_accounts() {
    for (sqlite3_stmt** st : {&save_player_, &players_, &save_session_, &delete_session_,
                              &delete_sessions_of_, &sessions_, &save_rating_, &ratings_,
                              &save_table_player_, &set_outcome_, &player_stats_, &player_games_}) {
        sqlite3_finalize(*st);
        *st = nullptr;
    }
}

void SqliteStorage::save_player(const StoredPlayer& p) {
    ResetAfter r{save_player_};
    sqlite3_bind_int64(save_player_, 1, p.id);
    bind_text(save_player_, 2, p.name);
    bind_text(save_player_, 3, p.name_key);
    bind_text(save_player_, 4, p.password_hash);
    sqlite3_bind_int64(save_player_, 5, p.created);
    sqlite3_bind_int(save_player_, 6, p.bot ? 1 : 0);
    bind_text(save_player_, 7, p.name_skeleton);
    check(sqlite3_step(save_player_), "save player");
}

std::vector<StoredPlayer> SqliteStorage::players() {
    ResetAfter r{players_};
    std::vector<StoredPlayer> out;
    int rc;
    while ((rc = sqlite3_step(players_)) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(players_, 0), column_text(players_, 1),
                       column_text(players_, 2), column_text(players_, 3),
                       sqlite3_column_int64(players_, 4), sqlite3_column_int(players_, 5) != 0,
                       column_text(players_, 6)});
    check(rc, "read players");
    return out;
}

void SqliteStorage::save_session(const StoredSession& s) {
    ResetAfter r{save_session_};
    bind_text(save_session_, 1, s.token_hash);
    sqlite3_bind_int64(save_session_, 2, s.player);
    sqlite3_bind_int64(save_session_, 3, s.created);
    sqlite3_bind_int64(save_session_, 4, s.last_seen);
    sqlite3_bind_int(save_session_, 5, s.api ? 1 : 0);
    check(sqlite3_step(save_session_), "save session");
}

void SqliteStorage::delete_session(const std::string& token_hash) {
    ResetAfter r{delete_session_};
    bind_text(delete_session_, 1, token_hash);
    check(sqlite3_step(delete_session_), "delete session");
}

void SqliteStorage::delete_sessions_of(int64_t player, const std::string& keep) {
    ResetAfter r{delete_sessions_of_};
    sqlite3_bind_int64(delete_sessions_of_, 1, player);
    bind_text(delete_sessions_of_, 2, keep);
    check(sqlite3_step(delete_sessions_of_), "delete sessions");
}

std::vector<StoredSession> SqliteStorage::sessions() {
    ResetAfter r{sessions_};
    std::vector<StoredSession> out;
    int rc;
    while ((rc = sqlite3_step(sessions_)) == SQLITE_ROW)
        out.push_back({column_text(sessions_, 0), sqlite3_column_int64(sessions_, 1),
                       sqlite3_column_int64(sessions_, 2), sqlite3_column_int64(sessions_, 3),
                       sqlite3_column_int(sessions_, 4) != 0});
    check(rc, "read sessions");
    return out;
}

void SqliteStorage::save_rating(const StoredRating& g) {
    ResetAfter r{save_rating_};
    sqlite3_bind_int64(save_rating_, 1, g.player);
    bind_text(save_rating_, 2, g.pool);
    sqlite3_bind_double(save_rating_, 3, g.rating);
    sqlite3_bind_double(save_rating_, 4, g.rd);
    sqlite3_bind_double(save_rating_, 5, g.volatility);
    sqlite3_bind_int(save_rating_, 6, g.games);
    check(sqlite3_step(save_rating_), "save rating");
}

std::vector<StoredRating> SqliteStorage::ratings() {
    ResetAfter r{ratings_};
    std::vector<StoredRating> out;
    int rc;
    while ((rc = sqlite3_step(ratings_)) == SQLITE_ROW)
        out.push_back({sqlite3_column_int64(ratings_, 0), column_text(ratings_, 1),
                       sqlite3_column_double(ratings_, 2), sqlite3_column_double(ratings_, 3),
                       sqlite3_column_double(ratings_, 4), sqlite3_column_int(ratings_, 5)});
    check(rc, "read ratings");
    return out;
}

void SqliteStorage::save_table_player(const std::string& table, int seat, int64_t player) {
    ResetAfter r{save_table_player_};
    bind_text(save_table_player_, 1, table);
    sqlite3_bind_int(save_table_player_, 2, seat);
    sqlite3_bind_int64(save_table_player_, 3, player);
    check(sqlite3_step(save_table_player_), "save table player");
}

void SqliteStorage::set_outcome(const std::string& table, int seat, const std::string& outcome) {
    ResetAfter r{set_outcome_};
    bind_text(set_outcome_, 1, table);
    sqlite3_bind_int(set_outcome_, 2, seat);
    bind_text(set_outcome_, 3, outcome);
    check(sqlite3_step(set_outcome_), "set outcome");
}

PlayerStats SqliteStorage::player_stats(int64_t player) {
    ResetAfter r{player_stats_};
    sqlite3_bind_int64(player_stats_, 1, player);
    PlayerStats out;
    int rc;
    while ((rc = sqlite3_step(player_stats_)) == SQLITE_ROW) {
        const std::string outcome = column_text(player_stats_, 0);
        const int n = sqlite3_column_int(player_stats_, 1);
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
    check(rc, "read stats");
    return out;
}

std::vector<StoredTable> SqliteStorage::player_games(int64_t player, int limit) {
    std::vector<StoredTable> out;
    {
        ResetAfter r{player_games_};
        sqlite3_bind_int64(player_games_, 1, player);
        sqlite3_bind_int(player_games_, 2, limit);
        int rc;
        while ((rc = sqlite3_step(player_games_)) == SQLITE_ROW)
            out.push_back(read_row(player_games_));
        check(rc, "list player games");
    }
    for (StoredTable& t : out) t.moves = moves_of(t.id);
    return out;
}

}  // namespace reversi::server
