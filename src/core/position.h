// SPDX-License-Identifier: MIT
// A position of any variant: one board word per seat, neutral discs, the seat to move.
// Copying is cheap (a few words per colour). The position refers to its Variant, which must
// outlive it. Rules questions (legal moves, flips, passes, the end, the result) are answered
// here with whole-board operations; the phase of a free opening is derived from the centre.
#pragma once

#include <array>
#include <cstdint>

#include "core/variant.h"

namespace reversi::core {

// The result of a finished game (RULES.md 3, 4 and 5).
struct Outcome {
    std::array<int, MaxPlayers> discs{};  // discs of each seat
    int winner = -1;                      // seat that won, or -1 for a draw of the table
    // Two players only: Black's disc difference with empty squares given to the winner,
    // the tournament convention of engines (0 for a draw). Anti keeps the plain sign: the
    // winner's score is positive.
    int black_score = 0;
};

class Position {
public:
    Position() = default;
    // The start position of a variant.
    static Position start(const Variant& variant);
    // A position from explicit discs; `neutral` must be empty unless there are three players.
    static Position from_discs(const Variant& variant, const std::array<u128, MaxPlayers>& discs,
                               u128 neutral, int side_to_move);

    const Variant& variant() const { return *variant_; }
    const Geometry& geometry() const { return variant_->geometry(); }
    int players() const { return variant_->players(); }
    // Seat (colour index) to move.
    int side() const { return side_; }
    u128 discs(int seat) const { return discs_[seat]; }
    u128 neutral() const { return neutral_; }
    u128 occupied() const;
    u128 empty() const { return geometry().playable() & ~occupied(); }
    int count(int seat) const;

    // True while a free opening is filling the centre (placements there only, no flips).
    bool in_opening() const;
    // Squares the side to move may play: flipping moves, or during a free opening the empty
    // centre squares, or (3-4 players, no flipping move) empty squares touching any disc.
    // Empty means a forced pass (two players) or the end of the game.
    u128 legal_moves() const;
    // True when `sq` is a legal move, or PassMove when a pass is forced.
    bool is_legal(Square sq) const;
    // Two players only: the side to move has no move but the game goes on.
    bool must_pass() const;
    bool is_over() const;
    // Discs that playing `sq` flips (whatever their colour).
    u128 flips(Square sq) const;

    // Plays a legal move or a forced pass; the caller checks legality.
    void play(Square sq);
    // The position after a legal move or forced pass.
    Position after(Square sq) const {
        Position next = *this;
        next.play(sq);
        return next;
    }

    // A 64-bit hash of discs and side to move, derived from the board words.
    uint64_t key() const;
    // The result; meaningful once is_over().
    Outcome outcome() const;

    friend bool operator==(const Position& a, const Position& b) {
        return a.discs_ == b.discs_ && a.neutral_ == b.neutral_ && a.side_ == b.side_;
    }

private:
    int next_seat() const { return (side_ + 1) % players(); }
    u128 flipping_moves(int seat) const;

    const Variant* variant_ = nullptr;
    std::array<u128, MaxPlayers> discs_{};
    u128 neutral_ = 0;
    int side_ = 0;
};

}  // namespace reversi::core
