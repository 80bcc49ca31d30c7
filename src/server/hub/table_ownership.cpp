// SPDX-License-Identifier: MIT
// Table ownership across nodes (docs/MULTINODE.md). The network thread decides when; the
// storage thread talks to the database (the leases' connection is the store's, which only
// that thread uses). Results come back as posted completions, like every storage job.
#include "server/hub/table_ownership.h"

#include <algorithm>
#include <iostream>
#include <iterator>
#include <unordered_set>

#include "server/common/protocol.h"

namespace reversi::server {

bool valid_public_url(const std::string& url) {
    if (url.size() > 200) return false;
    if (!url.starts_with("http://") && !url.starts_with("https://")) return false;
    const size_t host = url.find("://") + 3;
    if (url.size() == host || url.back() == '/') return false;
    return std::all_of(url.begin(), url.end(), [](char c) {
        return c > ' ' && c < 0x7f && c != '"' && c != '\'' && c != '\\' && c != '<' && c != '>';
    });
}

std::string moved_message(const std::string& owner) {
    json m = {{"type", "error"},
              {"code", "moved"},
              {"message", owner.empty() ? "this table is moving to another server; reconnect"
                                        : "this table is played on another server"}};
    if (!owner.empty()) m["owner"] = owner;
    return dump_safe(m);
}

TableOwnership::TableOwnership(net::io_context& ioc, StorageQueue& queue, TableLeases& leases,
                               OwnershipOptions options)
    : ioc_(ioc),
      queue_(queue),
      leases_(leases),
      options_(std::move(options)),
      renew_timer_(ioc),
      sweep_timer_(ioc) {}

int64_t TableOwnership::steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void TableOwnership::start(Lost lost, Adopted adopted, Room room) {
    lost_ = std::move(lost);
    adopted_ = std::move(adopted);
    room_ = std::move(room);
    TableLeases* leases = &leases_;
    const std::string node = options_.node;
    auto renewed_at = renewed_at_;
    // First in the queue, ahead even of the urgent renewal queued next (and the tournaments'
    // lease): every later write and lease statement of this process is this node's.
    queue_.urgent(
        [leases, node, renewed_at](Storage&) {
            leases->set_node(node);
            *renewed_at = steady_ms();
        },
        {});
    renew_now();
    arm_renewal();
    arm_sweep();
}

void TableOwnership::stop() {
    *alive_ = false;
    renew_timer_.cancel();
    sweep_timer_.cancel();
}

std::function<void(Storage&)> TableOwnership::leased(const std::string& table,
                                                     std::function<void(Storage&)> write) const {
    return [leases = &leases_, table, ttl = options_.ttl_ms, write = std::move(write)](Storage& s) {
        // In the write's transaction: rolled back with it, and retried with it.
        leases->acquire_lease_for_write(table, ttl);
        write(s);
    };
}

ClaimedTable TableOwnership::claim(Storage& storage, const std::string& id) const {
    ClaimedTable out;
    try {
        // A name that is not stored gets no lease row: hostile names leave nothing behind.
        if (!storage.load(id)) return out;
        if (!leases_.acquire_lease(id, options_.ttl_ms)) {
            out.elsewhere = true;
            out.owner = leases_.owner_address(id);
            return out;
        }
        // Read again under the lease: the last owner's writes are all committed by now.
        out.table = storage.load(id);
        if (!out.table) {
            leases_.release_lease(id);
            return out;
        }
        out.table->chat = storage.chat_lines(id);
    } catch (const std::exception& e) {
        // The store cannot say who owns it now: the client asks again later.
        std::cerr << "ownership: table " << utf8_safe(id, 64)
                  << " could not be claimed: " << utf8_safe(e.what()) << '\n';
        out.table.reset();
        out.elsewhere = true;
        out.owner.clear();
    }
    return out;
}

void TableOwnership::ask_owner(const std::string& id, OwnerAnswer answer) {
    owner_questions_[id].push_back(std::move(answer));
    ask_owners();
}

void TableOwnership::ask_owners() {
    if (asking_ || owner_questions_.empty()) return;
    asking_ = true;
    auto questions = std::make_shared<std::unordered_map<std::string, std::vector<OwnerAnswer>>>(
        std::move(owner_questions_));
    owner_questions_.clear();
    std::vector<std::string> ids;
    ids.reserve(questions->size());
    for (const auto& [id, answers] : *questions) ids.push_back(id);
    auto found = std::make_shared<std::unordered_map<std::string, std::string>>();
    queue_.lookup(
        [leases = &leases_, ids = std::move(ids), found](Storage&) {
            try {
                *found = leases->held_elsewhere_many(ids);
            } catch (const std::exception& e) {
                // The claims that follow say what the store can.
                std::cerr << "ownership: the owners of " << ids.size()
                          << " tables were not read: " << utf8_safe(e.what()) << '\n';
                found->clear();
            }
        },
        [this, questions, found, alive = alive_] {
            if (!*alive) return;
            asking_ = false;
            for (auto& [id, answers] : *questions) {
                const auto it = found->find(id);
                const std::optional<std::string> owner =
                    it == found->end() ? std::nullopt : std::optional<std::string>(it->second);
                for (OwnerAnswer& answer : answers) answer(owner);
            }
            ask_owners();  // those asked meanwhile
        });
}

void TableOwnership::release(const std::string& table) {
    queue_.read([leases = &leases_, table](Storage&) { leases->release_lease(table); }, {});
}

void TableOwnership::hand_over() {
    stop();
    queue_.read(
        [leases = &leases_](Storage&) {
            try {
                const int ended = leases->hand_over_leases();
                std::cerr << "ownership: " << ended << " table leases handed over\n";
            } catch (const std::exception& e) {
                // They expire by themselves within a ttl, as a dead node's do.
                std::cerr << "ownership: leases not handed over: " << utf8_safe(e.what()) << '\n';
            }
        },
        {});
}

void TableOwnership::arm_renewal() {
    renew_timer_.expires_after(
        std::chrono::milliseconds(std::max<int64_t>(options_.ttl_ms / 3, 1)));
    renew_timer_.async_wait([this](error_code ec) {
        if (ec) return;
        renew_now();
        arm_renewal();
    });
}

void TableOwnership::arm_sweep() {
    sweep_timer_.expires_after(std::chrono::milliseconds(options_.sweep_ms));
    sweep_timer_.async_wait([this](error_code ec) {
        if (ec) return;
        sweep_now();
        arm_sweep();
    });
}

void TableOwnership::renew_now() {
    if (renewing_) return;  // the last one is still in the queue
    renewing_ = true;
    struct Outcome {
        bool ok = false;
        std::vector<std::string> lost;
    };
    auto outcome = std::make_shared<Outcome>();
    // Ahead of the queue: behind a backlog of moves and claims (a busy node, seconds of it)
    // the leases and this node's address would expire, other nodes' sweepers would take its
    // live tables and its fenced writes would fail. Between two transactions, never in one.
    queue_.urgent(
        [leases = &leases_, outcome, renewed_at = renewed_at_, ttl = options_.ttl_ms,
         address = options_.public_url](Storage&) {
            const int64_t started = steady_ms();
            try {
                outcome->lost = leases->renew_leases(ttl);
                leases->heartbeat(address, ttl);
                *renewed_at = started;
                outcome->ok = true;
            } catch (const std::exception& e) {
                std::cerr << "ownership: leases not renewed: " << utf8_safe(e.what()) << '\n';
                // Past the ttl since the last renewal began, any lease may be another node's
                // by now: all of them are given up (the database ends them by itself).
                if (started - *renewed_at >= ttl) outcome->lost = leases->forget_leases();
            }
        },
        [this, outcome, alive = alive_] {
            if (!*alive) return;
            renewing_ = false;
            if (outcome->ok) renewals_++;
            if (!outcome->lost.empty() && lost_) lost_(outcome->lost);
        });
}

void TableOwnership::sweep_now() {
    if (sweeping_ || !adopted_) return;
    const int room = room_ ? std::min(room_(), options_.takeover_batch) : options_.takeover_batch;
    if (room <= 0) return;
    sweeping_ = true;
    auto taken = std::make_shared<std::vector<StoredTable>>();
    auto full = std::make_shared<bool>(false);  // the round found as many orphans as it asked
    // Ahead of the queue, as a renewal: behind the write batches of thousands of live games
    // (and the claims of the dead node's players) each round waited seconds, and a takeover
    // of thousands of tables took a minute (issue 51). It needs none of this node's queued
    // writes: it reads other nodes' tables, under leases it takes in its own statement.
    queue_.urgent(
        [this, taken, full, room](Storage& s) {
            std::vector<std::string> orphans, won;
            try {
                orphans = leases_.orphaned_tables(room);
                // Every lease in one statement (races between sweepers are decided row by
                // row: one node wins each), then every table won read in one snapshot, under
                // its lease: a few round trips a round, not several a table (issue 51).
                if (!orphans.empty()) won = leases_.acquire_leases(orphans, options_.ttl_ms);
                if (!won.empty()) *taken = s.load_many(won);
                // Another round only when this one made progress: never a loop on rows that
                // another sweeper keeps winning.
                *full = static_cast<int>(orphans.size()) >= room && !won.empty();
            } catch (const std::exception& e) {
                std::cerr << "ownership: orphaned tables not taken over: " << utf8_safe(e.what())
                          << '\n';
                taken->clear();
                *full = false;
            }
            // Won but not read (gone, or the read failed): released, so that its next visitor
            // claims it; a lease kept would be renewed with nothing in memory to serve.
            std::unordered_set<std::string> read;
            for (const StoredTable& t : *taken) read.insert(t.id);
            for (const std::string& id : won) {
                if (read.count(id)) continue;
                try {
                    leases_.release_lease(id);
                } catch (const std::exception& e) {
                    std::cerr << "ownership: table " << utf8_safe(id, 64)
                              << " not given up: " << utf8_safe(e.what()) << '\n';
                }
            }
        },
        [this, taken, full, alive = alive_] {
            if (!*alive) return;
            adopt_slices(taken, 0, *full);
        });
}

void TableOwnership::adopt_slices(std::shared_ptr<std::vector<StoredTable>> tables, size_t from,
                                  bool more) {
    // A slice at a time, each its own task on the network thread: restoring 500 tables in
    // one task held the loop (its lag p99.9 1.6 s under 6,000 games, issue 51).
    const size_t slice = static_cast<size_t>(std::max(options_.adopt_slice, 1));
    const size_t end = std::min(tables->size(), from + slice);
    if (from < end)
        adopted_(std::vector<StoredTable>(std::make_move_iterator(tables->begin() + from),
                                          std::make_move_iterator(tables->begin() + end)));
    if (end < tables->size()) {
        net::post(ioc_, [this, tables, end, more, alive = alive_] {
            if (*alive) adopt_slices(tables, end, more);
        });
        return;
    }
    sweeping_ = false;
    // More orphans than one round takes: the next round at once, not a sweep_ms later (3,000
    // tables at 500 a round took 6 s more than their lease). Between two rounds the queue runs
    // the moves waiting, so the live games keep their pace.
    if (more) sweep_now();
}

}  // namespace reversi::server
