// SPDX-License-Identifier: MIT
// Who has been shown which puzzle's solution (docs/PUZZLES.md "Ratings"): the answer that
// ends an attempt sends the whole tree, so a puzzle once finished by an account, a device
// (the `rv_device` cookie) or an address is never rated for any of them again; otherwise a
// request without a cookie learns the solution and an account then solves it rated (issue 48,
// item 6). Kept in memory and bounded: the oldest viewers are forgotten first when the
// entries fill up. A farmer with many addresses and no cookie is not caught here: the
// solution is then theirs to read anyway, and the exact solver finds it for anyone.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace reversi::server {

// The caller of an attempt as the rule knows it: any part may be missing (0 or empty).
struct PuzzleViewer {
    int64_t player = 0;
    std::string device;
    std::string address;
};

class SeenPuzzles {
  public:
    // (viewer, puzzle) pairs kept at once; past it, the oldest viewers go first.
    static constexpr size_t MaxEntries = 2'000'000;

    // Records that `viewer` (each of its parts) was shown the solution of `puzzle`.
    void seen(const PuzzleViewer& viewer, const std::string& puzzle);
    // Whether the account, the device or the address was shown it.
    bool any_seen(const PuzzleViewer& viewer, const std::string& puzzle) const;
    size_t entries() const { return entries_; }

  private:
    void add(const std::string& key, const std::string& puzzle);
    bool has(const std::string& key, const std::string& puzzle) const;

    std::unordered_map<std::string, std::unordered_set<std::string>> by_key_;
    std::deque<std::string> order_;  // keys, oldest first
    size_t entries_ = 0;
};

}  // namespace reversi::server
