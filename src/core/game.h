// SPDX-License-Identifier: MIT
// A game: a validated variant plus the moves played, with undo and redo. The variant is
// shared, so positions handed out stay valid while any copy of the game lives.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/position.h"

namespace reversi::core {

class Game {
public:
    // Starts a game of the setup; throws SetupError when the setup breaks the rules.
    explicit Game(const Setup& setup);
    // Starts a game of the setup from explicit discs instead of the setup's start (a
    // composed position, a GGF board); throws SetupError when the setup breaks the rules
    // or a disc lies off the playable squares or on two seats at once.
    Game(const Setup& setup, const std::array<u128, MaxPlayers>& discs, u128 neutral, int side);

    const Variant& variant() const { return *variant_; }
    std::shared_ptr<const Variant> shared_variant() const { return variant_; }
    const Position& position() const { return positions_[ply_]; }
    // The position before the first move.
    const Position& start() const { return positions_.front(); }
    // Moves played so far (passes included as PassMove), not counting undone ones.
    std::vector<Square> moves() const;
    // Number of moves played (the current ply).
    int ply() const { return ply_; }

    // Plays a legal move or forced pass. Returns an empty string, or why it is refused
    // (the game is then unchanged). Playing clears the redo list.
    std::string play(Square sq);
    bool can_undo() const { return ply_ > 0; }
    bool can_redo() const { return ply_ + 1 < static_cast<int>(positions_.size()); }
    // Take back / replay one move; false when there is none.
    bool undo();
    bool redo();

    u128 legal_moves() const { return position().legal_moves(); }
    bool must_pass() const { return position().must_pass(); }
    bool is_over() const { return position().is_over(); }
    Outcome outcome() const { return position().outcome(); }

private:
    std::shared_ptr<const Variant> variant_;
    std::vector<Position> positions_;  // positions_[i] is the position after i moves
    std::vector<Square> moves_;        // moves_[i] leads from positions_[i] to positions_[i + 1]
    int ply_ = 0;
};

}  // namespace reversi::core
