// SPDX-License-Identifier: MIT
// PostgreSQL back end, fourth part: table leases and fenced writes (docs/MULTINODE.md). Times
// are the database server's (now()), so the nodes' clocks do not matter. A fenced write locks
// its table's lease row FOR SHARE in the same statement that checks owner, fence and expiry;
// a takeover must update that row, so it waits for the write's transaction to end: a write
// either commits before the takeover or finds the lease gone, never both.
#include <algorithm>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "server/storage/postgres/storage.h"
#include "server/storage/postgres/values.h"

namespace reversi::server {

namespace {

// The lease of a fenced write: $1 is always the table; owner and fence are the last two
// parameters ($O, $O+1). The write is a data-modifying CTE, which runs whether or not the
// final SELECT reads it. Without the lease the final SELECT fails (a text that is no number,
// cast to one): the statement is an error, so a pipelined transaction stops there and its
// COMMIT is never run, as if the store had thrown before sending the rest. A NULL fence (a
// lease taken earlier in the same pipelined transaction, its fence not read yet) accepts the
// row's fence: that transaction's acquire holds the row locked, so it is the one just taken.
std::string fenced(const std::string& write, int owner) {
    return "WITH lease AS (SELECT fence FROM table_leases WHERE table_id = $1 AND owner = $" +
           std::to_string(owner) + " AND fence = COALESCE($" + std::to_string(owner + 1) +
           "::bigint, fence) AND expires > now() FOR SHARE), written AS (" + write +
           ") SELECT (CASE WHEN COUNT(*) = 1 THEN '1' ELSE 'lease lost' END)::integer FROM lease";
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

// Takes table $1's lease for node $2 for $3 ms: free or expired, taken with the fence one
// higher than the last owner's (a released lease keeps its row, so fences only grow); already
// ours, extended with the same fence; held by another live node, no row. Each (table, fence,
// owner) taken is logged, for the audit that no fence had two owners. `answer` reads `taken`.
std::string acquire_statement(const std::string& answer) {
    return "WITH taken AS (INSERT INTO table_leases(table_id, owner, fence, expires) "
           "VALUES($1, $2, 1, now() + $3::bigint * interval '1 millisecond') "
           "ON CONFLICT(table_id) DO UPDATE SET fence = CASE WHEN table_leases.owner = "
           "EXCLUDED.owner THEN table_leases.fence ELSE table_leases.fence + 1 END, "
           "owner = EXCLUDED.owner, expires = EXCLUDED.expires "
           "WHERE table_leases.owner = EXCLUDED.owner OR table_leases.expires <= now() "
           "RETURNING fence), "
           "logged AS (INSERT INTO lease_log(table_id, fence, owner, taken) "
           "SELECT $1, fence, $2, now() FROM taken ON CONFLICT DO NOTHING) " +
           answer;
}

std::string ttl_text(int64_t ttl_ms) {
    if (ttl_ms <= 0) throw std::invalid_argument("a lease needs a positive duration");
    return std::to_string(ttl_ms);
}

std::string array_literal(const std::vector<int64_t>& items) {
    std::string out = "{";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + std::to_string(items[i]);
    return out + "}";
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
    params.push_back(pending_leases_.count(table) ? pg::Param()
                                                  : pg::Param(std::to_string(fence_of(table))));
    // Its answer is read at the commit (or at the transaction's next read): a lost lease
    // fails the transaction there, nothing of it written.
    connection_->send(statement, params,
                      "write of table " + table + " under its lease (lost: another node owns it)");
}

void PostgresStorage::reconnect_if_broken() {
    if (connection_->broken()) {
        connection_->reconnect();
        set_up_session();
    }
}

std::optional<int64_t> PostgresStorage::acquire_lease(const std::string& table, int64_t ttl_ms) {
    if (node_.empty()) throw std::logic_error("acquire_lease before set_node");
    if (!connection_->in_transaction()) reconnect_if_broken();
    const pg::Result rows = connection_->exec(acquire_statement("SELECT fence FROM taken"),
                                              {pg::text(table), pg::text(node_), ttl_text(ttl_ms)});
    if (rows.rows() == 0) {
        fences_.erase(table);
        return std::nullopt;
    }
    const int64_t fence = rows.integer(0, 0);
    fences_[table] = fence;
    return fence;
}

std::vector<std::string> PostgresStorage::acquire_leases(const std::vector<std::string>& tables,
                                                         int64_t ttl_ms) {
    if (node_.empty()) throw std::logic_error("acquire_leases before set_node");
    std::vector<std::string> wanted;
    for (const std::string& table : tables)
        if (table.find('\0') == std::string::npos) wanted.push_back(table);
    if (wanted.empty()) return {};
    if (!connection_->in_transaction()) reconnect_if_broken();
    // acquire_statement's rules, for every row at once. Each id once (one command cannot
    // update a row twice), and in one order, so that two sweepers lock rows alike.
    const pg::Result rows = connection_->exec(
        "WITH wanted AS (SELECT DISTINCT unnest($3::text[]) AS table_id ORDER BY 1), "
        "taken AS (INSERT INTO table_leases(table_id, owner, fence, expires) "
        "SELECT table_id, $1, 1, now() + $2::bigint * interval '1 millisecond' FROM wanted "
        "ON CONFLICT(table_id) DO UPDATE SET fence = CASE WHEN table_leases.owner = "
        "EXCLUDED.owner THEN table_leases.fence ELSE table_leases.fence + 1 END, "
        "owner = EXCLUDED.owner, expires = EXCLUDED.expires "
        "WHERE table_leases.owner = EXCLUDED.owner OR table_leases.expires <= now() "
        "RETURNING table_id, fence), "
        "logged AS (INSERT INTO lease_log(table_id, fence, owner, taken) "
        "SELECT table_id, fence, $1, now() FROM taken ON CONFLICT DO NOTHING) "
        "SELECT table_id, fence FROM taken",
        {pg::text(node_), ttl_text(ttl_ms), pg_values::text_array(wanted)});
    std::vector<std::string> taken;
    for (int r = 0; r < rows.rows(); ++r) {
        taken.push_back(rows.text(r, 0));
        fences_[taken.back()] = rows.integer(r, 1);
    }
    // Asked for and not taken: another live node holds it, as acquire_lease forgets it.
    const std::unordered_set<std::string> got(taken.begin(), taken.end());
    for (const std::string& table : wanted)
        if (!got.count(table)) fences_.erase(table);
    return taken;
}

void PostgresStorage::acquire_lease_for_write(const std::string& table, int64_t ttl_ms) {
    if (node_.empty()) throw std::logic_error("acquire_lease_for_write before set_node");
    if (!connection_->pipelined()) return TableLeases::acquire_lease_for_write(table, ttl_ms);
    // Held by another node: no row, and the cast fails the statement, so the transaction
    // commits nothing (the text names why in the server's error).
    static const std::string Sql = acquire_statement(
        "SELECT (CASE WHEN COUNT(*) = 1 THEN MAX(fence)::text "
        "ELSE 'held by another node' END)::bigint FROM taken");
    pending_leases_.insert(table);
    connection_->send(Sql, {pg::text(table), pg::text(node_), ttl_text(ttl_ms)},
                      "lease of table " + table, [this, table](const pg::Result& taken) {
                          fences_[table] = taken.integer(0, 0);
                          pending_leases_.erase(table);
                      });
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
    reconnect_if_broken();
    connection_->exec(
        "UPDATE table_leases SET expires = '-infinity' "
        "WHERE table_id = $1 AND owner = $2 AND fence = $3::bigint",
        {pg::text(table), pg::text(node_), std::to_string(it->second)});
    fences_.erase(it);
}

std::pair<std::vector<std::string>, std::vector<int64_t>> PostgresStorage::held_leases() const {
    std::pair<std::vector<std::string>, std::vector<int64_t>> held;
    for (const auto& [table, fence] : fences_) {
        held.first.push_back(table);
        held.second.push_back(fence);
    }
    return held;
}

std::vector<std::string> PostgresStorage::renew_leases(int64_t ttl_ms) {
    if (fences_.empty()) return {};
    reconnect_if_broken();
    const auto [tables, fences] = held_leases();
    // One statement for every lease: a row renews only with this owner and the fence it was
    // taken with, so a table taken over meanwhile stays with its new owner.
    const pg::Result renewed = connection_->exec(
        "UPDATE table_leases l SET expires = now() + $2::bigint * interval '1 millisecond' "
        "FROM unnest($3::text[], $4::bigint[]) AS held(table_id, fence) "
        "WHERE l.table_id = held.table_id AND l.fence = held.fence AND l.owner = $1 "
        "RETURNING l.table_id",
        {pg::text(node_), ttl_text(ttl_ms), pg_values::text_array(tables), array_literal(fences)});
    std::unordered_set<std::string> kept;
    for (int r = 0; r < renewed.rows(); ++r) kept.insert(renewed.text(r, 0));
    std::vector<std::string> lost;
    for (const std::string& table : tables)
        if (!kept.count(table)) {
            lost.push_back(table);
            fences_.erase(table);
        }
    return lost;
}

int PostgresStorage::hand_over_leases() {
    if (node_.empty()) return 0;
    reconnect_if_broken();
    const auto [tables, fences] = held_leases();
    fences_.clear();
    // Expired now, not released (-infinity): a released table waits for its next visitor,
    // but these are live games whose clocks need an owner, so the sweepers take them. The
    // takeover still raises the fence, and the fenced writes of this node now find no lease.
    const pg::Result ended = connection_->exec(
        "WITH gone AS (DELETE FROM nodes WHERE name = $1) "
        "UPDATE table_leases l SET expires = now() "
        "FROM unnest($2::text[], $3::bigint[]) AS held(table_id, fence) "
        "WHERE l.table_id = held.table_id AND l.fence = held.fence AND l.owner = $1 "
        "AND l.expires > now()",
        {pg::text(node_), pg_values::text_array(tables), array_literal(fences)});
    return static_cast<int>(ended.affected());
}

std::vector<std::string> PostgresStorage::forget_leases() {
    std::vector<std::string> tables;
    for (const auto& entry : fences_) tables.push_back(entry.first);
    fences_.clear();
    return tables;
}

std::vector<std::string> PostgresStorage::orphaned_tables(int limit) {
    if (node_.empty()) throw std::logic_error("orphaned_tables before set_node");
    reconnect_if_broken();
    // A released lease ends at -infinity: its table left memory on purpose (idle, dropped)
    // and is loaded again on its next visit, not by a sweeper. Each node reads the orphans in
    // an order of its own (a hash of id and node), so that the survivors of a death take
    // different tables at once rather than all racing for the same oldest ones (issue 51).
    const pg::Result rows = connection_->exec(
        "SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id "
        "WHERE t.status <> 'finished' AND (l.table_id IS NULL OR "
        "(l.expires <= now() AND l.expires > '-infinity')) "
        "ORDER BY md5(t.id || $2), t.id LIMIT $1",
        {std::to_string(std::max(0, limit)), pg::text(node_)});
    std::vector<std::string> out;
    for (int r = 0; r < rows.rows(); ++r) out.push_back(rows.text(r, 0));
    return out;
}

void PostgresStorage::heartbeat(const std::string& address, int64_t ttl_ms) {
    if (node_.empty()) throw std::logic_error("heartbeat before set_node");
    reconnect_if_broken();
    // Every process is a new node: rows of nodes dead for a day are dropped as we go.
    connection_->exec(
        "WITH gone AS (DELETE FROM nodes WHERE expires < now() - interval '1 day') "
        "INSERT INTO nodes(name, address, heartbeat, expires) "
        "VALUES($1, $2, now(), now() + $3::bigint * interval '1 millisecond') "
        "ON CONFLICT(name) DO UPDATE SET address = EXCLUDED.address, "
        "heartbeat = EXCLUDED.heartbeat, expires = EXCLUDED.expires",
        {pg::text(node_), pg::text(address), ttl_text(ttl_ms)});
}

std::string PostgresStorage::owner_address(const std::string& table) {
    if (table.find('\0') != std::string::npos) return {};
    reconnect_if_broken();
    const pg::Result rows = connection_->exec(
        "SELECT n.address FROM table_leases l JOIN nodes n ON n.name = l.owner "
        "WHERE l.table_id = $1 AND l.expires > now() AND n.expires > now()",
        {pg::text(table)});
    return rows.rows() == 1 ? rows.text(0, 0) : std::string();
}

std::optional<std::string> PostgresStorage::held_elsewhere(const std::string& table) {
    const auto found = held_elsewhere_many({table});
    const auto it = found.find(table);
    if (it == found.end()) return std::nullopt;
    return it->second;
}

std::unordered_map<std::string, std::string> PostgresStorage::held_elsewhere_many(
    const std::vector<std::string>& tables) {
    if (node_.empty()) throw std::logic_error("held_elsewhere before set_node");
    std::vector<std::string> wanted;
    for (const std::string& table : tables)
        if (table.find('\0') == std::string::npos) wanted.push_back(table);
    std::unordered_map<std::string, std::string> out;
    if (wanted.empty()) return out;
    reconnect_if_broken();
    // A lease that ran out in the last few seconds on an unfinished table of a node that died
    // (its `nodes` row is still there: a clean stop deletes it) is the sweepers': they take a
    // dead node's thousands of tables in a few statements, where a claim per visitor costs
    // several round trips and a commit each, and thousands of them at once held the takeover
    // up for a minute (issue 51). Its visitor is told to come back (no owner named). Later
    // than that (no sweeper had room) a visitor claims it as before.
    constexpr size_t Chunk = 1000;  // ids per statement
    for (size_t from = 0; from < wanted.size(); from += Chunk) {
        const std::vector<std::string> chunk(
            wanted.begin() + static_cast<std::ptrdiff_t>(from),
            wanted.begin() + static_cast<std::ptrdiff_t>(std::min(wanted.size(), from + Chunk)));
        const pg::Result rows = connection_->exec(
            "SELECT l.table_id, CASE WHEN l.expires > now() THEN COALESCE(n.address, '') "
            "ELSE '' END FROM table_leases l LEFT JOIN nodes n ON n.name = l.owner "
            "AND n.expires > now() WHERE l.table_id = ANY($1::text[]) AND l.owner <> $2 "
            "AND (l.expires > now() OR (l.expires > now() - interval '5 seconds' "
            "AND EXISTS (SELECT 1 FROM nodes d WHERE d.name = l.owner) "
            "AND EXISTS (SELECT 1 FROM tables t WHERE t.id = l.table_id "
            "AND t.status <> 'finished')))",
            {pg_values::text_array(chunk), pg::text(node_)});
        for (int r = 0; r < rows.rows(); ++r) out[rows.text(r, 0)] = rows.text(r, 1);
    }
    return out;
}

}  // namespace reversi::server
