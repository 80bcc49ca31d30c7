// SPDX-License-Identifier: MIT
// Child process plumbing (POSIX fork/exec, two pipes) and the GTP conversation of a match.
#include "cli/external_player.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <csignal>
#include <stdexcept>

#include "core/ggf.h"
#include "core/notation.h"

namespace reversi::cli {

ChildProcess::ChildProcess(const std::string& command) {
    int in_pipe[2];   // parent writes, child reads
    int out_pipe[2];  // child writes, parent reads
    if (pipe(in_pipe) != 0) throw std::runtime_error("cannot create a pipe");
    if (pipe(out_pipe) != 0) {
        close(in_pipe[0]);
        close(in_pipe[1]);
        throw std::runtime_error("cannot create a pipe");
    }
    // A child that dies must not kill us with SIGPIPE: writes then fail with an error instead.
    std::signal(SIGPIPE, SIG_IGN);
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("cannot start '" + command + "'");
    if (pid_ == 0) {
        dup2(in_pipe[0], STDIN_FILENO);
        dup2(out_pipe[1], STDOUT_FILENO);
        close(in_pipe[0]);
        close(in_pipe[1]);
        close(out_pipe[0]);
        close(out_pipe[1]);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(in_pipe[0]);
    close(out_pipe[1]);
    to_child_ = fdopen(in_pipe[1], "w");
    from_child_ = fdopen(out_pipe[0], "r");
}

ChildProcess::~ChildProcess() {
    if (to_child_) fclose(to_child_);  // end of input: well-behaved engines exit
    if (from_child_) fclose(from_child_);
    if (pid_ > 0) {
        int status = 0;
        for (int i = 0; i < 50; ++i) {
            if (waitpid(pid_, &status, WNOHANG) == pid_) return;
            usleep(10'000);
        }
        kill(pid_, SIGTERM);
        waitpid(pid_, &status, 0);
    }
}

void ChildProcess::send(const std::string& line) {
    if (fputs((line + "\n").c_str(), to_child_) < 0 || fflush(to_child_) != 0)
        throw std::runtime_error("the engine stopped reading its input");
}

std::string ChildProcess::receive() {
    std::string line;
    int c;
    while ((c = fgetc(from_child_)) != EOF && c != '\n') line += static_cast<char>(c);
    if (c == EOF && line.empty()) throw std::runtime_error("the engine closed its output");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

GtpPlayer::GtpPlayer(const std::string& command) : name_("gtp:" + command), child_(command) {
    std::string version;
    try {
        version = ask("protocol_version");
    } catch (const std::runtime_error& e) {
        throw std::runtime_error("'" + command + "' did not start as a GTP engine (" + e.what() +
                                 ")");
    }
    if (version != "2") throw std::runtime_error("'" + command + "' does not speak GTP 2");
}

std::string GtpPlayer::ask(const std::string& command) {
    child_.send(command);
    std::string line;
    do line = child_.receive();
    while (line.empty());  // stray blank lines between answers
    std::string answer;
    const bool ok = line[0] == '=';
    if (!ok && line[0] != '?')
        throw std::runtime_error(name_ + " gave no GTP answer to '" + command + "': " + line);
    // Skip the optional id, then keep the rest; answers end with a blank line.
    size_t start = 1;
    while (start < line.size() && std::isdigit(static_cast<unsigned char>(line[start]))) ++start;
    answer = line.substr(start);
    for (std::string more = child_.receive(); !more.empty(); more = child_.receive())
        answer += "\n" + more;
    const auto first = answer.find_first_not_of(' ');
    answer = first == std::string::npos ? "" : answer.substr(first);
    if (!ok) throw std::runtime_error(name_ + " refused '" + command + "': " + answer);
    return answer;
}

void GtpPlayer::new_game(const core::Game& game, int) {
    if (game.variant().players() != 2) throw std::runtime_error("GTP engines play 2 players");
    const int size = game.variant().geometry().width();
    ask("boardsize " + std::to_string(size));
    ask("clear_board");
    known_ = 0;
}

void GtpPlayer::observe(const core::Game& game) {
    const auto moves = game.moves();
    if (known_ >= moves.size()) return;
    const core::Geometry& g = game.variant().geometry();
    core::Game replay(game.variant().setup());
    for (size_t i = 0; i < moves.size(); ++i) {
        // Passes stay implied, as GTP Othello engines expect: the same colour simply plays
        // again.
        if (i >= known_ && moves[i] != core::PassMove) {
            const bool black = replay.position().side() == 0;
            ask(std::string("play ") + (black ? "b " : "w ") + core::square_name(g, moves[i]));
        }
        replay.play(moves[i]);
    }
    known_ = moves.size();
}

core::Square GtpPlayer::choose(const core::Game& game) {
    observe(game);
    const bool black = game.position().side() == 0;
    const std::string answer = ask(std::string("genmove ") + (black ? "b" : "w"));
    const auto sq = core::parse_square(game.variant().geometry(), answer);
    if (!sq) throw std::runtime_error(name_ + " answered genmove with '" + answer + "'");
    ++known_;  // genmove played it on the engine's own board
    return *sq;
}

std::unique_ptr<engine::MatchPlayer> make_external_player(const std::string& spec) {
    if (spec.rfind("gtp:", 0) == 0) {
        if (spec.size() == 4) throw std::invalid_argument("'gtp:' needs a command");
        return std::make_unique<GtpPlayer>(spec.substr(4));
    }
    const auto colon = spec.find(':');
    if (spec.rfind("nboard", 0) != 0 || colon == std::string::npos) return nullptr;
    const std::string head = spec.substr(0, colon);
    int depth = 10;
    if (head.rfind("nboard@", 0) == 0) {
        const std::string digits = head.substr(7);
        if (digits.empty() || digits.size() > 2 ||
            digits.find_first_not_of("0123456789") != std::string::npos)
            throw std::invalid_argument("'nboard@DEPTH:' needs a whole number");
        depth = std::stoi(digits);
    } else if (head != "nboard") {
        throw std::invalid_argument("bad engine spec '" + spec +
                                    "' (gtp:COMMAND or nboard:COMMAND)");
    }
    if (depth < 1 || depth > 60) throw std::invalid_argument("NBoard depth must be 1 to 60");
    if (colon + 1 == spec.size()) throw std::invalid_argument("'nboard:' needs a command");
    return std::make_unique<NboardPlayer>(spec.substr(colon + 1), depth);
}

std::string nboard_ggf(const core::Game& game) {
    const core::Setup& setup = game.variant().setup();
    if (setup.players != 2 || setup.free_opening || setup.handicap || !setup.blocked.empty() ||
        setup.shape == core::Shape::Six)
        throw std::runtime_error(
            "NBoard engines play 2-player games from the standard start "
            "on 8x8, 10x10 or the octagon");
    core::GgfInfo info;
    info.place = "reversi";
    return core::format_ggf(game, info);
}

NboardPlayer::NboardPlayer(const std::string& command, int depth)
    : name_("nboard:" + command), child_(command), depth_(depth) {
    child_.send("nboard 2");
    child_.send("set depth " + std::to_string(depth_));
}

void NboardPlayer::new_game(const core::Game& game, int) {
    nboard_ggf(game);
}

core::Square NboardPlayer::choose(const core::Game& game) {
    child_.send("set game " + nboard_ggf(game));
    child_.send("go");
    // Everything before the answer (status, search, nodestats, set myname) is informative.
    for (;;) {
        const std::string line = child_.receive();
        if (line.rfind("===", 0) != 0) continue;
        std::string move = line.substr(3);
        const auto first = move.find_first_not_of(' ');
        move = first == std::string::npos ? "" : move.substr(first);
        move = move.substr(0, move.find_first_of("/ "));
        const auto sq = core::parse_square(game.variant().geometry(), move);
        if (!sq) throw std::runtime_error(name_ + " answered go with '" + line + "'");
        return *sq;
    }
}

}  // namespace reversi::cli
