// SPDX-License-Identifier: MIT
// PostgreSQL back end, fourth part: table leases and fenced writes (docs/MULTINODE.md). Times
// are the database server's (now()), so the nodes' clocks do not matter. A fenced write locks
// its table's lease row FOR SHARE in the same statement that checks owner, fence and expiry;
// a takeover must update that row, so it waits for the write's transaction to end: a write
// either commits before the takeover or finds the lease gone, never both.
#include <stdexcept>

#include "server/postgres/postgres_storage.h"

namespace reversi::server {

namespace {

// The lease of a fenced write: $1 is always the table; owner and fence are the last two
// parameters ($O, $O+1). The write is a data-modifying CTE, which runs whether or not the
// final SELECT reads it; the final SELECT says whether the lease was held.
std::string fenced(const std::string& write, int owner) {
    return "WITH lease AS (SELECT fence FROM table_leases WHERE table_id = $1 AND owner = $" +
           std::to_string(owner) + " AND fence = $" + std::to_string(owner + 1) +
           "::bigint AND expires > now() FOR SHARE), written AS (" + write +
           ") SELECT COUNT(*) FROM lease";
}

const std::string& fenced_save_table() {
    static const std::string Sql = fenced(
        "INSERT INTO tables(id, created, status, spec, result, fence) "
        "SELECT $1, $2::bigint, $3, $4, $5, fence FROM lease ON CONFLICT(id) DO UPDATE SET "
        "status = EXCLUDED.status, spec = EXCLUDED.spec, result = EXCLUDED.result, "
        "fence = EXCLUDED.fence RETURNING 1",
        6);
    return Sql;
}

const std::string& fenced_add_move() {
    static const std::string Sql = fenced(
        "INSERT INTO moves(table_id, ply, square, clock, fence) "
        "SELECT $1, $2::integer, $3, $4, fence FROM lease ON CONFLICT(table_id, ply) DO UPDATE "
        "SET square = EXCLUDED.square, clock = EXCLUDED.clock, fence = EXCLUDED.fence RETURNING 1",
        5);
    return Sql;
}

const std::string& fenced_truncate_moves() {
    static const std::string Sql = fenced(
        "DELETE FROM moves WHERE table_id = $1 AND ply >= $2::integer "
        "AND EXISTS (SELECT 1 FROM lease) RETURNING 1",
        3);
    return Sql;
}

std::string ttl_text(int64_t ttl_ms) {
    if (ttl_ms <= 0) throw std::invalid_argument("a lease needs a positive duration");
    return std::to_string(ttl_ms);
}

}  // namespace

void PostgresStorage::set_node(const std::string& node) {
    if (node.empty()) throw std::invalid_argument("a node needs a non-empty name");
    node_ = node;
    fences_.clear();
}

int64_t PostgresStorage::fence_of(const std::string& table) const {
    const auto it = fences_.find(table);
    if (it == fences_.end())
        throw std::runtime_error("postgresql: this node holds no lease on table " + table);
    return it->second;
}

void PostgresStorage::fenced_write(FencedWrite kind, std::vector<pg::Param> params,
                                   const std::string& table) {
    const std::string& statement = kind == FencedWrite::SaveTable ? fenced_save_table()
                                   : kind == FencedWrite::AddMove ? fenced_add_move()
                                                                  : fenced_truncate_moves();
    params.push_back(pg::text(node_));
    params.push_back(std::to_string(fence_of(table)));
    const pg::Result held = connection_->exec(statement, params);
    if (held.integer(0, 0) != 1)
        throw std::runtime_error("postgresql: the lease on table " + table +
                                 " is lost (another node owns it now); nothing written");
}

std::optional<int64_t> PostgresStorage::acquire_lease(const std::string& table, int64_t ttl_ms) {
    if (node_.empty()) throw std::logic_error("acquire_lease before set_node");
    // Free or expired: taken, the fence one higher than the last owner's (a released lease
    // keeps its row, so fences only grow). Already ours: extended, same fence.
    const pg::Result rows = connection_->exec(
        "INSERT INTO table_leases(table_id, owner, fence, expires) "
        "VALUES($1, $2, 1, now() + $3::bigint * interval '1 millisecond') "
        "ON CONFLICT(table_id) DO UPDATE SET fence = CASE WHEN table_leases.owner = "
        "EXCLUDED.owner THEN table_leases.fence ELSE table_leases.fence + 1 END, "
        "owner = EXCLUDED.owner, expires = EXCLUDED.expires "
        "WHERE table_leases.owner = EXCLUDED.owner OR table_leases.expires <= now() "
        "RETURNING fence",
        {pg::text(table), pg::text(node_), ttl_text(ttl_ms)});
    if (rows.rows() == 0) {
        fences_.erase(table);
        return std::nullopt;
    }
    const int64_t fence = rows.integer(0, 0);
    fences_[table] = fence;
    return fence;
}

bool PostgresStorage::renew_lease(const std::string& table, int64_t ttl_ms) {
    const auto it = fences_.find(table);
    if (it == fences_.end()) return false;
    // Only the same owner with the same fence: after a takeover the fence differs, so a node
    // that lost its table cannot take it back by renewing.
    const pg::Result done = connection_->exec(
        "UPDATE table_leases SET expires = now() + $4::bigint * interval '1 millisecond' "
        "WHERE table_id = $1 AND owner = $2 AND fence = $3::bigint",
        {pg::text(table), pg::text(node_), std::to_string(it->second), ttl_text(ttl_ms)});
    if (done.affected() == 1) return true;
    fences_.erase(it);
    return false;
}

void PostgresStorage::release_lease(const std::string& table) {
    const auto it = fences_.find(table);
    if (it == fences_.end()) return;
    connection_->exec(
        "UPDATE table_leases SET expires = '-infinity' "
        "WHERE table_id = $1 AND owner = $2 AND fence = $3::bigint",
        {pg::text(table), pg::text(node_), std::to_string(it->second)});
    fences_.erase(it);
}

}  // namespace reversi::server
