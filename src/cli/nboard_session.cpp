// SPDX-License-Identifier: MIT
// NBoard state machine and the small GGF reader it needs (two players, games from the
// standard start of 8x8, 10x10 or the octagon, Anti-Reversi by the 'a' type suffix).
#include "cli/nboard_session.h"

#include <cmath>
#include <iomanip>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "core/notation.h"
#include "engine/version.h"

namespace reversi::cli {

namespace {

std::string trim(const std::string& s) {
    const auto begin = s.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos) return "";
    return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
}

struct Property {
    std::string name;
    std::string value;
};

// Properties in order: a name of capital letters directly before each "[...]".
std::vector<Property> properties(const std::string& text) {
    std::vector<Property> list;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '[') continue;
        size_t n = i;
        while (n > 0 && std::isupper(static_cast<unsigned char>(text[n - 1]))) --n;
        const size_t close = text.find(']', i);
        if (close == std::string::npos) throw std::runtime_error("GGF: unclosed '['");
        list.push_back({text.substr(n, i - n), text.substr(i + 1, close - i - 1)});
        i = close;
    }
    return list;
}

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
    if (text.find("(;") == std::string::npos) throw std::runtime_error("GGF: no game found");
    core::Setup setup;
    std::string board;
    std::vector<std::pair<char, std::string>> moves;
    for (const Property& p : properties(text)) {
        if (p.name == "TY") {
            std::string type = trim(p.value);
            if (!type.empty() && type.back() == 'a') {
                setup.anti = true;
                type.pop_back();
            }
            if (type == "8")
                setup.shape = core::Shape::Eight;
            else if (type == "10")
                setup.shape = core::Shape::Ten;
            else if (type == "88")
                setup.shape = core::Shape::Octagon;
            else
                throw std::runtime_error("GGF: unsupported board type TY[" + p.value + "]");
        } else if (p.name == "BO") {
            board = p.value;
        } else if (p.name == "B" || p.name == "W") {
            moves.emplace_back(p.name[0], move_token(p.value));
        }
    }
    core::Game game(setup);
    if (!board.empty()) {
        // Only the standard start is supported: compare the cells with it.
        std::istringstream in(board);
        std::string size, cells, side, token;
        in >> size;
        while (in >> token) {
            if (token == "*" || token == "O")
                side = token;
            else
                cells += token;
        }
        const core::Position& start = game.position();
        const core::Geometry& g = start.geometry();
        std::string want;
        for (int r = 0; r < g.height(); ++r)
            for (int c = 0; c < g.width(); ++c) {
                if (!g.on_shape({c, r})) continue;
                const core::u128 bit = core::u128(1) << g.square({c, r});
                want += (start.discs(0) & bit) ? '*' : (start.discs(1) & bit) ? 'O' : '-';
            }
        if (cells != want || side != "*")
            throw std::runtime_error("GGF: only games from the standard start are supported");
    }
    for (size_t i = 0; i < moves.size(); ++i) {
        const auto& [color, name] = moves[i];
        const auto sq = core::parse_square(game.position().geometry(), name);
        if (!sq)
            throw std::runtime_error("GGF: move " + std::to_string(i + 1) + " '" + name +
                                     "' is not a square");
        const int seat = color == 'B' ? 0 : 1;
        if (game.position().side() != seat && game.must_pass()) game.play(core::PassMove);
        if (game.position().side() != seat || !game.play(*sq).empty())
            throw std::runtime_error("GGF: move " + std::to_string(i + 1) + " '" + name +
                                     "' is illegal");
    }
    return game;
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
