// SPDX-License-Identifier: MIT
// Self-play for training data: two-player variants without a free opening (passes are played
// but not recorded: nothing to learn from a position without a choice) and 3-4 players.
#include "engine/selfplay.h"

#include "core/bitboard.h"
#include "core/position.h"
#include "engine/board.h"
#include "engine/multiplayer_eval.h"
#include "engine/random.h"

namespace reversi::engine {

namespace {

// Random opening length of game `state` was seeded for.
int random_opening(const SelfplayOptions& o, uint64_t& state) {
    const int span = std::max(0, o.random_plies_max - o.random_plies_min);
    return o.random_plies_min +
           static_cast<int>(next_random(state) % static_cast<uint64_t>(span + 1));
}

// 3-4 players: nobody passes and every seat is the others' opponent.
std::vector<TrainingPosition> play_multiplayer_game(const core::Variant& variant,
                                                    const SelfplayOptions& o, uint64_t& state,
                                                    Engine& engine) {
    const int random_plies = random_opening(o, state);
    core::Position pos = core::Position::start(variant);
    std::vector<core::Position> seen;
    engine.clear();
    for (int ply = 0; !pos.is_over(); ++ply) {
        if (ply >= random_plies) seen.push_back(pos);
        core::Square move;
        if (ply < random_plies ||
            static_cast<int>(next_random(state) % 1000) < o.random_move_permille) {
            move = random_move(pos.legal_moves(), state);
        } else {
            SearchLimits limits;
            limits.depth = o.depth;
            const SearchResult r = engine.search(pos, limits);
            move = r.best >= 0 ? r.best : random_move(pos.legal_moves(), state);
        }
        pos.play(move);
    }
    const core::Outcome outcome = pos.outcome();
    const int players = variant.players();
    std::vector<TrainingPosition> out;
    for (const core::Position& p : seen) {
        // The mover's view first, so that a game starts with a mover's record.
        for (int k = 0; k < (o.all_seats ? players : 1); ++k) {
            const int seat = (p.side() + k) % players;
            const core::u128 own = p.discs(seat);
            out.push_back({own, p.occupied() & ~own,
                           multiplayer_margin(outcome, players, seat, variant.anti()), false, false,
                           false, k > 0});
        }
    }
    if (!out.empty()) out.front().game_start = true;
    return out;
}

}  // namespace

std::vector<TrainingPosition> play_selfplay_game(const core::Variant& variant,
                                                 const SelfplayOptions& o, uint64_t index,
                                                 Engine& engine) {
    uint64_t state = o.seed * 0x2545f4914f6cdd1dULL + index * 0x9e3779b97f4a7c15ULL;
    if (variant.players() > 2) return play_multiplayer_game(variant, o, state, engine);
    const int random_plies = random_opening(o, state);
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
        out.push_back({s.own, s.opp, final_score(own, opp, empty, variant.anti()), s.exact, false,
                       false, false, variant.geometry().blocked()});
    }
    if (!out.empty()) out.front().game_start = true;
    return out;
}

}  // namespace reversi::engine
