// SPDX-License-Identifier: MIT
// A match player that is another program speaking GTP (gtp-rhino, or `reversi gtp` itself),
// run as a child process through /bin/sh with pipes on its standard input and output. The
// child's board is kept in step by replaying every move it has not seen with "play".
#pragma once

#include <sys/types.h>

#include <cstdio>
#include <string>

#include "engine/match.h"

namespace reversi::cli {

// A child process with a line-based conversation on its stdin/stdout.
class ChildProcess {
  public:
    // Starts `command` with /bin/sh -c; throws std::runtime_error when it cannot start.
    explicit ChildProcess(const std::string& command);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Sends one line (a newline is added) and flushes.
    void send(const std::string& line);
    // The next line, without its newline; throws std::runtime_error when the child is gone.
    std::string receive();

  private:
    pid_t pid_ = -1;
    FILE* to_child_ = nullptr;
    FILE* from_child_ = nullptr;
};

class GtpPlayer : public engine::MatchPlayer {
  public:
    // `command` runs the engine, e.g. "gtp-rhino --level 3".
    explicit GtpPlayer(const std::string& command);
    std::string name() const override { return name_; }
    void new_game(const core::Game& game, int game_index) override;
    core::Square choose(const core::Game& game) override;
    void observe(const core::Game& game) override;

  private:
    // Sends a GTP command and returns the answer text; throws with the engine's reason on "?".
    std::string ask(const std::string& command);

    std::string name_;
    ChildProcess child_;
    size_t known_ = 0;  // moves of the current game the child has on its board
};

}  // namespace reversi::cli
