// SPDX-License-Identifier: MIT
// Who has been shown which puzzle's solution (docs/PUZZLES.md "Ratings"): the answer that
// ends an attempt sends the whole tree, so a puzzle once finished by an account, a device
// (the `rv_device` cookie) or an address is never rated for any of them again; otherwise a
// request without a cookie learns the solution and an account then solves it rated (issue 48,
// item 6). Kept in memory and bounded (the oldest viewers are forgotten first when the entries
// fill up) as the node's view of the store's `seen_puzzles` rows, which outlive a restart and
// are shared by the nodes (PuzzleService reads them at start and asks the store again before it
// rates). A farmer with many addresses and no cookie is not caught here: the
// solution is then theirs to read anyway, and the exact solver finds it for anyone.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace reversi::server {

// The caller of an attempt as the rule knows it: any part may be missing (0 or empty).
struct PuzzleViewer {
    int64_t player = 0;
    std::string device;
    std::string address;
};

// The keys of a viewer's parts, each a row of the store: "p:" a player id, "d:" a device, "a:"
// an address.
std::vector<std::string> seen_keys(const PuzzleViewer& viewer);

class SeenPuzzles {
  public:
    // (viewer, puzzle) pairs kept at once; past it, the oldest viewers go first.
    static constexpr size_t MaxEntries = 2'000'000;
    // A record is kept this long in the store (and read back at start)...
    static constexpr int64_t KeepMs = 30LL * 24 * 3600 * 1000;
    // ...and at most this many puzzles per key (a pool's puzzles number a few thousand).
    static constexpr int MaxPerKey = 5000;

    // Records that `viewer` (each of its parts) was shown the solution of `puzzle`.
    void seen(const PuzzleViewer& viewer, const std::string& puzzle);
    // Whether the account, the device or the address was shown it.
    bool any_seen(const PuzzleViewer& viewer, const std::string& puzzle) const;
    // Records one key's row (read back from the store).
    void add(const std::string& key, const std::string& puzzle);
    size_t entries() const { return entries_; }

  private:
    bool has(const std::string& key, const std::string& puzzle) const;

    std::unordered_map<std::string, std::unordered_set<std::string>> by_key_;
    std::deque<std::string> order_;  // keys, oldest first
    size_t entries_ = 0;
};

}  // namespace reversi::server
