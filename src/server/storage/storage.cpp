// SPDX-License-Identifier: MIT
// The storage queue: one thread, writes batched per wake-up. A batch that fails is retried
// job by job, so one bad write never takes its neighbours down with it; the table's fence
// makes its own later writes fail with it.
#include "server/storage/storage.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace reversi::server {

std::vector<StoredTable> Storage::load_many(const std::vector<std::string>& ids) {
    std::vector<StoredTable> out;
    for (const std::string& id : ids) {
        std::optional<StoredTable> table = load(id);
        if (!table) continue;
        table->chat = chat_lines(id);
        out.push_back(std::move(*table));
    }
    return out;
}

struct StorageQueue::Answers {
    explicit Answers(Post p) : post(std::move(p)) {}
    const Post post;
    Metrics* metrics = nullptr;
    size_t slice = DefaultAnswerSlice;
    std::mutex mutex;
    std::deque<Completion> waiting;
    bool posted = false;  // a task that runs them is queued on the caller's thread
};

StorageQueue::StorageQueue(Storage& storage, Post post, QueueStart start)
    : storage_(storage),
      held_(start == QueueStart::Held),
      answers_(std::make_shared<Answers>(std::move(post))),
      thread_([this] { run(); }) {}

void StorageQueue::set_metrics(Metrics* metrics) {
    metrics_ = metrics;
    answers_->metrics = metrics;
}

void StorageQueue::set_answer_slice(size_t slice) {
    answers_->slice = slice;
}

void StorageQueue::answer(std::vector<Completion> dones) {
    if (dones.empty()) return;
    bool post;
    {
        std::lock_guard lock(answers_->mutex);
        for (auto& d : dones) answers_->waiting.push_back(std::move(d));
        post = !std::exchange(answers_->posted, true);
    }
    if (post) answers_->post([answers = answers_] { answer_slice(answers); });
}

void StorageQueue::answer_slice(const std::shared_ptr<Answers>& answers) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<Completion> slice;
    {
        std::lock_guard lock(answers->mutex);
        const size_t n = answers->slice ? std::min(answers->slice, answers->waiting.size())
                                        : answers->waiting.size();
        for (size_t i = 0; i < n; ++i) {
            slice.push_back(std::move(answers->waiting.front()));
            answers->waiting.pop_front();
        }
    }
    Metrics* const metrics = answers->metrics;
    for (Completion& c : slice) {
        c.done(c.stored);
        if (metrics && c.committed != std::chrono::steady_clock::time_point{})
            metrics->write_answer_seconds.observe_since(c.committed);
    }
    if (metrics) metrics->answer_seconds.observe_since(start);
    bool more;
    {
        std::lock_guard lock(answers->mutex);
        more = !answers->waiting.empty();
        answers->posted = more;
    }
    // Behind whatever the caller's thread has become ready for meanwhile (its sockets, timers).
    if (more) answers->post([answers] { answer_slice(answers); });
}

StorageQueue::~StorageQueue() {
    stop();
}

void StorageQueue::write(std::function<void(Storage&)> op, std::function<void(bool)> done,
                         std::shared_ptr<WriteFence> fence) {
    bool was_empty;
    {
        std::lock_guard lock(mutex_);
        was_empty = jobs_.empty() && urgent_.empty();
        jobs_.push_back({true, true, std::move(op), std::move(done), std::move(fence),
                         std::chrono::steady_clock::now()});
    }
    // The thread only sleeps on an empty queue, so only the first job of a burst wakes it:
    // the network thread queues many moves per loop turn and each wake-up is a system call.
    if (was_empty) wake_.notify_one();
}

namespace {
// A read's completion, called with the stored flag that only writes have.
std::function<void(bool)> ignoring_stored(std::function<void()> done) {
    return [done = std::move(done)](bool) {
        if (done) done();
    };
}
}  // namespace

void StorageQueue::read(std::function<void(Storage&)> op, std::function<void()> done) {
    queue_read({false, true, std::move(op), ignoring_stored(std::move(done)), nullptr}, false);
}

