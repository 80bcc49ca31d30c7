// SPDX-License-Identifier: MIT
// GTP state machine. Commands are case-sensitive as the protocol says; an optional numeric
// id is echoed in the answer; "#" starts a comment.
#include "cli/gtp_session.h"

#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "cli/text.h"
#include "core/notation.h"
#include "engine/version.h"

namespace reversi::cli {

namespace {

const std::vector<std::string> Commands = {
    "protocol_version", "name",        "version",       "known_command", "list_commands", "quit",
    "boardsize",        "clear_board", "komi",          "play",          "genmove",       "undo",
    "final_score",      "showboard",   "time_settings", "time_left"};

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

GtpSession::GtpSession(engine::SearchLimits limits, core::Setup setup)
    : limits_(limits), setup_(std::move(setup)), game_(std::make_unique<core::Game>(setup_)) {
    if (setup_.players != 2) throw std::invalid_argument("GTP plays two-player games only");
}

void GtpSession::run(std::istream& in, std::ostream& out) {
    std::string line;
    while (std::getline(in, line))
        if (!handle(line, out)) break;
}

bool GtpSession::handle(const std::string& raw, std::ostream& out) {
    std::string line = raw.substr(0, raw.find('#'));
    for (char& c : line)
        if (c == '\t') c = ' ';
    line = trim(line);
    if (line.empty()) return true;
    std::string id;
    size_t pos = 0;
    while (pos < line.size() && std::isdigit(static_cast<unsigned char>(line[pos]))) ++pos;
    if (pos > 0) {
        id = line.substr(0, pos);
        line = trim(line.substr(pos));
    }
    const auto space = line.find(' ');
    const std::string command = line.substr(0, space);
    const std::string args = space == std::string::npos ? "" : trim(line.substr(space));
    bool quit = false;
    try {
        const std::string answer = execute(command, args, quit);
        out << '=' << id << (answer.empty() ? "" : " ") << answer << "\n\n";
    } catch (const std::exception& e) {
        out << '?' << id << ' ' << e.what() << "\n\n";
    }
    out.flush();
    return !quit;
}

int GtpSession::parse_color(const std::string& text) {
    const std::string c = lower(text);
    if (c == "b" || c == "black") return 0;
    if (c == "w" || c == "white") return 1;
    throw std::runtime_error("invalid color '" + text + "'");
}

void GtpSession::pass_if_needed(int seat) {
    if (game_->position().side() != seat && game_->must_pass()) game_->play(core::PassMove);
}

std::string GtpSession::execute(const std::string& command, const std::string& args, bool& quit) {
    if (command == "protocol_version") return "2";
    if (command == "name") return engine::engine_name();
    if (command == "version") return engine::engine_version();
    if (command == "known_command")
        return std::find(Commands.begin(), Commands.end(), args) != Commands.end() ? "true"
                                                                                   : "false";
    if (command == "list_commands") {
        std::string list;
        for (const auto& c : Commands) list += (list.empty() ? "" : "\n") + c;
        return list;
    }
    if (command == "quit") {
        quit = true;
        return "";
    }
    if (command == "boardsize") {
        core::Setup s = setup_;
        if (args == "6")
            s.shape = core::Shape::Six;
        else if (args == "8")
            s.shape = core::Shape::Eight;
        else if (args == "10")
            s.shape = core::Shape::Ten;
        else
            throw std::runtime_error("unacceptable size");
        s.blocked.clear();
        if (!s.problem().empty()) throw std::runtime_error("unacceptable size");
        setup_ = s;
        game_ = std::make_unique<core::Game>(setup_);
        return "";
    }
    if (command == "clear_board") {
        game_ = std::make_unique<core::Game>(setup_);
        return "";
    }
    if (command == "komi" || command == "time_settings" || command == "time_left") return "";
    if (command == "play") return play(args);
    if (command == "genmove") return genmove(args);
    if (command == "undo") {
        if (!game_->undo()) throw std::runtime_error("cannot undo");
        return "";
    }
    if (command == "final_score") return final_score();
    if (command == "showboard") return showboard();
    throw std::runtime_error("unknown command");
}

std::string GtpSession::play(const std::string& args) {
    std::istringstream in(args);
    std::string color, vertex, extra;
    if (!(in >> color >> vertex) || (in >> extra)) throw std::runtime_error("syntax error");
    const int seat = parse_color(color);
    const auto sq = core::parse_square(game_->position().geometry(), vertex);
    if (!sq) throw std::runtime_error("invalid vertex '" + vertex + "'");
    // Work on a copy so that a refused move leaves the game exactly as it was.
    core::Game next = *game_;
    if (next.position().side() != seat && next.must_pass()) next.play(core::PassMove);
    if (next.position().side() != seat) throw std::runtime_error("illegal move: not your turn");
    if (!next.play(*sq).empty()) throw std::runtime_error("illegal move");
    *game_ = next;
    return "";
}

std::string GtpSession::genmove(const std::string& args) {
    const int seat = parse_color(trim(args));
    core::Game next = *game_;
    if (next.position().side() != seat && next.must_pass()) next.play(core::PassMove);
    if (next.is_over()) return "pass";
    if (next.position().side() != seat) throw std::runtime_error("not your turn");
    core::Square sq = core::PassMove;
    if (!next.must_pass()) sq = engine_.search(next.position(), limits_).best;
    if (!next.play(sq).empty()) throw std::runtime_error("engine failure");
    *game_ = next;
    return core::square_name(game_->position().geometry(), sq);
}

std::string GtpSession::final_score() const {
    const core::Position& p = game_->position();
    int diff = p.count(0) - p.count(1);
    if (p.is_over()) diff = p.outcome().black_score;
    if (diff == 0) return "0";
    return diff > 0 ? "B+" + std::to_string(diff) : "W+" + std::to_string(-diff);
}

std::string GtpSession::showboard() const {
    const core::Position& p = game_->position();
    const core::Geometry& g = p.geometry();
    std::ostringstream out;
    out << "\n   ";
    for (int c = 0; c < g.width(); ++c) out << ' ' << static_cast<char>('a' + c);
    for (int r = 0; r < g.height(); ++r) {
        out << '\n' << (r + 1 < 10 ? "  " : " ") << r + 1;
        for (int c = 0; c < g.width(); ++c) {
            const core::Square sq = g.square({c, r});
            const core::u128 bit = core::u128(1) << sq;
            char ch = '.';
            if (!(g.playable() & bit))
                ch = ' ';
            else if (p.discs(0) & bit)
                ch = 'X';
            else if (p.discs(1) & bit)
                ch = 'O';
            out << ' ' << ch;
        }
    }
    out << "\n"
        << (p.is_over()     ? "Game over"
            : p.side() == 0 ? "Black to move"
                            : "White to move")
        << ", X " << p.count(0) << " O " << p.count(1);
    return out.str();
}

}  // namespace reversi::cli
