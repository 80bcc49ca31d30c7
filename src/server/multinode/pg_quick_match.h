// SPDX-License-Identifier: MIT
// Quick pairing across nodes (docs/MULTINODE.md "Quick pairing across nodes"): the seekers of
// every node wait in one queue, the table lobby_quick, and a node pairs them in one
// transaction on its bus thread: under an advisory lock (one matcher at a time, which sees
// the whole queue, so the rules and fairness of one node's queue hold), it reads the queue,
// matches, and deletes the rows of the players it paired, checking that every one was still
// there. A row is taken by one transaction only, so no seeker is paired twice; rows of a node
// that is no longer alive are deleted first, so a dead node's seekers are never paired.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace reversi::server::pg {

class Connection;

// The matching rules (the server's, lobby.h match_quick_seekers): the groups the seekers
// form at `now` (the database's time, ms), as indices into `seekers`.
using QuickMatcher = std::function<std::vector<std::vector<size_t>>(
    const std::vector<nlohmann::json>& seekers, int64_t now)>;

struct QuickRound {
    // The groups this node took and must pair: {"group": [seeker, ...]}, each seeker its
    // "quick+" event with "since" (the database's ms when it was queued).
    std::vector<nlohmann::json> groups;
    // Whether this node still has seekers in the queue (another round is worth it).
    bool seekers_left = false;
};

// One round for `node`: only groups with at least one of this node's seekers are taken (the
// table is made on a node of its players). Nothing when another node is matching right now.
// Throws std::runtime_error on a database failure (nothing taken).
QuickRound take_quick_groups(Connection& connection, const std::string& channel,
                             const std::string& node, const QuickMatcher& match);

}  // namespace reversi::server::pg
