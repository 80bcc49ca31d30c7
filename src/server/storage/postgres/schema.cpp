// SPDX-License-Identifier: MIT
// The migrations, append only: never edit one that has been released, add the next. DDL is
// transactional in PostgreSQL, so a failed migration leaves the database as it was.
#include "server/storage/postgres/schema.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "server/storage/schema_compat.h"

namespace reversi::server::pg {

namespace {

// Version 1: tables and moves, as in SQLite. The spec and result stay text: the store does
// not interpret them and must give back exactly what it was given.
constexpr const char* SchemaVersion1 = R"(
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    created BIGINT NOT NULL,
    status TEXT NOT NULL,
    spec TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tables_status ON tables(status, created);
CREATE TABLE moves (
    table_id TEXT NOT NULL,
    ply INTEGER NOT NULL,
    square TEXT NOT NULL,
    clock TEXT NOT NULL,
    PRIMARY KEY (table_id, ply)
);
)";

// Version 2: players, sessions, ratings and the seats players held (docs/SITE.md).
constexpr const char* SchemaVersion2 = R"(
CREATE TABLE players (
    id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL DEFAULT '',
    created BIGINT NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    player BIGINT NOT NULL,
    created BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);
CREATE INDEX sessions_player ON sessions(player);
CREATE TABLE ratings (
    player BIGINT NOT NULL,
    pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, pool)
);
CREATE TABLE table_players (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    player BIGINT NOT NULL,
    outcome TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX table_players_player ON table_players(player, outcome);
)";

// Version 3: chat. Versions 3 to 5 keep IF NOT EXISTS: earlier builds created these tables
// at every start, outside the numbering, so a database they made (version 2) already holds
// them with their rows, and the migration must leave those as they are.
constexpr const char* SchemaVersion3 = R"(
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    time BIGINT NOT NULL,
    seat INTEGER NOT NULL,
    sender TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
)";

// Version 4: analyses.
constexpr const char* SchemaVersion4 = R"(
CREATE TABLE IF NOT EXISTS analyses (
    table_id TEXT PRIMARY KEY,
    analysis TEXT NOT NULL
);
)";

// Version 5: several nodes on one database (docs/MULTINODE.md); in SQLite, which has one node
// by nature, the same number changes nothing. A lease row says which node owns a live table
// until when; its fence grows by one at every change of owner, and every fenced write records
// the fence it was made under. lease_log keeps every (table, fence, owner) taken (the audit
// that no fence had two owners); nodes, each node's public address and heartbeat; the lobby_*
// tables, the lobby's state shared through LISTEN/NOTIFY (pg_listener.cpp): rows of the live
// nodes only.
constexpr const char* SchemaVersion5 = R"(
CREATE TABLE IF NOT EXISTS table_leases (
    table_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    fence BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
ALTER TABLE tables ADD COLUMN IF NOT EXISTS fence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN IF NOT EXISTS fence BIGINT NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS lease_log (
    table_id TEXT NOT NULL,
    fence BIGINT NOT NULL,
    owner TEXT NOT NULL,
    taken TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (table_id, fence, owner)
);
CREATE TABLE IF NOT EXISTS nodes (
    name TEXT PRIMARY KEY,
    address TEXT NOT NULL,
    heartbeat TIMESTAMPTZ NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS table_leases_owner ON table_leases(owner);
CREATE TABLE IF NOT EXISTS lobby_nodes (
    node TEXT PRIMARY KEY,
    online BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS lobby_seeks (
    id TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    event TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS lobby_players (
    node TEXT NOT NULL,
    player BIGINT NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (node, player)
);
)";

// Version 6: player ids for several nodes (docs/MULTINODE.md "Accounts across nodes"): each
// nextval reserves a block of 64 ids (PlayerIdBlock in storage/postgres/accounts.cpp), starting
// past every id a single node numbered before.
constexpr const char* SchemaVersion6 = R"(
CREATE SEQUENCE player_ids INCREMENT BY 64 MINVALUE 1 START WITH 1;
SELECT setval('player_ids', (SELECT COALESCE(MAX(id), 0) + 1 FROM players), false);
)";

// Version 7: the lobby's shared state across nodes (lobby/quick_pairing.*, pg_quick_match.*): the
// quick-pairing queue of every node (seq: the order of arrival among equal times), the
// running games and the pending challenges each node holds.
constexpr const char* SchemaVersion7 = R"(
CREATE TABLE IF NOT EXISTS lobby_quick (
    node TEXT NOT NULL,
    player BIGINT NOT NULL,
    seq BIGSERIAL,
    since BIGINT NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (node, player)
);
CREATE TABLE IF NOT EXISTS lobby_games (
    table_id TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    event TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS lobby_challenges (
    id TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    event TEXT NOT NULL
);
)";

// Version 8: puzzles (docs/PUZZLES.md "On the site"): each puzzle's rating, each player's puzzle
// rating, and the rated attempts (one per player and puzzle).
constexpr const char* SchemaVersion8 = R"(
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts INTEGER NOT NULL,
    solved INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS player_puzzles (
    player BIGINT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts INTEGER NOT NULL,
    solved INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzle_attempts (
    player BIGINT NOT NULL,
    puzzle TEXT NOT NULL,
    solved INTEGER NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (player, puzzle)
);
)";

// Version 9: bot accounts (docs/PROTOCOL.md "Bot API").
constexpr const char* SchemaVersion9 = R"(
ALTER TABLE players ADD COLUMN IF NOT EXISTS bot BOOLEAN NOT NULL DEFAULT false;
)";

// Version 10: tournaments (docs/SITE.md "Tournaments"): one document each.
constexpr const char* SchemaVersion10 = R"(
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    created BIGINT NOT NULL,
    status TEXT NOT NULL,
    doc TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments(status, created);
)";

