// SPDX-License-Identifier: MIT
// Game history as a vector of positions: positions are cheap to copy, so undo is free.
#include "core/game.h"

namespace reversi::core {

Game::Game(const Setup& setup) : variant_(std::make_shared<const Variant>(setup)) {
    positions_.push_back(Position::start(*variant_));
}

Game::Game(const Setup& setup, const std::array<u128, MaxPlayers>& discs, u128 neutral, int side)
    : variant_(std::make_shared<const Variant>(setup)) {
    const int players = variant_->players();
    if (side < 0 || side >= players)
        throw SetupError("the side to move must be one of the " + std::to_string(players) +
                         " seats");
    if (neutral && players != 3) throw SetupError("neutral discs exist in three-player games only");
    u128 seen = neutral;
    for (int seat = 0; seat < MaxPlayers; ++seat) {
        if (discs[seat] && seat >= players)
            throw SetupError(color_name(static_cast<Color>(seat)) + " discs in a " +
                             std::to_string(players) + "-player game");
        if (discs[seat] & seen) throw SetupError("a square holds two discs");
        seen |= discs[seat];
    }
    if (seen & ~variant_->geometry().playable())
        throw SetupError("a disc lies on a blocked square or off the board");
    positions_.push_back(Position::from_discs(*variant_, discs, neutral, side));
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
