// SPDX-License-Identifier: MIT
// The storage queue: one thread, writes batched per wake-up. A batch that fails is retried
// job by job, so one bad write never takes its neighbours down with it; the table's fence
// makes its own later writes fail with it.
#include "server/storage/storage.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <unordered_map>

namespace reversi::server {

void Storage::add_chat(const std::string&, const ChatLine&) {
    throw std::runtime_error("this store keeps no chat");
}

std::vector<ChatLine> Storage::chat_lines(const std::string&) {
    return {};
}

void Storage::save_analysis(const std::string&, const std::string&) {
    throw std::runtime_error("this store keeps no analyses");
}

std::optional<std::string> Storage::load_analysis(const std::string&) {
    return std::nullopt;
}

std::optional<StoredSession> Storage::load_session(const std::string& token_hash) {
    for (StoredSession& s : sessions())
        if (s.token_hash == token_hash) return std::move(s);
    return std::nullopt;
}

std::optional<StoredPlayer> Storage::load_player(int64_t id) {
    for (StoredPlayer& p : players())
        if (p.id == id) return std::move(p);
    return std::nullopt;
}

std::optional<StoredPlayer> Storage::load_player_named(const std::string& name_key) {
    for (StoredPlayer& p : players())
        if (p.name_key == name_key) return std::move(p);
    return std::nullopt;
}

std::vector<StoredRating> Storage::ratings_of(int64_t player) {
    std::vector<StoredRating> out;
    for (StoredRating& r : ratings())
        if (r.player == player) out.push_back(std::move(r));
    return out;
}

std::optional<StoredRating> Storage::rating_for_update(int64_t player, const std::string& pool) {
    for (StoredRating& r : ratings_of(player))
        if (r.pool == pool) return std::move(r);
    return std::nullopt;
}

void Storage::touch_session(const std::string& token_hash, int64_t last_seen) {
    if (std::optional<StoredSession> s = load_session(token_hash)) {
        s->last_seen = last_seen;
        save_session(*s);
    }
}

std::vector<RankedRating> Storage::top_ratings(const std::string& pool, int limit) {
    std::unordered_map<int64_t, std::string> names;
    for (StoredPlayer& p : players()) names[p.id] = std::move(p.name);
    std::vector<RankedRating> out;
    for (StoredRating& r : ratings())
        if (r.pool == pool && r.games > 0 && names.count(r.player))
            out.push_back({r, names[r.player]});
    // Established players first (rd at most 110, as ProvisionalRd), each group by rating.
    std::sort(out.begin(), out.end(), [](const RankedRating& a, const RankedRating& b) {
        const bool pa = a.rating.rd > 110, pb = b.rating.rd > 110;
        if (pa != pb) return !pa;
        if (a.rating.rating != b.rating.rating) return a.rating.rating > b.rating.rating;
        return a.rating.player < b.rating.player;
    });
    if (limit >= 0 && static_cast<int>(out.size()) > limit) out.resize(limit);
    return out;
}

std::pair<int64_t, int64_t> Storage::reserve_player_ids() {
    throw std::runtime_error("this store hands out no blocks of player ids");
}

StorageQueue::StorageQueue(Storage& storage, Post post)
    : storage_(storage), post_(std::move(post)), thread_([this] { run(); }) {}

StorageQueue::~StorageQueue() {
    stop();
}

void StorageQueue::write(std::function<void(Storage&)> op, std::function<void(bool)> done,
                         std::shared_ptr<WriteFence> fence) {
    bool was_empty;
    {
        std::lock_guard lock(mutex_);
        was_empty = jobs_.empty();
        jobs_.push_back({true, std::move(op), std::move(done), std::move(fence)});
    }
    // The thread only sleeps on an empty queue, so only the first job of a burst wakes it:
    // the network thread queues many moves per loop turn and each wake-up is a system call.
    if (was_empty) wake_.notify_one();
}

void StorageQueue::read(std::function<void(Storage&)> op, std::function<void()> done) {
    bool was_empty;
    {
        std::lock_guard lock(mutex_);
        was_empty = jobs_.empty();
        jobs_.push_back({false, std::move(op),
                         [done = std::move(done)](bool) {
                             if (done) done();
                         },
                         nullptr});
    }
    if (was_empty) wake_.notify_one();
}

void StorageQueue::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

bool StorageQueue::transact(const std::function<void()>& body) {
    try {
        storage_.begin();
        body();
        storage_.commit();
        transactions_++;
        return true;
    } catch (const std::exception& e) {
        std::cerr << "storage: write failed: " << e.what() << '\n';
        try {
            storage_.rollback();
        } catch (const std::exception& e2) {
            std::cerr << "storage: rollback failed: " << e2.what() << '\n';
        }
        return false;
    }
}

void StorageQueue::run_writes(std::vector<Job>& batch) {
    if (batch.empty()) return;
    // ok[i]: whether batch[i] is stored. Jobs behind a broken fence never run.
    std::vector<char> ok(batch.size(), 0);
    const bool together = transact([&] {
        for (Job& job : batch)
            if (!job.blocked()) job.op(storage_);
    });
    if (together) {
        for (size_t i = 0; i < batch.size(); ++i) ok[i] = !batch[i].blocked();
    } else {
        // One by one, so one bad write does not take its neighbours down; a failure breaks
        // its table's fence, so the same table's later writes in this batch fail too.
        for (size_t i = 0; i < batch.size(); ++i) {
            Job& job = batch[i];
            if (job.blocked()) continue;
            ok[i] = transact([&] { job.op(storage_); });
            if (!ok[i] && job.fence) job.fence->broken = true;
        }
    }
    for (size_t i = 0; i < batch.size(); ++i) writes_ += ok[i];
    // One completion for the whole batch: the caller's thread then answers every write of it
    // in one go, in order, instead of waking up once per move.
    auto dones = std::make_shared<std::vector<std::pair<std::function<void(bool)>, bool>>>();
    dones->reserve(batch.size());
    for (size_t i = 0; i < batch.size(); ++i)
        if (batch[i].done) dones->emplace_back(std::move(batch[i].done), ok[i] != 0);
    if (!dones->empty())
        post_([dones] {
            for (auto& [done, stored] : *dones) done(stored);
        });
    batch.clear();
}

void StorageQueue::run() {
    std::vector<Job> batch;
    for (;;) {
        std::deque<Job> jobs;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
            if (jobs_.empty() && stopping_) return;
            jobs.swap(jobs_);
        }
        // Writes group into one transaction up to the next read, which must see them.
        for (Job& job : jobs) {
            if (job.is_write) {
                batch.push_back(std::move(job));
                continue;
            }
            run_writes(batch);
            try {
                job.op(storage_);
            } catch (const std::exception& e) {
                std::cerr << "storage: read failed: " << e.what() << '\n';
            }
            if (job.done) post_([done = std::move(job.done)] { done(true); });
        }
        run_writes(batch);
    }
}

}  // namespace reversi::server
