// SPDX-License-Identifier: MIT
// The lazy selection sort that orders a node's children in both two-player searches (the
// midgame PVS and the exact solver): most nodes cut off after the first child or two, so the
// children are not sorted up front; each step moves the best-keyed remaining one forward.
#pragma once

#include <utility>

namespace reversi::engine {

// Moves the best-keyed child of [i, n) to i (the first of equal keys) and returns it. `Child`
// is any type with an int member `key`.
template <class Child>
const Child& select_next(Child* children, int i, int n) {
    int pick = i;
    int best = children[i].key;
    // Conditional moves rather than branches: which child leads is data-dependent, so a
    // branch per child mispredicted often (docs/log/2026-12-03-solver-node-speed.md, "Node
    // speed, fourth round").
    for (int j = i + 1; j < n; ++j) {
        const int key = children[j].key;
        const bool better = key > best;
        pick = better ? j : pick;
        best = better ? key : best;
    }
    std::swap(children[i], children[pick]);
    return children[i];
}

}  // namespace reversi::engine
