// SPDX-License-Identifier: MIT
// The transposition table: a fixed number of 4-entry buckets (sized in MB) keyed by a 64-bit
// position key. An entry keeps a lower and an upper bound on the score at a given depth and
// the best move found. Replacement prefers the shallowest entry of an older search: a new
// search bumps the age, so stale deep entries give way to fresh ones. Single-threaded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace reversi::engine {

// What the table knows about one position.
struct TtEntry {
    uint64_t key = 0;
    int16_t lower = 0;
    int16_t upper = 0;
    uint8_t depth = 0;
    uint8_t move = NoTtMove;
    uint8_t age = 0;
    uint8_t used = 0;

    // The stored move value meaning "no move known".
    static constexpr uint8_t NoTtMove = 255;
};

class TranspositionTable {
  public:
    // A table of about `megabytes` MB (at least one bucket).
    explicit TranspositionTable(std::size_t megabytes);

    // Resizes to about `megabytes` MB and clears.
    void resize(std::size_t megabytes);
    // Forgets every entry.
    void clear();
    // Starts a new search: entries written from now on are younger than the old ones.
    void new_search() { ++age_; }

    // The entry for `key` with at least `depth`, or nullptr.
    const TtEntry* probe(uint64_t key) const;
    // Records bounds [lower, upper] and a best move (TtEntry::NoTtMove if none) for `key`.
    // When an entry of the same key and depth exists the bounds are intersected.
    void store(uint64_t key, int depth, int lower, int upper, int move);

    // Entries in use per thousand, sampled from the first buckets.
    int hashfull() const;

  private:
    static constexpr int BucketSize = 4;
    struct Bucket {
        TtEntry entries[BucketSize];
    };
    Bucket& bucket(uint64_t key) { return buckets_[(key >> 20) & mask_]; }
    const Bucket& bucket(uint64_t key) const { return buckets_[(key >> 20) & mask_]; }

    std::vector<Bucket> buckets_;
    uint64_t mask_ = 0;
    uint8_t age_ = 0;
};

}  // namespace reversi::engine
