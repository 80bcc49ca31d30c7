// SPDX-License-Identifier: MIT
// The setup flags shared by every subcommand that starts from a position (perft, solve,
// analyze, ...): --board, --players, --anti, --free-opening, --blocked, --handicap,
// --handicap-to and --moves.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "core/game.h"

namespace reversi::cli {

struct SetupOptions {
    std::string board = "8";
    int players = 2;
    bool anti = false;
    bool free_opening = false;
    std::string blocked;
    int handicap = 0;
    std::string handicap_to = "black";
    std::string moves;

    // Registers the flags on a subcommand.
    void add_to(CLI::App& app);
    // The setup the flags describe; throws core::SetupError with a clear message.
    core::Setup setup() const;
    // The game after --moves; throws std::runtime_error naming the bad move.
    core::Game game() const;
};

}  // namespace reversi::cli
