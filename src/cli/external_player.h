// SPDX-License-Identifier: MIT
// Match players that are other programs speaking GTP (gtp-rhino, or `reversi gtp` itself) or
// NBoard (`reversi nboard`, Edax...), run as child processes through /bin/sh with pipes on
// their standard input and output. A GTP child's board is kept in step by replaying every
// move it has not seen with "play"; an NBoard child gets the whole game (GGF) before "go".
#pragma once

#include <sys/types.h>

#include <cstdio>
#include <memory>
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

class NboardPlayer : public engine::MatchPlayer {
  public:
    // `command` runs the engine; `depth` is sent with "set depth".
    NboardPlayer(const std::string& command, int depth);
    std::string name() const override { return name_; }
    void new_game(const core::Game& game, int game_index) override;
    core::Square choose(const core::Game& game) override;

  private:
    std::string name_;
    ChildProcess child_;
    int depth_;
};

// The player of an external engine's spec: "gtp:COMMAND", "nboard:COMMAND" or
// "nboard@DEPTH:COMMAND" (depth 10 by default); nothing for any other spec. Throws
// std::invalid_argument for a malformed one, std::runtime_error when the engine cannot start.
std::unique_ptr<engine::MatchPlayer> make_external_player(const std::string& spec);

// The GGF text NBoard engines read: standard start of 8x8, 10x10 or the octagon, two
// players, passes written "PA". Throws std::runtime_error for a game it cannot express.
std::string nboard_ggf(const core::Game& game);

}  // namespace reversi::cli
