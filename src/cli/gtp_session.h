// SPDX-License-Identifier: MIT
// The Go Text Protocol as Othello programs speak it (gtp-rhino, Quarry): a line-based state
// machine over a two-player game on 8x8 (boardsize 6 and 10 too). Squares use the Othello
// convention (a1 top-left), passes are "pass". Every command gets "= ..." or "? reason"
// followed by a blank line; a bad command changes nothing.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "core/game.h"
#include "engine/engine.h"

namespace reversi::cli {

class GtpSession {
  public:
    // `limits` is what genmove spends; `setup` is the game clear_board starts.
    GtpSession(engine::SearchLimits limits, core::Setup setup);

    // Reads commands until quit or the end of input, answering each on `out` (flushed).
    void run(std::istream& in, std::ostream& out);
    // Answers one line; false once the session should end (quit).
    bool handle(const std::string& line, std::ostream& out);

    const core::Game& game() const { return *game_; }

  private:
    // The command's answer text; throws std::runtime_error with the reason on failure.
    std::string execute(const std::string& command, const std::string& args, bool& quit);
    std::string play(const std::string& args);
    std::string genmove(const std::string& args);
    std::string showboard() const;
    std::string final_score() const;
    // Seat of a GTP colour ("b", "black", "w", "white"); throws when unknown.
    static int parse_color(const std::string& text);
    // Plays the forced pass of the side to move when `seat` is asked to move instead.
    void pass_if_needed(int seat);

    engine::SearchLimits limits_;
    core::Setup setup_;
    std::unique_ptr<core::Game> game_;
    engine::Engine engine_;
};

}  // namespace reversi::cli
