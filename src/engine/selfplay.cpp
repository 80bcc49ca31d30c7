// SPDX-License-Identifier: MIT
// Self-play for training data. Only two-player variants without a free opening; passes are
// played but not recorded (nothing to learn from a position without a choice).
#include "engine/selfplay.h"

#include "core/bitboard.h"
#include "core/position.h"
#include "engine/board.h"

namespace reversi::engine {

namespace {

uint64_t next_random(uint64_t& state) {
    state += 0x9e3779b97f4a7c15ULL;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

core::Square random_move(core::u128 moves, uint64_t& state) {
    int pick = static_cast<int>(next_random(state) % static_cast<uint64_t>(core::popcount(moves)));
    while (pick--) moves &= moves - 1;
    return core::lsb(moves);
}

}  // namespace

std::vector<TrainingPosition> play_selfplay_game(const core::Variant& variant,
                                                 const SelfplayOptions& o, uint64_t index,
                                                 Engine& engine) {
    uint64_t state = o.seed * 0x2545f4914f6cdd1dULL + index * 0x9e3779b97f4a7c15ULL;
    const int span = std::max(0, o.random_plies_max - o.random_plies_min);
    const int random_plies =
        o.random_plies_min + static_cast<int>(next_random(state) % static_cast<uint64_t>(span + 1));
    core::Position pos = core::Position::start(variant);
    const int playable = pos.geometry().playable_count();
    struct Seen {
        core::u128 own, opp;
        int side;
        bool exact;
    };
    std::vector<Seen> seen;
    engine.clear();
    for (int ply = 0; !pos.is_over(); ++ply) {
        if (pos.must_pass()) {
            pos.play(core::PassMove);
            continue;
        }
        const int empties = playable - core::popcount(pos.occupied());
        const bool tail = empties <= o.exact_empties;
        if (ply >= random_plies)
            seen.push_back({pos.discs(pos.side()), pos.discs(1 - pos.side()), pos.side(), tail});
        core::Square move;
        if (ply < random_plies ||
            (!tail && static_cast<int>(next_random(state) % 1000) < o.random_move_permille)) {
            move = random_move(pos.legal_moves(), state);
        } else {
            SearchLimits limits;
            limits.exact = tail;
            limits.depth = tail ? 0 : o.depth;
            const SearchResult r = engine.search(pos, limits);
            move = r.best >= 0 ? r.best : random_move(pos.legal_moves(), state);
        }
        pos.play(move);
    }
    const int black = core::popcount(pos.discs(0));
    const int white = core::popcount(pos.discs(1));
    const int empty = playable - black - white;
    std::vector<TrainingPosition> out;
    for (const Seen& s : seen) {
        const int own = s.side == 0 ? black : white;
        const int opp = s.side == 0 ? white : black;
        out.push_back({s.own, s.opp, final_score(own, opp, empty, variant.anti()), s.exact, false});
    }
    if (!out.empty()) out.front().game_start = true;
    return out;
}

}  // namespace reversi::engine
