// SPDX-License-Identifier: MIT
// Which live tables this node owns, when several nodes share one PostgreSQL database
// (docs/MULTINODE.md). The hub asks it before a table enters memory (a new table's first
// write takes the lease in the same transaction; a stored table is loaded only after its
// lease is taken, or the client is sent to its owner); it renews every lease in one
// statement every ttl/3, ahead of the storage queue's other work (a renewal waiting behind a
// long queue would let the leases expire under a busy node), tells the hub which tables it lost,
// and every second takes over the unfinished tables of nodes that died (ahead of the queue
// too, round after round while orphans are left). Its timers run on the
// network thread; every database statement runs on the storage thread, as a StorageQueue job.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/common/net.h"
#include "server/storage/storage.h"
#include "server/storage/table_leases.h"

namespace reversi::server {

struct OwnershipOptions {
    std::string node;        // this process's name (random: a restarted node is a new owner)
    std::string public_url;  // where clients reach this node, e.g. "http://10.0.0.2:8080"
    int64_t ttl_ms = 10'000;
    int64_t sweep_ms = 1'000;
    int takeover_batch = 500;  // tables taken over per sweep at most
    int adopt_slice = 50;      // tables restored per task of the network thread
};

// What a load of a stored table found, on the storage thread.
struct ClaimedTable {
    std::optional<StoredTable> table;  // this node holds its lease now
    bool elsewhere = false;            // another live node holds it
    std::string owner;                 // that node's public address (empty: not known yet)
};

// Whether `url` may be a node's public address: http(s)://, printable, no quotes, bounded.
bool valid_public_url(const std::string& url);
// The WebSocket message that sends a client to the table's owner (docs/PROTOCOL.md): an
// error "moved" with the owner's address, or without one (reconnect where you came from).
std::string moved_message(const std::string& owner);

class TableOwnership {
  public:
    // Tables whose lease this node lost: they must leave memory at once.
    using Lost = std::function<void(const std::vector<std::string>&)>;
    // Tables taken over from dead nodes, loaded after their lease was taken.
    using Adopted = std::function<void(std::vector<StoredTable>)>;
    // How many more tables the hub may take (its limit of live tables).
    using Room = std::function<int()>;

    TableOwnership(net::io_context& ioc, StorageQueue& queue, TableLeases& leases,
                   OwnershipOptions options);
    TableOwnership(const TableOwnership&) = delete;
    TableOwnership& operator=(const TableOwnership&) = delete;

    // Names the node in the store, announces it, and arms the renewal and takeover timers.
    // Call before serving, while the storage queue has no other work.
    void start(Lost lost, Adopted adopted, Room room);
    void stop();

    const OwnershipOptions& options() const { return options_; }
    // Where clients reach this node, once its port is known (before start).
    void set_public_url(const std::string& url) { options_.public_url = url; }

    // Wraps a new table's first write: the write takes the lease in the same transaction,
    // and fails (nothing stored) when another node holds that id.
    std::function<void(Storage&)> leased(const std::string& table,
                                         std::function<void(Storage&)> write) const;
    // On the storage thread: the stored table `id` with its chat, after taking its lease;
    // nothing when no such table is stored (no lease row is made for a name that is not).
    ClaimedTable claim(Storage& storage, const std::string& id) const;
    // On the network thread: `answer` hears, from a StorageQueue::lookup (none of the writes
    // queued before), the owner's address when another live node holds the table (empty: not
    // known yet, or a dead node's table the sweepers are about to take: come back), nothing
    // otherwise (then claim). A client of a table played elsewhere is sent on after one
    // statement, rather than a claim's read of the table first (about six round trips). The ids
    // asked while one statement is in the queue wait for the next, which asks for all of them at
    // once: thousands of players of a dead node's tables come back together, and a
    // statement each kept the storage thread from the live games' moves (issue 51).
    using OwnerAnswer = std::function<void(const std::optional<std::string>&)>;
    void ask_owner(const std::string& id, OwnerAnswer answer);
    // Gives the table's lease up (it left memory); queued behind the table's writes.
    void release(const std::string& table);
    // At a clean stop, once the network loop has ended: stops the timers and queues, behind
    // every write already queued, the hand-over of all this node's leases and its address
    // (TableLeases::hand_over_leases), so other nodes take its tables within a sweep rather
    // than a ttl. StorageQueue::stop() then waits for it.
    void hand_over();

    // One round of each timer's work, for tests (the timers call these).
    void renew_now();
    void sweep_now();
    // Renewals that succeeded, and the last time one started (steady ms; 0: never).
    uint64_t renewals() const { return renewals_; }

  private:
    // Queues one statement for every id asked since the last (none while one is queued).
    void ask_owners();
    // Hands the round's tables from `from` on to the hub, a slice a task; then, when the
    // round was full (`more`), the next round.
    void adopt_slices(std::shared_ptr<std::vector<StoredTable>> tables, size_t from, bool more);
    void arm_renewal();
    void arm_sweep();
    static int64_t steady_ms();

    net::io_context& ioc_;
    StorageQueue& queue_;
    TableLeases& leases_;
    OwnershipOptions options_;
    Lost lost_;
    Adopted adopted_;
    Room room_;
    net::steady_timer renew_timer_;
    net::steady_timer sweep_timer_;
    bool sweeping_ = false;  // a takeover round is in the queue
    bool renewing_ = false;  // a renewal is in the queue
    bool asking_ = false;    // an ask_owners statement is in the queue
    std::unordered_map<std::string, std::vector<OwnerAnswer>> owner_questions_;
    // Start (steady ms, storage thread's reading) of the last renewal that succeeded: once
    // ttl has passed since, every lease may have been taken over.
    std::shared_ptr<int64_t> renewed_at_ = std::make_shared<int64_t>(0);
    uint64_t renewals_ = 0;
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
};

}  // namespace reversi::server
