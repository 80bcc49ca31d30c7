// SPDX-License-Identifier: MIT
// Rolling upgrades (docs/STORAGE.md "Upgrading nodes one at a time"): a database records, in
// `schema_compat(oldest)`, the oldest schema version whose build may still serve it, so that
// a node of the previous release goes on beside a node that has migrated the database to a
// newer version, as long as every migration between them only added things. Both back ends
// share these rules; the numbers mean the same in both.
#pragma once

#include <string>

namespace reversi::server {

// The oldest schema version whose build may serve a database this build has migrated. A
// migration that only adds (a table, an index, a column that is nullable or has a default)
// leaves it; one that removes, renames or changes the meaning of anything raises it to its
// own version, and every node must then be upgraded together.
inline constexpr int OldestCompatibleSchema = 7;

// Whether a build of schema version `build` may serve a database at version `stored` whose
// migrator declared `oldest` (a database without the record: `oldest` = `stored`).
constexpr bool may_serve(int build, int stored, int oldest) {
    return stored <= build || oldest <= build;
}

// Why a build may not serve a database: it is newer and not compatible.
inline std::string newer_schema_error(int stored, int oldest, int build) {
    return "the database has schema version " + std::to_string(stored) +
           ", newer than this "
           "server's " +
           std::to_string(build) + " (builds from version " + std::to_string(oldest) +
           " on may serve it)";
}

}  // namespace reversi::server
