// SPDX-License-Identifier: MIT
// Game history as a vector of positions: positions are cheap to copy, so undo is free.
#include "core/game.h"

namespace reversi::core {

Game::Game(const Setup& setup) : variant_(std::make_shared<const Variant>(setup)) {
    positions_.push_back(Position::start(*variant_));
}

std::vector<Square> Game::moves() const {
    return {moves_.begin(), moves_.begin() + ply_};
}

std::string Game::play(Square sq) {
    const Position& pos = position();
    if (pos.is_over()) return "the game is over";
    if (sq == PassMove) {
        if (!pos.must_pass()) return "a pass is only allowed when there is no legal move";
    } else if (!pos.is_legal(sq)) {
        return pos.must_pass() ? "no legal move: the player must pass" : "illegal move";
    }
    Position next = pos.after(sq);
    positions_.resize(ply_ + 1);
    moves_.resize(ply_);
    positions_.push_back(next);
    moves_.push_back(sq);
    ++ply_;
    return {};
}

bool Game::undo() {
    if (!can_undo()) return false;
    --ply_;
    return true;
}

bool Game::redo() {
    if (!can_redo()) return false;
    ++ply_;
    return true;
}

}  // namespace reversi::core