// Version 11: wrong logins, counted across nodes by name and by (name, address)
// (accounts/login_throttle.h); rows older than the throttle's window are deleted as new ones
// come.
constexpr const char* SchemaVersion11 = R"(
CREATE TABLE IF NOT EXISTS login_failures (
    name_key TEXT NOT NULL,
    address TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS login_failures_name ON login_failures(name_key, at);
CREATE INDEX IF NOT EXISTS login_failures_at ON login_failures(at);
)";

// Version 12: the best puzzle streak per player and pool (docs/PUZZLES.md "Streak mode").
constexpr const char* SchemaVersion12 = R"(
CREATE TABLE IF NOT EXISTS puzzle_streaks (
    player BIGINT NOT NULL,
    pool TEXT NOT NULL,
    best INTEGER NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (player, pool)
);
)";

// Version 13: players' imported games (docs/EXPLORER.md "Imported games").
constexpr const char* SchemaVersion13 = R"(
CREATE TABLE IF NOT EXISTS imported_games (
    id BIGSERIAL PRIMARY KEY,
    player BIGINT NOT NULL,
    pool TEXT NOT NULL,
    moves TEXT NOT NULL,
    winner INTEGER NOT NULL,
    black TEXT NOT NULL,
    white TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS imported_games_player ON imported_games(player);
)";

// Version 14: moderation (docs/SITE.md "Moderation"): roles, sanctions with their end, the
// audit log of moderators' actions and players' reports.
constexpr const char* SchemaVersion14 = R"(
CREATE TABLE IF NOT EXISTS roles (
    player BIGINT PRIMARY KEY,
    role TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sanctions (
    player BIGINT NOT NULL,
    kind TEXT NOT NULL,
    until BIGINT NOT NULL,
    PRIMARY KEY (player, kind)
);
CREATE TABLE IF NOT EXISTS audit_log (
    id BIGSERIAL PRIMARY KEY,
    at BIGINT NOT NULL,
    actor BIGINT NOT NULL,
    action TEXT NOT NULL,
    target BIGINT NOT NULL,
    detail TEXT NOT NULL,
    reason TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reports (
    id TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    reporter BIGINT NOT NULL,
    target BIGINT NOT NULL,
    reason TEXT NOT NULL,
    text TEXT NOT NULL,
    table_id TEXT NOT NULL,
    chat_seq BIGINT NOT NULL,
    chat_text TEXT NOT NULL,
    resolved_by BIGINT NOT NULL,
    resolution TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS reports_open ON reports(resolved_by, at);
CREATE TABLE IF NOT EXISTS reversed_games (
    table_id TEXT PRIMARY KEY
);
)";

// Version 15: names unique by their look (issue 27): each player's confusable skeleton, NULL
// for guests; Accounts::restore fills the rows that have none (SQL cannot call ICU), and of
// two old names that look alike the later keeps NULL (docs/STORAGE.md).
constexpr const char* SchemaVersion15 = R"(
ALTER TABLE players ADD COLUMN IF NOT EXISTS name_skeleton TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS players_name_skeleton ON players(name_skeleton);
)";

// Version 16: running puzzle streaks, so that a restart does not end them (docs/PUZZLES.md
// "Streak mode"). Self-contained: the number may change at a merge.
constexpr const char* SchemaVersionRunningStreaks = R"(
CREATE TABLE IF NOT EXISTS running_puzzle_streaks (
    player BIGINT PRIMARY KEY,
    pool TEXT NOT NULL,
    count INTEGER NOT NULL,
    current TEXT NOT NULL,
    last_rating DOUBLE PRECISION NOT NULL,
    seen TEXT NOT NULL,
    touched BIGINT NOT NULL
);
)";

