// SPDX-License-Identifier: MIT
// Transposition table storage and replacement.
#include "engine/tt.h"

#include <algorithm>

namespace reversi::engine {

TranspositionTable::TranspositionTable(size_t megabytes) {
    resize(megabytes);
}

void TranspositionTable::resize(size_t megabytes) {
    // A power of two of buckets, so that the index is a mask of the key.
    const size_t wanted = std::max<size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
    size_t count = 1;
    while (count * 2 <= wanted) count *= 2;
    buckets_.assign(count, Bucket{});
    mask_ = count - 1;
    age_ = 0;
}

void TranspositionTable::clear() {
    std::fill(buckets_.begin(), buckets_.end(), Bucket{});
    age_ = 0;
}

const TtEntry* TranspositionTable::probe(uint64_t key) const {
    const Bucket& b = bucket(key);
    for (const TtEntry& e : b.entries)
        if (e.used && e.key == key) return &e;
    return nullptr;
}

void TranspositionTable::store(uint64_t key, int depth, int lower, int upper, int move) {
    Bucket& b = bucket(key);
    TtEntry* victim = nullptr;
    int victim_worth = 1 << 30;
    for (TtEntry& e : b.entries) {
        if (e.used && e.key == key) {
            if (e.depth == depth) {
                // Two searches of the same depth: both bounds hold.
                e.lower = static_cast<int16_t>(std::max<int>(e.lower, lower));
                e.upper = static_cast<int16_t>(std::min<int>(e.upper, upper));
                if (e.lower > e.upper) {  // a stale bound disagreed: trust the newest
                    e.lower = static_cast<int16_t>(lower);
                    e.upper = static_cast<int16_t>(upper);
                }
                if (move != TtEntry::NoTtMove) e.move = static_cast<uint8_t>(move);
                e.age = age_;
                return;
            }
            if (e.depth > depth && e.age == age_) return;  // keep the deeper, fresh result
            victim = &e;
            break;
        }
        // Worth of keeping an entry: its depth, less for every search since it was written.
        const int worth = e.used ? e.depth - 8 * static_cast<uint8_t>(age_ - e.age) : -1000;
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = &e;
        }
    }
    TtEntry& e = *victim;
    const bool same = e.used && e.key == key;
    e.key = key;
    e.depth = static_cast<uint8_t>(depth);
    e.lower = static_cast<int16_t>(lower);
    e.upper = static_cast<int16_t>(upper);
    if (move != TtEntry::NoTtMove || !same) e.move = static_cast<uint8_t>(move);
    e.age = age_;
    e.used = 1;
}

int TranspositionTable::hashfull() const {
    const size_t n = std::min<size_t>(buckets_.size(), 250);
    int used = 0;
    for (size_t i = 0; i < n; ++i)
        for (const TtEntry& e : buckets_[i].entries) used += e.used && e.age == age_;
    return static_cast<int>(used * 1000 / (n * BucketSize));
}

}  // namespace reversi::engine
