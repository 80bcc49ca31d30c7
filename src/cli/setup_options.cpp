// SPDX-License-Identifier: MIT
// Turns command-line setup flags into a validated game, and a session's flags into limits.
#include "cli/setup_options.h"

#include <sstream>
#include <stdexcept>

#include "core/notation.h"

namespace reversi::cli {

void SetupOptions::add_to(CLI::App& app) {
    app.add_option("--board", board, "Board: 6, 8, 10 or octagon")->capture_default_str();
    app.add_option("--players", players, "Number of players: 2, 3 or 4")->capture_default_str();
    app.add_flag("--anti", anti, "Anti-Reversi: fewest discs wins");
    app.add_flag("--free-opening", free_opening, "Empty start: the centre is filled first");
    app.add_option("--blocked", blocked, "Blocked squares, comma-separated (c3,f6)");
    app.add_option("--handicap", handicap, "Corners given as a handicap (0-4)")
        ->capture_default_str();
    app.add_option("--handicap-to", handicap_to, "Who receives the handicap: black or white")
        ->capture_default_str();
    app.add_option("--moves", moves, "Moves played from the start (f5d6c3 or f5 d6 c3)");
}

core::Setup SetupOptions::setup() const {
    core::Setup s;
    if (!core::parse_shape(board, s.shape))
        throw core::SetupError("unknown board '" + board + "' (use 6, 8, 10 or octagon)");
    s.players = players;
    s.anti = anti;
    s.free_opening = free_opening;
    s.handicap = handicap;
    if (handicap_to == "black")
        s.handicap_to = core::Color::Black;
    else if (handicap_to == "white")
        s.handicap_to = core::Color::White;
    else
        throw core::SetupError("--handicap-to takes black or white, not '" + handicap_to + "'");
    std::stringstream list(blocked);
    std::string name;
    while (std::getline(list, name, ',')) {
        if (name.empty()) continue;
        const auto c = core::parse_coord(name);
        if (!c) throw core::SetupError("'" + name + "' in --blocked is not a square name");
        s.blocked.push_back(*c);
    }
    return s;
}

core::Game SetupOptions::game() const {
    core::Game g(setup());
    if (const auto error = core::play_moves(g, moves)) throw std::runtime_error(error->message());
    return g;
}

engine::SearchLimits SessionLimits::limits() const {
    engine::SearchLimits limits;
    limits.level = level;
    limits.depth = depth;
    limits.seconds = seconds;
    limits.threads = threads;
    if (!level && !depth && seconds <= 0) limits.level = 10;
    return limits;
}

}  // namespace reversi::cli
