// SPDX-License-Identifier: MIT
// The PostgreSQL schema's versions. Version N here is the same change as version N of the
// SQLite store (storage/sqlite/accounts.cpp), written in PostgreSQL's types, so one number
// says what a database holds whatever its back end (docs/STORAGE.md).
#pragma once

#include "server/storage/postgres/connection.h"

namespace reversi::server::pg {

// The schema version this build writes.
int schema_version();
// The version recorded in the database (0 for an empty one).
int stored_schema_version(Connection& connection);
// Brings the database to schema_version() in one transaction, under an advisory lock so that
// nodes starting together migrate once; throws (nothing changed) when the database is newer
// than this build or a migration fails.
void migrate(Connection& connection);

}  // namespace reversi::server::pg
