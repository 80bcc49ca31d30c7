// SPDX-License-Identifier: MIT
// Each part of a viewer is its own key ("p:" a player id, "d:" a device, "a:" an address), so
// that any one of them seen before is enough.
#include "server/puzzles/seen_puzzles.h"

namespace reversi::server {

std::vector<std::string> seen_keys(const PuzzleViewer& v) {
    std::vector<std::string> keys;
    if (v.player) keys.push_back("p:" + std::to_string(v.player));
    if (!v.device.empty()) keys.push_back("d:" + v.device);
    if (!v.address.empty()) keys.push_back("a:" + v.address);
    return keys;
}

void SeenPuzzles::add(const std::string& key, const std::string& puzzle) {
    auto [it, fresh] = by_key_.try_emplace(key);
    if (fresh) order_.push_back(key);
    if (it->second.insert(puzzle).second) ++entries_;
    // The oldest viewers go first, never the one just recorded.
    while (entries_ > MaxEntries && order_.size() > 1) {
        const auto old = by_key_.find(order_.front());
        if (old != by_key_.end()) {
            entries_ -= old->second.size();
            by_key_.erase(old);
        }
        order_.pop_front();
    }
}

bool SeenPuzzles::has(const std::string& key, const std::string& puzzle) const {
    const auto it = by_key_.find(key);
    return it != by_key_.end() && it->second.count(puzzle);
}

void SeenPuzzles::seen(const PuzzleViewer& viewer, const std::string& puzzle) {
    for (const std::string& key : seen_keys(viewer)) add(key, puzzle);
}

bool SeenPuzzles::any_seen(const PuzzleViewer& viewer, const std::string& puzzle) const {
    for (const std::string& key : seen_keys(viewer))
        if (has(key, puzzle)) return true;
    return false;
}

}  // namespace reversi::server
