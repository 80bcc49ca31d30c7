// SPDX-License-Identifier: MIT
// The lease side of a store shared by several server nodes (docs/MULTINODE.md): which node
// owns which live table, until when, and where each node can be reached. PostgreSQL
// implements it (storage/postgres/lease.cpp); a SQLite store has one node by nature and none.
// Every method runs on the storage thread (inside a StorageQueue job), like the store's
// own, and throws std::runtime_error when the database cannot be reached.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace reversi::server {

class TableLeases {
  public:
    virtual ~TableLeases() = default;
    // Names this node; every later table write is fenced by its leases. Once, at start.
    virtual void set_node(const std::string& node) = 0;
    // Takes the table's lease for `ttl_ms` when it is free, expired or already this node's;
    // returns its fence, or nothing when another live node holds it.
    virtual std::optional<int64_t> acquire_lease(const std::string& table, int64_t ttl_ms) = 0;
    // The same as the first statement of a write's transaction: when another live node holds
    // the lease, the transaction fails (at the latest at its commit) and stores nothing. A
    // store may send it without waiting for its answer (PostgreSQL's pipeline); the table's
    // writes after it in the transaction are fenced by the lease it takes.
    virtual void acquire_lease_for_write(const std::string& table, int64_t ttl_ms) {
        if (!acquire_lease(table, ttl_ms))
            throw std::runtime_error("table " + table + " is held by another node");
    }
    // Takes the leases of many stored tables at once (a sweeper's takeover), as acquire_lease
    // takes each; returns the tables taken. One statement where the store can: a takeover of
    // hundreds of tables must not cost a round trip each.
    virtual std::vector<std::string> acquire_leases(const std::vector<std::string>& tables,
                                                    int64_t ttl_ms) {
        std::vector<std::string> taken;
        for (const std::string& table : tables)
            if (acquire_lease(table, ttl_ms)) taken.push_back(table);
        return taken;
    }
    // Extends every lease this node holds, in one statement; returns the tables whose lease
    // it no longer holds (taken over after it expired): they must leave memory.
    virtual std::vector<std::string> renew_leases(int64_t ttl_ms) = 0;
    // Gives the lease up (the table left memory); the next node to load the table takes it.
    virtual void release_lease(const std::string& table) = 0;
    // At a clean stop: ends every lease this node holds now (expired rather than released,
    // so another node's sweeper takes each unfinished table over at once, its fence one
    // higher) and removes this node's address. Returns how many leases it ended.
    virtual int hand_over_leases() = 0;
    // Forgets every lease this node holds without a word to the database (which cannot be
    // reached: they expire there by themselves); returns their tables.
    virtual std::vector<std::string> forget_leases() = 0;
    // Unfinished tables whose owner died: their lease expired without being released, or
    // they have none (written by a single node). At most `limit`, in an order of this node's
    // own, so that several nodes sweeping at once mostly take different tables.
    virtual std::vector<std::string> orphaned_tables(int limit) = 0;
    // Records this node's public address and that it is alive, for `ttl_ms`.
    virtual void heartbeat(const std::string& address, int64_t ttl_ms) = 0;
    // The public address of the live node that holds the table's lease, empty when none does.
    virtual std::string owner_address(const std::string& table) = 0;
    // When another node holds the table's lease unexpired: that node's public address (empty
    // while it is not known), in one statement; nothing when no other node does (free,
    // expired, released, this node's, or no such table: a lease row exists only for a
    // stored table). Lets a client of a table played elsewhere be sent on without a claim.
    // An unfinished table whose owner died (not stopped cleanly) and whose lease ran out
    // less than 5 s ago answers an empty address too: the sweepers take it, in bulk.
    virtual std::optional<std::string> held_elsewhere(const std::string& table) = 0;
    // held_elsewhere for many tables at once: the tables held elsewhere, each with its answer
    // (absent: nothing). One statement where the store can: the visitors of a dead node's
    // thousands of tables come back together, and one statement each saturated the storage
    // thread (issue 51).
    virtual std::unordered_map<std::string, std::string> held_elsewhere_many(
        const std::vector<std::string>& tables) {
        std::unordered_map<std::string, std::string> out;
        for (const std::string& table : tables)
            if (std::optional<std::string> owner = held_elsewhere(table)) out[table] = *owner;
        return out;
    }
};

}  // namespace reversi::server
