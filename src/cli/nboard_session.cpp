// SPDX-License-Identifier: MIT
// NBoard state machine. Games arrive as GGF (core's reader), two players from the standard
// start of 8x8, 10x10 or the octagon, Anti-Reversi by the 'a' type suffix.
#include "cli/nboard_session.h"

#include <cmath>
#include <iomanip>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "cli/text.h"
#include "core/ggf.h"
#include "core/notation.h"
#include "engine/version.h"

namespace reversi::cli {

namespace {

// The move part of "f5/1.5/0.3" ("PA" and "pass" are passes).
std::string move_token(const std::string& text) {
    return trim(text.substr(0, text.find('/')));
}

std::string format_eval(double eval) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(2) << eval;
    return out.str();
}

}  // namespace

core::Game parse_nboard_ggf(const std::string& text) {
    core::GgfRecord record = [&] {
        try {
            return core::parse_ggf(text);
        } catch (const core::NotationError& e) {
            throw std::runtime_error(std::string("GGF: ") + e.what());
        }
    }();
    // NBoard games start from the standard position; the GGF reader also takes free
    // openings, handicaps and arbitrary boards, which this session does not offer.
    const core::Setup& setup = record.game.variant().setup();
    const core::Position& start = record.game.start();
    const core::Position standard = core::Position::start(record.game.variant());
    if (setup.free_opening || setup.handicap != 0 || start.side() != standard.side() ||
        start.discs(0) != standard.discs(0) || start.discs(1) != standard.discs(1))
        throw std::runtime_error("GGF: only games from the standard start are supported");
    return std::move(record.game);
}

NboardSession::NboardSession(engine::SearchLimits limits)
    : limits_(limits), game_(std::make_unique<core::Game>(core::Setup{})) {}

void NboardSession::run(std::istream& in, std::ostream& out) {
    std::string line;
    while (std::getline(in, line))
        if (!handle(line, out)) break;
}

bool NboardSession::handle(const std::string& raw, std::ostream& out) {
    const std::string line = trim(raw);
    const auto space = line.find(' ');
    const std::string command = line.substr(0, space);
    const std::string args = space == std::string::npos ? "" : trim(line.substr(space));
    if (command == "quit") return false;
    if (command == "nboard") {
        out << "set myname " << engine::engine_name() << '\n';
    } else if (command == "set") {
        set(args, out);
    } else if (command == "move") {
        move(args, out);
    } else if (command == "go") {
        go(out);
    } else if (command == "hint") {
        int count = 1;
        std::istringstream(args) >> count;
        hint(std::max(count, 1), out);
    } else if (command == "ping") {
        out << "pong " << args << '\n';
    } else if (command == "learn") {
        out << "learned\n";
    }
    out.flush();
    return true;
}

void NboardSession::set(const std::string& args, std::ostream& out) {
    const auto space = args.find(' ');
    const std::string what = args.substr(0, space);
    const std::string value = space == std::string::npos ? "" : trim(args.substr(space));
    if (what == "depth") {
        int depth = 0;
        if (!(std::istringstream(value) >> depth) || depth < 1 || depth > 60) {
            out << "status error: depth must be 1 to 60\n";
            return;
        }
        limits_.depth = depth;
        limits_.level = 0;
    } else if (what == "game") {
        try {
            game_ = std::make_unique<core::Game>(parse_nboard_ggf(value));
        } catch (const std::exception& e) {
            out << "status error: " << e.what() << '\n';
        }
    }
    // "set contempt" and anything newer: nothing to change (no draw contempt here).
}

void NboardSession::move(const std::string& args, std::ostream& out) {
    const std::string name = move_token(args);
    const auto sq = core::parse_square(game_->position().geometry(), name);
    core::Game next = *game_;
    std::string error = sq ? "" : "not a square";
    if (sq && *sq != core::PassMove && next.must_pass()) next.play(core::PassMove);
    if (error.empty()) error = next.play(*sq);
    if (!error.empty()) {
        out << "status error: move " << name << ": " << error << '\n';
        return;
    }
    *game_ = next;
}

void NboardSession::go(std::ostream& out) {
    const core::Position& pos = game_->position();
    out << "status " << engine::engine_name() << " is thinking\n";
    engine::SearchResult r;
    if (pos.must_pass())
        r.best = core::PassMove;
    else if (!pos.is_over())
        r = engine_.search(pos, limits_);
    out << "nodestats " << r.nodes << ' ' << format_eval(r.seconds) << '\n';
    if (r.best == core::NoSquare) {
        out << "status game over\n";
        return;
    }
    const std::string move =
        r.best == core::PassMove ? "PA" : core::square_name(pos.geometry(), r.best);
    out << "=== " << move;
    if (r.best != core::PassMove)
        out << '/' << format_eval(r.score) << '/' << format_eval(r.seconds);
    out << "\nstatus\n";
}

void NboardSession::hint(int count, std::ostream& out) {
    const core::Position& pos = game_->position();
    out << "status Analyzing\n";
    if (pos.must_pass()) {
        out << "search PA 0.00 0 0\n";
    } else if (!pos.is_over()) {
        engine::SearchLimits limits = limits_;
        limits.multipv = count;
        const engine::SearchResult r = engine_.search(pos, limits);
        std::vector<engine::MoveScore> list = r.root_moves;
        if (list.empty()) list.push_back({r.best, r.score, r.exact});
        for (int i = 0; i < count && i < static_cast<int>(list.size()); ++i)
            out << "search " << core::square_name(pos.geometry(), list[i].move) << ' '
                << format_eval(list[i].score) << " 0 " << r.depth << '\n';
        out << "nodestats " << r.nodes << ' ' << format_eval(r.seconds) << '\n';
    }
    out << "status\n";
}

}  // namespace reversi::cli
