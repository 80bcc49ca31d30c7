// SPDX-License-Identifier: MIT
// The schema as the builds before numbered versions 3-5 left a database, frozen here for the
// migration tests (storage_migration_test.cpp): schema_version 2 (tables, moves and accounts),
// plus the tables those builds made outside the numbering with IF NOT EXISTS at every start
// (chat and analyses in both back ends; on PostgreSQL the lease tables, the fence columns and
// the lobby bus's tables). Never change it to follow the code: it is history.
#pragma once

namespace reversi::server::previous_schema {

// Versions 1 and 2, recorded as version 2.
inline constexpr const char* SqliteNumbered = R"(
CREATE TABLE tables (id TEXT PRIMARY KEY, created INTEGER NOT NULL, status TEXT NOT NULL,
    spec TEXT NOT NULL, result TEXT NOT NULL DEFAULT '');
CREATE INDEX tables_status ON tables(status, created);
CREATE TABLE moves (table_id TEXT NOT NULL, ply INTEGER NOT NULL, square TEXT NOT NULL,
    clock TEXT NOT NULL, PRIMARY KEY (table_id, ply)) WITHOUT ROWID;
CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL DEFAULT '', created INTEGER NOT NULL);
CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, player INTEGER NOT NULL,
    created INTEGER NOT NULL, last_seen INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX sessions_player ON sessions(player);
CREATE TABLE ratings (player INTEGER NOT NULL, pool TEXT NOT NULL, rating REAL NOT NULL,
    rd REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,
    PRIMARY KEY (player, pool)) WITHOUT ROWID;
CREATE TABLE table_players (table_id TEXT NOT NULL, seat INTEGER NOT NULL,
    player INTEGER NOT NULL, outcome TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)) WITHOUT ROWID;
CREATE INDEX table_players_player ON table_players(player, outcome);
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES(2);
)";

inline constexpr const char* SqliteUnnumbered = R"(
CREATE TABLE chat (table_id TEXT NOT NULL, seq INTEGER NOT NULL, time INTEGER NOT NULL,
    seat INTEGER NOT NULL, sender TEXT NOT NULL, text TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
CREATE TABLE analyses (table_id TEXT PRIMARY KEY, analysis TEXT NOT NULL) WITHOUT ROWID;
)";

inline constexpr const char* PostgresNumbered = R"(
CREATE TABLE tables (id TEXT PRIMARY KEY, created BIGINT NOT NULL, status TEXT NOT NULL,
    spec TEXT NOT NULL, result TEXT NOT NULL DEFAULT '');
CREATE INDEX tables_status ON tables(status, created);
CREATE TABLE moves (table_id TEXT NOT NULL, ply INTEGER NOT NULL, square TEXT NOT NULL,
    clock TEXT NOT NULL, PRIMARY KEY (table_id, ply));
CREATE TABLE players (id BIGINT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL DEFAULT '', created BIGINT NOT NULL);
CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, player BIGINT NOT NULL,
    created BIGINT NOT NULL, last_seen BIGINT NOT NULL);
CREATE INDEX sessions_player ON sessions(player);
CREATE TABLE ratings (player BIGINT NOT NULL, pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (player, pool));
CREATE TABLE table_players (table_id TEXT NOT NULL, seat INTEGER NOT NULL,
    player BIGINT NOT NULL, outcome TEXT NOT NULL DEFAULT '', PRIMARY KEY (table_id, seat));
CREATE INDEX table_players_player ON table_players(player, outcome);
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES(2);
)";

inline constexpr const char* PostgresUnnumbered = R"(
CREATE TABLE chat (table_id TEXT NOT NULL, seq BIGINT NOT NULL, time BIGINT NOT NULL,
    seat INTEGER NOT NULL, sender TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE analyses (table_id TEXT PRIMARY KEY, analysis TEXT NOT NULL);
CREATE TABLE table_leases (table_id TEXT PRIMARY KEY, owner TEXT NOT NULL,
    fence BIGINT NOT NULL, expires TIMESTAMPTZ NOT NULL);
ALTER TABLE tables ADD COLUMN fence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN fence BIGINT NOT NULL DEFAULT 0;
CREATE TABLE lease_log (table_id TEXT NOT NULL, fence BIGINT NOT NULL, owner TEXT NOT NULL,
    taken TIMESTAMPTZ NOT NULL, PRIMARY KEY (table_id, fence, owner));
CREATE TABLE nodes (name TEXT PRIMARY KEY, address TEXT NOT NULL,
    heartbeat TIMESTAMPTZ NOT NULL, expires TIMESTAMPTZ NOT NULL);
CREATE INDEX table_leases_owner ON table_leases(owner);
CREATE TABLE lobby_nodes (node TEXT PRIMARY KEY, online BIGINT NOT NULL,
    expires TIMESTAMPTZ NOT NULL);
CREATE TABLE lobby_seeks (id TEXT PRIMARY KEY, node TEXT NOT NULL, event TEXT NOT NULL);
CREATE TABLE lobby_players (node TEXT NOT NULL, player BIGINT NOT NULL, event TEXT NOT NULL,
    PRIMARY KEY (node, player));
)";

// Rows such a database holds, in SQL both back ends read alike.
inline constexpr const char* Rows = R"(
INSERT INTO tables(id, created, status, spec, result)
    VALUES('t1', 5, 'finished', '{"spec":1}', '{"r":1}');
INSERT INTO moves(table_id, ply, square, clock) VALUES('t1', 0, 'd3', '1234');
INSERT INTO chat(table_id, seq, time, seat, sender, text)
    VALUES('t1', 1, 77, 1, 'Zoë', 'good game');
INSERT INTO analyses(table_id, analysis) VALUES('t1', '{"plies":[]}');
INSERT INTO players(id, name, name_key, password_hash, created) VALUES(9, 'Ada', 'ada', '', 50);
)";

}  // namespace reversi::server::previous_schema
