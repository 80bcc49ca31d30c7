// SPDX-License-Identifier: MIT
#include "server/fault_injecting_storage.h"

#include <stdexcept>
#include <string>

namespace reversi::server {

FaultInjectingStorage::FaultInjectingStorage(Storage& inner, double commit_failure_rate,
                                             uint64_t seed)
    : inner_(inner), rate_(commit_failure_rate), rng_(seed) {}

void FaultInjectingStorage::maybe_fail_write(const char* what) {
    if (failing_writes_.load() > 0 && failing_writes_.fetch_sub(1) > 0) {
        injected_++;
        throw std::runtime_error(std::string("injected fault: ") + what);
    }
}

void FaultInjectingStorage::begin() {
    inner_.begin();
}

void FaultInjectingStorage::commit() {
    bool fail = failing_commits_.load() > 0 && failing_commits_.fetch_sub(1) > 0;
    if (!fail && rate_ > 0) {
        std::lock_guard lock(rng_mutex_);
        fail = std::uniform_real_distribution<double>(0, 1)(rng_) < rate_;
    }
    if (fail) {
        injected_++;
        inner_.rollback();
        throw std::runtime_error("injected fault: commit (as a failed fsync)");
    }
    inner_.commit();
}

void FaultInjectingStorage::rollback() {
    inner_.rollback();
}

void FaultInjectingStorage::save_table(const StoredTable& table) {
    maybe_fail_write("save table");
    inner_.save_table(table);
}

void FaultInjectingStorage::add_move(const std::string& table, const MoveRecord& move) {
    maybe_fail_write("add move");
    inner_.add_move(table, move);
}

void FaultInjectingStorage::truncate_moves(const std::string& table, int from_ply) {
    maybe_fail_write("truncate moves");
    inner_.truncate_moves(table, from_ply);
}

std::vector<StoredTable> FaultInjectingStorage::unfinished() {
    return inner_.unfinished();
}

std::optional<StoredTable> FaultInjectingStorage::load(const std::string& id) {
    return inner_.load(id);
}

std::vector<StoredTable> FaultInjectingStorage::finished(int limit, int offset) {
    return inner_.finished(limit, offset);
}

}  // namespace reversi::server
