// SPDX-License-Identifier: MIT
// The threads that hash passwords (Argon2id, tens of milliseconds each): as many as the
// machine has cores, fed by two bounded queues. A login (or a password check) waits behind
// other logins only, never behind sign-ups, so a flood of sign-ups cannot keep a player from
// logging in; a full queue refuses the job at once (the caller answers 503 with Retry-After)
// instead of letting the wait grow without bound. Jobs run in the order queued within a class.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace reversi::server {

enum class HashClass { Login, Signup };

class HashingPool {
  public:
    // `threads` 0: one per core. `max_queued`: jobs that may wait in each class.
    HashingPool(int threads, std::size_t max_queued);
    // Runs what is queued, then joins.
    ~HashingPool();
    HashingPool(const HashingPool&) = delete;
    HashingPool& operator=(const HashingPool&) = delete;

    // Queues `job`; false, queuing nothing, when its class's queue is full.
    bool submit(HashClass cls, std::function<void()> job);
    int threads() const { return static_cast<int>(threads_.size()); }

  private:
    void run();

    std::size_t max_queued_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> logins_, signups_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace reversi::server
