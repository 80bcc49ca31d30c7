// SPDX-License-Identifier: MIT
// Relabelling by shallow searches. The search is cleared at each game's first position so
// that a game's labels depend only on that game (files can be relabelled in parts); each
// record is searched on its own board, blocked squares included.
#include "engine/relabel.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/bitboard.h"
#include "core/position.h"

namespace reversi::engine {

core::Variant with_blocked(const core::Variant& base, core::u128 blocked) {
    core::Setup setup = base.setup();
    setup.blocked.clear();
    for (core::u128 b = blocked; b;)
        setup.blocked.push_back(base.geometry().coord(core::pop_lsb(b)));
    return core::Variant(setup);
}

size_t relabel_positions(const core::Variant& variant, const RelabelOptions& o,
                         std::vector<TrainingPosition>& positions, Engine& engine) {
    if (o.depth < 1 || o.search_share < 0 || o.search_share > 1)
        throw std::invalid_argument("relabel: depth at least 1, search share in [0, 1]");
    size_t changed = 0;
    core::Variant board = variant;  // the record's board: its blocked squares
    for (TrainingPosition& p : positions) {
        if (p.game_start) engine.clear();
        if (p.exact) continue;
        if (p.blocked != board.geometry().blocked()) board = with_blocked(variant, p.blocked);
        if ((p.own | p.opp) & ~board.geometry().playable())
            throw std::invalid_argument("relabel: a record's discs lie off its board");
        const core::Position pos = core::Position::from_discs(board, {p.own, p.opp, 0, 0}, 0, 0);
        if (pos.is_over() || pos.must_pass()) continue;
        SearchLimits limits;
        limits.depth = o.depth;
        const SearchResult r = engine.search(pos, limits);
        const double label = o.search_share * r.score + (1 - o.search_share) * p.score;
        const int limit = board.geometry().playable_count();
        const int score = std::clamp(static_cast<int>(std::lround(label)), -limit, limit);
        changed += score != p.score;
        p.score = score;
    }
    return changed;
}

}  // namespace reversi::engine
