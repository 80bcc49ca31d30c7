// SPDX-License-Identifier: MIT
// The transposition table: a fixed number of 4-entry buckets (sized in MB) keyed by a 64-bit
// position key. An entry keeps a lower and an upper bound on the score at a given depth and
// the best move found. Replacement prefers the shallowest entry of an older search: a new
// search bumps the age, so stale deep entries give way to fresh ones.
//
// Shared by the threads of one search without locks: an entry is two 64-bit words, the data
// and the key xor the data, each read and written atomically. A torn entry (two threads
// writing the same slot at once) fails the key check and reads as a miss, never as another
// position's bounds.
//
// A large table lives in 2 MB pages where the system allows (transparent huge pages on
// request): a probe is a random access into tens of megabytes, and with 4 KB pages nearly every
// probe also missed the address translation cache. Such a table is mapped from the system,
// whose pages read as zero until written: it is neither cleared nor touched before the search
// needs it, so a short search pays only for the pages it uses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace reversi::engine {

// What the table knows about one position.
struct TtEntry {
    int lower = 0;
    int upper = 0;
    int depth = 0;
    int move = NoTtMove;
    // How sure the bounds are: below FullLevel they came from a selective search (the
    // exact solver's Multi-ProbCut passes), which later, surer searches use only for the move.
    int level = FullLevel;

    // The stored move value meaning "no move known".
    static constexpr int NoTtMove = 255;
    static constexpr int FullLevel = 15;
};

class TranspositionTable {
  public:
    // A table of about `megabytes` MB (at least one bucket).
    explicit TranspositionTable(std::size_t megabytes);

    // Resizes to about `megabytes` MB and clears. Not while a search runs.
    void resize(std::size_t megabytes);
    // Forgets every entry. Not while a search runs.
    void clear();
    // Starts a new search: entries written from now on are younger than the old ones.
    void new_search() { ++age_; }

    // Starts loading the bucket of `key` into the cache, for a probe soon after.
    void prefetch(uint64_t key) const { __builtin_prefetch(&bucket(key)); }
    // Copies the entry for `key` into `out`; false when there is none.
    bool probe(uint64_t key, TtEntry& out) const;
    // Records bounds [lower, upper] and a best move (TtEntry::NoTtMove if none) for `key`,
    // found by a search of selectivity `level`. When an entry of the same key and depth
    // exists, bounds of the same level are intersected, of a surer level replaced, and of a
    // less sure one dropped.
    void store(uint64_t key, int depth, int lower, int upper, int move,
               int level = TtEntry::FullLevel);

    // Entries in use per thousand, sampled from the first buckets.
    int hashfull() const;
    // True while nothing was stored since the table was made or cleared (clear() is then free).
    bool pristine() const;

  private:
    static constexpr int BucketSize = 4;
    // key_check = key ^ data; data packs lower, upper (16 bits each), depth, move, age (8
    // bits each), an in-use flag (1 bit) and the level (4 bits). An all-zero slot is unused.
    struct Slot {
        uint64_t key_check;
        uint64_t data;
    };
    // One cache line: a probe costs one memory access.
    struct alignas(64) Bucket {
        Slot slots[BucketSize];
    };
    Bucket& bucket(uint64_t key) { return buckets_[(key >> 20) & mask_]; }
    const Bucket& bucket(uint64_t key) const { return buckets_[(key >> 20) & mask_]; }
    std::size_t bucket_count() const { return mask_ + 1; }

    // Frees memory from allocate_buckets (tt.cpp): `mapped` bytes mapped from the system, or
    // heap memory when 0.
    struct FreeBuckets {
        std::size_t mapped;
        void operator()(Bucket* buckets) const;
    };
    std::unique_ptr<Bucket[], FreeBuckets> buckets_;
    uint64_t mask_ = 0;
    uint8_t age_ = 0;
    // Accessed through std::atomic_ref: store() may run on several threads at once.
    bool pristine_ = false;
};

}  // namespace reversi::engine
