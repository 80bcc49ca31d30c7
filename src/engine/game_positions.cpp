// SPDX-License-Identifier: MIT
#include "engine/game_positions.h"

#include "core/bitboard.h"
#include "engine/board.h"

namespace reversi::engine {

GamePositions training_positions_of_game(const core::Variant& variant,
                                         const std::vector<core::Square>& moves) {
    GamePositions out;
    if (variant.players() != 2) {
        out.refused = "not a two-player game";
        return out;
    }
    core::Position pos = core::Position::start(variant);
    struct Seen {
        core::u128 own, opp;
        int side;
    };
    std::vector<Seen> seen;
    const auto refuse = [&](size_t ply, const std::string& why) {
        out.refused = "ply " + std::to_string(ply + 1) + ": " + why;
        return out;
    };
    for (size_t ply = 0; ply < moves.size(); ++ply) {
        const core::Square move = moves[ply];
        if (pos.is_over()) return refuse(ply, "a move after the end");
        if (pos.must_pass()) {
            pos.play(core::PassMove);
            if (move == core::PassMove) continue;
        } else if (move == core::PassMove) {
            return refuse(ply, "a pass with a move to play");
        }
        if (!pos.is_legal(move)) return refuse(ply, "not a legal move");
        seen.push_back({pos.discs(pos.side()), pos.discs(1 - pos.side()), pos.side()});
        pos.play(move);
    }
    if (!pos.is_over()) return refuse(moves.size(), "the game stops before its end");
    const int black = core::popcount(pos.discs(0));
    const int white = core::popcount(pos.discs(1));
    const int empty = pos.geometry().playable_count() - black - white;
    for (const Seen& s : seen) {
        const int own = s.side == 0 ? black : white;
        const int opp = s.side == 0 ? white : black;
        out.positions.push_back({s.own, s.opp, final_score(own, opp, empty, variant.anti()), false,
                                 false, false, false, variant.geometry().blocked()});
    }
    if (!out.positions.empty()) out.positions.front().game_start = true;
    return out;
}

}  // namespace reversi::engine