void StorageQueue::lookup(std::function<void(Storage&)> op, std::function<void()> done) {
    queue_read({false, false, std::move(op), ignoring_stored(std::move(done)), nullptr}, false);
}

void StorageQueue::urgent(std::function<void(Storage&)> op, std::function<void()> done) {
    queue_read({false, false, std::move(op), ignoring_stored(std::move(done)), nullptr}, true);
}

void StorageQueue::queue_read(Job job, bool urgent) {
    bool was_empty;
    {
        std::lock_guard lock(mutex_);
        was_empty = jobs_.empty() && urgent_.empty();
        if (urgent) {
            urgent_.push_back(std::move(job));
            has_urgent_ = true;
        } else {
            jobs_.push_back(std::move(job));
        }
    }
    if (was_empty) wake_.notify_one();
}

void StorageQueue::release() {
    {
        std::lock_guard lock(mutex_);
        held_ = false;
    }
    wake_.notify_one();
}

void StorageQueue::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        held_ = false;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

bool StorageQueue::transact(const std::function<void()>& body) {
    const auto start = std::chrono::steady_clock::now();
    try {
        storage_.begin();
        if (metrics_) metrics_->begin_seconds.observe_since(start);
        body();
        storage_.commit();
        transactions_++;
        if (metrics_) metrics_->commit_seconds.observe_since(start);
        return true;
    } catch (const std::exception& e) {
        if (metrics_) metrics_->storage_faults.add();
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
    if (metrics_) {
        const auto now = std::chrono::steady_clock::now();
        for (const Job& job : batch)
            metrics_->write_queue_seconds.observe(
                std::chrono::duration<double>(now - job.queued).count());
    }
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
    if (metrics_) metrics_->storage_writes.add(std::count(ok.begin(), ok.end(), 1));
    // Handed over together: the caller's thread wakes once per slice, not once per move.
    std::vector<Completion> dones;
    dones.reserve(batch.size());
    const auto committed = std::chrono::steady_clock::now();
    for (size_t i = 0; i < batch.size(); ++i)
        if (batch[i].done) dones.push_back({std::move(batch[i].done), ok[i] != 0, committed});
    answer(std::move(dones));
    batch.clear();
}

void StorageQueue::run_read(Job& job) {
    try {
        job.op(storage_);
    } catch (const std::exception& e) {
        std::cerr << "storage: read failed: " << e.what() << '\n';
    }
    if (job.done) {
        std::vector<Completion> done;
        done.push_back({std::move(job.done), true});
        answer(std::move(done));
    }
}

void StorageQueue::run_urgent() {
    if (!has_urgent_.load(std::memory_order_relaxed)) return;
    std::deque<Job> jobs;
    {
        std::lock_guard lock(mutex_);
        if (held_) return;
        jobs.swap(urgent_);
        has_urgent_ = false;
    }
    for (Job& job : jobs) run_read(job);
}

void StorageQueue::run() {
    std::vector<Job> batch;
    bool worked = false;
    for (;;) {
        std::deque<Job> jobs;
        {
            std::unique_lock lock(mutex_);
            if (worked && jobs_.empty() && urgent_.empty() && !stopping_) {
                lock.unlock();
                try {
                    storage_.idle();
                } catch (const std::exception& e) {
                    std::cerr << "storage: idle work failed: " << e.what() << '\n';
                }
                lock.lock();
            }
            worked = true;
            wake_.wait(lock, [&] {
                return stopping_ || (!held_ && (!jobs_.empty() || !urgent_.empty()));
            });
            if (jobs_.empty() && urgent_.empty() && stopping_) return;
            jobs.swap(jobs_);
        }
        // Writes group into one transaction up to the next read that must see them. Urgent
        // jobs go first, and between any two jobs after that: never inside a transaction.
        run_urgent();
        for (Job& job : jobs) {
            if (job.is_write) {
                batch.push_back(std::move(job));
                continue;
            }
            if (job.after_writes) {
                run_writes(batch);
                run_urgent();
            }
            run_read(job);
            run_urgent();
        }
        run_writes(batch);
    }
}

}  // namespace reversi::server
