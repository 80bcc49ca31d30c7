// SPDX-License-Identifier: MIT
// The flags several subcommands share: the setup of every subcommand that starts from a
// position (perft, solve, analyze, ...): --board, --players, --anti, --free-opening, --blocked,
// --handicap, --handicap-to and --moves; and the strength of a protocol session (gtp, nboard).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "core/game.h"
#include "engine/limits.h"

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

// How strong a protocol session plays: its command's --level, --depth, --time and --threads
// (each command words their help), level 10 when none of the first three is given.
struct SessionLimits {
    int level = 0;
    int depth = 0;
    double seconds = 0;
    int threads = 1;

    engine::SearchLimits limits() const;
};

}  // namespace reversi::cli
