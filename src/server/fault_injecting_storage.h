// SPDX-License-Identifier: MIT
// A Storage that fails on demand, for tests and the chaos test: it wraps a real store and
// makes chosen writes or commits throw as a full disk or a failed fsync would. A failed
// commit rolls the real store back first, so what it holds is exactly what a real failure
// would leave: nothing of the failed transaction.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <random>

#include "server/storage.h"

namespace reversi::server {

class FaultInjectingStorage : public Storage {
  public:
    // `commit_failure_rate`: probability that any commit fails (0: only on demand).
    explicit FaultInjectingStorage(Storage& inner, double commit_failure_rate = 0,
                                   uint64_t seed = 1);

    // The next `n` write calls (save_table, add_move, truncate_moves) throw.
    void fail_next_writes(int n) { failing_writes_ = n; }
    // The next `n` commits fail.
    void fail_next_commits(int n) { failing_commits_ = n; }
    // Failures injected so far.
    uint64_t injected() const { return injected_; }

    void begin() override;
    void commit() override;
    void rollback() override;
    void save_table(const StoredTable& table) override;
    void add_move(const std::string& table, const MoveRecord& move) override;
    void truncate_moves(const std::string& table, int from_ply) override;
    std::vector<StoredTable> unfinished() override;
    std::optional<StoredTable> load(const std::string& id) override;
    std::vector<StoredTable> finished(int limit, int offset) override;

  private:
    void maybe_fail_write(const char* what);

    Storage& inner_;
    double rate_;
    std::mutex rng_mutex_;
    std::mt19937_64 rng_;
    std::atomic<int> failing_writes_{0};
    std::atomic<int> failing_commits_{0};
    std::atomic<uint64_t> injected_{0};
};

}  // namespace reversi::server
