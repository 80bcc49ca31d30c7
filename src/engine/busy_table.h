// SPDX-License-Identifier: MIT
// Which positions the threads of one search are inside right now (simplified ABDADA, after
// Weill and Kerrigan). A thread marks a node while it searches it; a thread about to search
// a later child that another thread already has marked puts it off until its other children
// are done, by which time the other thread has usually put the answer in the shared table.
// So the threads of a lazy-SMP search split the tree instead of walking it in lock step.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

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

}  // namespace reversi::engine