// Version 17: tournaments across nodes (docs/MULTINODE.md "Tournaments across nodes"): the
// one lease of the node that runs every tournament, fenced as a table's.
constexpr const char* SchemaVersionTournamentLease = R"(
CREATE TABLE IF NOT EXISTS tournament_lease (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    owner TEXT NOT NULL,
    fence BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);
)";

// Version 18: a bot's API tokens told from its logins (docs/PROTOCOL.md "Bot API": listed,
// at most five, revocable); every session a bot held before is marked a token
// (Accounts::restore keeps the five used last). And the report queue grouped by reported
// player, one open report per reporter and player. Self-contained: the number may change at
// a merge.
constexpr const char* SchemaVersionBotTokens = R"(
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS api BOOLEAN NOT NULL DEFAULT false;
UPDATE sessions SET api = true WHERE player IN (SELECT id FROM players WHERE bot);
CREATE INDEX IF NOT EXISTS reports_target ON reports(target, resolved_by, at);
CREATE INDEX IF NOT EXISTS reports_reporter ON reports(reporter, target, resolved_by);
)";

// Version 19: who was shown which puzzle's solution (issue 48, item 6; puzzles/seen_puzzles.h),
// so that a restart or another node still refuses to rate it. Self-contained: the number may
// change at a merge.
constexpr const char* SchemaVersionSeenPuzzles = R"(
CREATE TABLE IF NOT EXISTS seen_puzzles (
    viewer TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (viewer, puzzle)
);
CREATE INDEX IF NOT EXISTS seen_puzzles_viewer_at ON seen_puzzles(viewer, at);
CREATE INDEX IF NOT EXISTS seen_puzzles_at ON seen_puzzles(at);
)";

// Version 20: open correspondence challenges, so that a restart does not lose them (issue 48,
// loose end of item 13); `node` is the node that holds each. Self-contained: the number may
// change at a merge.
constexpr const char* SchemaVersionChallenges = R"(
CREATE TABLE IF NOT EXISTS correspondence_challenges (
    id TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    challenge TEXT NOT NULL,
    expires BIGINT NOT NULL
);
)";

// Migration i brings a database to version i + 1.
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

// Any fixed number: the key of the advisory lock that serialises migrations.
constexpr const char* MigrationLock = "7274151";

}  // namespace

int schema_version() {
    return static_cast<int>(migrations().size());
}

int stored_schema_version(Connection& connection) {
    const Result exists = connection.exec("SELECT to_regclass('schema_version') IS NOT NULL");
    if (exists.text(0, 0) != "t") return 0;
    const Result version = connection.exec("SELECT COALESCE(MAX(version), 0) FROM schema_version");
    return static_cast<int>(version.integer(0, 0));
}

void migrate(Connection& connection) {
    connection.exec("BEGIN");
    try {
        connection.exec(std::string("SELECT pg_advisory_xact_lock(") + MigrationLock + ")");
        connection.exec("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
        connection.exec("CREATE TABLE IF NOT EXISTS schema_compat (oldest INTEGER NOT NULL)");
        const int have = stored_schema_version(connection);
        const int want = schema_version();
        const Result compat = connection.exec("SELECT MAX(oldest) FROM schema_compat");
        const bool recorded = !compat.is_null(0, 0);
        const int oldest = recorded ? static_cast<int>(compat.integer(0, 0)) : have;
        // A newer build's database that only gained things is served as it is (rolling
        // upgrade, docs/STORAGE.md).
        if (have > want && !may_serve(want, have, oldest))
            throw std::runtime_error(newer_schema_error(have, oldest, want));
        for (int v = have; v < want; ++v) connection.exec(migrations()[v]);
        if (have < want) {
            connection.exec("DELETE FROM schema_version");
            connection.exec("INSERT INTO schema_version(version) VALUES($1)",
                            {std::to_string(want)});
        }
        if (have < want || (have == want && !recorded)) {
            connection.exec("DELETE FROM schema_compat");
            connection.exec("INSERT INTO schema_compat(oldest) VALUES($1)",
                            {std::to_string(OldestCompatibleSchema)});
        }
        connection.exec("COMMIT");
    } catch (...) {
        try {
            if (connection.in_transaction()) connection.exec("ROLLBACK");
        } catch (...) {
            // The first failure is the one worth reporting.
        }
        throw;
    }
}

}  // namespace reversi::server::pg
