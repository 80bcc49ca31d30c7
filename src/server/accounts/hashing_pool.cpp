// SPDX-License-Identifier: MIT
// The hashing threads: each takes a login first when one waits, else a sign-up.
#include "server/accounts/hashing_pool.h"

#include <algorithm>

namespace reversi::server {

HashingPool::HashingPool(int threads, std::size_t max_queued) : max_queued_(max_queued) {
    if (threads <= 0) threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

HashingPool::~HashingPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
}

bool HashingPool::submit(HashClass cls, std::function<void()> job) {
    {
        std::lock_guard lock(mutex_);
        auto& queue = cls == HashClass::Login ? logins_ : signups_;
        if (queue.size() >= max_queued_) return false;
        queue.push_back(std::move(job));
    }
    wake_.notify_one();
    return true;
}

void HashingPool::run() {
    for (;;) {
        std::function<void()> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !logins_.empty() || !signups_.empty(); });
            auto& queue = !logins_.empty() ? logins_ : signups_;
            if (queue.empty()) return;  // stopping, nothing left
            job = std::move(queue.front());
            queue.pop_front();
        }
        job();
    }
}

}  // namespace reversi::server
