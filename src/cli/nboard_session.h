// SPDX-License-Identifier: MIT
// The NBoard protocol, version 2: the GUI sends the game (GGF) and moves, the engine answers
// "go" with "=== move/eval/time" and "hint n" with "search" lines, both framed by "status"
// lines, and answers "ping n" with "pong n" once it is idle. Commands are handled one at a
// time, so every search has finished before the next line is read. Unknown lines are
// ignored, as the protocol asks; a bad game or move is reported on a status line and leaves
// the position unchanged.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "core/game.h"
#include "engine/engine.h"

namespace reversi::cli {

class NboardSession {
  public:
    // `limits` is what go and hint spend; "set depth" replaces the depth.
    explicit NboardSession(engine::SearchLimits limits);

    // Reads commands until quit or the end of input.
    void run(std::istream& in, std::ostream& out);
    // Handles one line; false once the session should end.
    bool handle(const std::string& line, std::ostream& out);

    const core::Game& game() const { return *game_; }
    const engine::SearchLimits& limits() const { return limits_; }

  private:
    void set(const std::string& args, std::ostream& out);
    void move(const std::string& args, std::ostream& out);
    void go(std::ostream& out);
    void hint(int count, std::ostream& out);

    engine::SearchLimits limits_;
    std::unique_ptr<core::Game> game_;
    engine::Engine engine_;
};

// Reads the GGF game NBoard sends (TY, BO from the standard start, B[]/W[] moves with
// optional /eval/time); throws std::runtime_error saying what is wrong.
core::Game parse_nboard_ggf(const std::string& text);

}  // namespace reversi::cli
