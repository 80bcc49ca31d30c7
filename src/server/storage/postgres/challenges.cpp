// SPDX-License-Identifier: MIT
// PostgreSQL back end, open correspondence challenges (ChallengeStore), schema version 20
// (schema.cpp). Each row names the lobby node that holds the challenge; a node claims in one
// statement the rows of nodes whose `lobby_nodes` row expired or is gone (stopped or dead:
// docs/MULTINODE.md "Lobby"), so two live nodes never hold one challenge.
#include <string>

#include "server/storage/postgres/storage.h"
#include "server/storage/postgres/values.h"

namespace reversi::server {

void PostgresStorage::save_challenge(const StoredChallenge& c) {
    using namespace pg_values;
    connection_->exec(
        "INSERT INTO correspondence_challenges(id, node, challenge, expires) VALUES($1, $2, $3, "
        "$4) ON CONFLICT(id) DO UPDATE SET node = $2, challenge = $3, expires = $4",
        {pg::text(c.id), pg::text(c.node), pg::text(c.challenge), number(c.expires)});
}

void PostgresStorage::delete_challenge(const std::string& id) {
    connection_->exec("DELETE FROM correspondence_challenges WHERE id = $1", {pg::text(id)});
}

std::vector<StoredChallenge> PostgresStorage::claim_challenges(const std::string& node) {
    const pg::Result rows = connection_->exec(
        "UPDATE correspondence_challenges c SET node = $1 WHERE c.node <> $1 AND NOT EXISTS "
        "(SELECT 1 FROM lobby_nodes n WHERE n.node = c.node AND n.expires > now()) "
        "RETURNING c.id, c.node, c.challenge, c.expires",
        {pg::text(node)});
    std::vector<StoredChallenge> out;
    for (int r = 0; r < rows.rows(); ++r)
        out.push_back({rows.text(r, 0), rows.text(r, 1), rows.text(r, 2), rows.integer(r, 3)});
    return out;
}

}  // namespace reversi::server
