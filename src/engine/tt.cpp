// SPDX-License-Identifier: MIT
// Transposition table storage and replacement.
#include "engine/tt.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>

namespace reversi::engine {

namespace {

// The unpacked data word of a slot.
struct Fields {
    int lower = 0;
    int upper = 0;
    int depth = 0;
    int move = TtEntry::NoTtMove;
    uint8_t age = 0;
    bool used = false;
    int level = TtEntry::FullLevel;
};

uint64_t pack(const Fields& f) {
    return static_cast<uint64_t>(static_cast<uint16_t>(static_cast<int16_t>(f.lower))) |
           static_cast<uint64_t>(static_cast<uint16_t>(static_cast<int16_t>(f.upper))) << 16 |
           static_cast<uint64_t>(static_cast<uint8_t>(f.depth)) << 32 |
           static_cast<uint64_t>(static_cast<uint8_t>(f.move)) << 40 |
           static_cast<uint64_t>(f.age) << 48 | static_cast<uint64_t>(f.used ? 1 : 0) << 56 |
           static_cast<uint64_t>(f.level & 15) << 57;
}

Fields unpack(uint64_t d) {
    Fields f;
    f.lower = static_cast<int16_t>(static_cast<uint16_t>(d));
    f.upper = static_cast<int16_t>(static_cast<uint16_t>(d >> 16));
    f.depth = static_cast<uint8_t>(d >> 32);
    f.move = static_cast<uint8_t>(d >> 40);
    f.age = static_cast<uint8_t>(d >> 48);
    f.used = (d >> 56) & 1;
    f.level = static_cast<int>((d >> 57) & 15);
    return f;
}

// Relaxed atomic access to a word other threads may write at the same time.
uint64_t load(const uint64_t& word) {
    return std::atomic_ref<const uint64_t>(word).load(std::memory_order_relaxed);
}
void save(uint64_t& word, uint64_t value) {
    std::atomic_ref<uint64_t>(word).store(value, std::memory_order_relaxed);
}

constexpr size_t HugePage = size_t{2} << 20;

// Memory for the buckets. From one huge page up it is mapped from the system, aligned to huge
// pages and offered to the kernel for them (a hint: without them it is ordinary memory); such
// pages are zero until written, so the table needs no clearing and a page the search never
// touches costs nothing. Smaller tables come from the heap, whose memory may be reused: the
// caller clears them (`zeroed` false).
struct Buckets {
    void* memory;
    size_t mapped;  // bytes mapped; 0 for heap memory
    bool zeroed;
};

Buckets allocate_buckets(size_t bytes, size_t bucket_align) {
    if (bytes < HugePage) {
        void* memory = std::aligned_alloc(bucket_align, bytes);
        if (!memory) throw std::bad_alloc();
        return {memory, 0, false};
    }
    const size_t size = (bytes + HugePage - 1) / HugePage * HugePage;
    // Mapped one huge page larger, then trimmed to an aligned start and `size` bytes.
    void* raw =
        mmap(nullptr, size + HugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto start = reinterpret_cast<uintptr_t>(raw);
    const uintptr_t aligned = (start + HugePage - 1) / HugePage * HugePage;
    if (aligned > start) munmap(raw, aligned - start);
    if (const uintptr_t tail = start + size + HugePage - (aligned + size); tail > 0)
        munmap(reinterpret_cast<void*>(aligned + size), tail);
    void* memory = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
    madvise(memory, size, MADV_HUGEPAGE);
#endif
    return {memory, size, true};
}

}  // namespace

void TranspositionTable::FreeBuckets::operator()(Bucket* buckets) const {
    if (mapped)
        munmap(buckets, mapped);
    else
        std::free(buckets);
}

TranspositionTable::TranspositionTable(size_t megabytes) {
    resize(megabytes);
}

void TranspositionTable::resize(size_t megabytes) {
    // A power of two of buckets, so that the index is a mask of the key.
    const size_t wanted = std::max<size_t>(1, megabytes * 1024 * 1024 / sizeof(Bucket));
    size_t count = 1;
    while (count * 2 <= wanted) count *= 2;
    // Bucket is a trivial type: all-zero memory is a table of unused slots. The old table goes
    // only once the new one exists, so a failed allocation leaves it usable.
    const Buckets fresh = allocate_buckets(count * sizeof(Bucket), alignof(Bucket));
    buckets_ = std::unique_ptr<Bucket[], FreeBuckets>(static_cast<Bucket*>(fresh.memory),
                                                      FreeBuckets{fresh.mapped});
    mask_ = count - 1;
    pristine_ = fresh.zeroed;
    clear();
}

void TranspositionTable::clear() {
    // A table nothing was stored in since it was zeroed is empty already; filling it would
    // only make the system hand over (and zero) every page of it.
    if (!pristine()) {
        std::fill(buckets_.get(), buckets_.get() + bucket_count(), Bucket{});
        std::atomic_ref<bool>(pristine_).store(true, std::memory_order_relaxed);
    }
    age_ = 0;
}

bool TranspositionTable::pristine() const {
    return std::atomic_ref<const bool>(pristine_).load(std::memory_order_relaxed);
}

bool TranspositionTable::probe(uint64_t key, TtEntry& out) const {
    for (const Slot& s : bucket(key).slots) {
        const uint64_t data = load(s.data);
        if ((load(s.key_check) ^ data) != key) continue;
        const Fields f = unpack(data);
        if (!f.used) continue;
        out.lower = f.lower;
        out.upper = f.upper;
        out.depth = f.depth;
        out.move = f.move;
        out.level = f.level;
        return true;
    }
    return false;
}

void TranspositionTable::store(uint64_t key, int depth, int lower, int upper, int move, int level) {
    // Read before written: the threads of a search share this line, read-only after the first
    // store.
    if (pristine()) std::atomic_ref<bool>(pristine_).store(false, std::memory_order_relaxed);
    Bucket& b = bucket(key);
    Slot* victim = nullptr;
    Fields old;  // the victim's fields when it holds the same key
    bool same = false;
    int victim_worth = 1 << 30;
    for (Slot& s : b.slots) {
        const uint64_t data = load(s.data);
        const Fields f = unpack(data);
        if (f.used && (load(s.key_check) ^ data) == key) {
            if (f.depth == depth) {
                if (level < f.level && f.age == age_) return;  // keep the surer bounds
                // Two searches of the same depth and level: both bounds hold.
                Fields merged = f;
                merged.lower = std::max(f.lower, lower);
                merged.upper = std::min(f.upper, upper);
                if (merged.lower > merged.upper || level != f.level) {
                    // a stale bound disagreed, or a surer search: trust the newest
                    merged.lower = lower;
                    merged.upper = upper;
                    merged.level = level;
                }
                if (move != TtEntry::NoTtMove) merged.move = move;
                merged.age = age_;
                const uint64_t packed = pack(merged);
                save(s.data, packed);
                save(s.key_check, key ^ packed);
                return;
            }
            if (f.depth > depth && f.age == age_) return;  // keep the deeper, fresh result
            victim = &s;
            old = f;
            same = true;
            break;
        }
        // Worth of keeping an entry: its depth, less for every search since it was written.
        const int worth = f.used ? f.depth - 8 * static_cast<uint8_t>(age_ - f.age) : -1000;
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = &s;
        }
    }
    Fields f;
    f.depth = depth;
    f.lower = lower;
    f.upper = upper;
    f.move = move != TtEntry::NoTtMove || !same ? move : old.move;
    f.age = age_;
    f.used = true;
    f.level = level;
    const uint64_t packed = pack(f);
    save(victim->data, packed);
    save(victim->key_check, key ^ packed);
}

int TranspositionTable::hashfull() const {
    const size_t n = std::min<size_t>(bucket_count(), 250);
    int used = 0;
    for (size_t i = 0; i < n; ++i)
        for (const Slot& s : buckets_[i].slots) {
            const Fields f = unpack(load(s.data));
            used += f.used && f.age == age_;
        }
    return static_cast<int>(used * 1000 / (n * BucketSize));
}

}  // namespace reversi::engine
