// SPDX-License-Identifier: MIT
// The storage queue: one thread, writes batched per wake-up. A batch that fails is retried
// job by job, so one bad write never takes its neighbours down with it.
#include "server/storage.h"

#include <iostream>
#include <memory>

namespace reversi::server {

StorageQueue::StorageQueue(Storage& storage, Post post)
    : storage_(storage), post_(std::move(post)), thread_([this] { run(); }) {}

StorageQueue::~StorageQueue() {
    stop();
}

void StorageQueue::write(std::function<void(Storage&)> op, std::function<void(bool)> done) {
    bool was_empty;
    {
        std::lock_guard lock(mutex_);
        was_empty = jobs_.empty();
        jobs_.push_back({true, std::move(op), std::move(done)});
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
        jobs_.push_back({false, std::move(op), [done = std::move(done)](bool) {
                             if (done) done();
                         }});
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

void StorageQueue::run_writes(std::vector<Job>& batch) {
    if (batch.empty()) return;
    bool ok = true;
    try {
        storage_.begin();
        for (Job& job : batch) job.op(storage_);
        storage_.commit();
        transactions_++;
    } catch (const std::exception& e) {
        ok = false;
        try {
            storage_.rollback();
        } catch (...) {
        }
    }
    if (ok) {
        writes_ += batch.size();
        // One completion for the whole batch: the caller's thread then answers every write of
        // it in one go, in order, instead of waking up once per move.
        auto dones = std::make_shared<std::vector<std::function<void(bool)>>>();
        dones->reserve(batch.size());
        for (Job& job : batch)
            if (job.done) dones->push_back(std::move(job.done));
        if (!dones->empty())
            post_([dones] {
                for (auto& done : *dones) done(true);
            });
    } else {
        for (Job& job : batch) {
            bool one_ok = true;
            try {
                storage_.begin();
                job.op(storage_);
                storage_.commit();
                transactions_++;
                writes_++;
            } catch (const std::exception& e) {
                one_ok = false;
                std::cerr << "storage: write failed: " << e.what() << '\n';
                try {
                    storage_.rollback();
                } catch (...) {
                }
            }
            if (job.done) post_([done = std::move(job.done), one_ok] { done(one_ok); });
        }
    }
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
