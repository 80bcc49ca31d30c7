// SPDX-License-Identifier: MIT
// Which positions the threads of one search are inside right now (simplified ABDADA, after
// Weill and Kerrigan). A thread marks a node while it searches it; a thread about to search
// a later child that another thread already has marked puts it off until its other children
// are done, by which time the other thread has usually put the answer in the shared table.
// So the threads of a lazy-SMP search split the tree instead of walking it in lock step.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>

#include "engine/board.h"

namespace reversi::engine {

class BusyTable {
  public:
    BusyTable() : slots_(std::make_unique<std::atomic<uint64_t>[]>(Size)) {}

    // True when some thread has marked `key`.
    bool busy(uint64_t key) const {
        return slots_[index(key)].load(std::memory_order_relaxed) == key;
    }

    // Marks `key` for the lifetime of the mark, if its slot is free; a taken slot (another
    // position or another thread) leaves the key unmarked, which only costs some overlap.
    class Mark {
      public:
        Mark(BusyTable* table, uint64_t key) {
            if (!table || key == 0) return;
            std::atomic<uint64_t>& slot = table->slots_[index(key)];
            uint64_t expected = 0;
            if (slot.compare_exchange_strong(expected, key, std::memory_order_relaxed))
                slot_ = &slot;
        }
        ~Mark() {
            if (slot_) slot_->store(0, std::memory_order_relaxed);
        }
        Mark(const Mark&) = delete;
        Mark& operator=(const Mark&) = delete;

      private:
        std::atomic<uint64_t>* slot_ = nullptr;
    };

  private:
    static constexpr uint64_t Size = 1 << 14;
    static uint64_t index(uint64_t key) { return (key ^ (key >> 32)) & (Size - 1); }
    std::unique_ptr<std::atomic<uint64_t>[]> slots_;
};

// The move loop both searches share: `select(i)` returns child i of `children` in search
// order (never moving an earlier one), `search_child(child, first)` searches it and says
// whether the node is settled (cut-off or stop). With `busy`, a later child another thread
// is in waits for a second pass. Returns true when the node was settled.
template <class Child, class Select, class SearchChild>
bool search_children(Child* children, int n, const BusyTable* busy, Select select,
                     SearchChild search_child) {
    std::array<int, 128> deferred;
    int n_deferred = 0;
    for (int i = 0; i < n; ++i) {
        const Child& c = select(i);
        if (busy && i > 0 && busy->busy(pair_key(c.own, c.opp))) {
            deferred[n_deferred++] = i;
            continue;
        }
        if (search_child(c, i == 0)) return true;
    }
    for (int k = 0; k < n_deferred; ++k)
        if (search_child(children[deferred[k]], false)) return true;
    return false;
}

}  // namespace reversi::engine
