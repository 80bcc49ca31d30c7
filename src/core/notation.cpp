// SPDX-License-Identifier: MIT
// Square names and move lists.
#include "core/notation.h"

#include <cctype>

namespace reversi::core {

namespace {

std::string lower(std::string_view text) {
    std::string out;
    for (char ch : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

bool is_pass_word(const std::string& t) { return t == "pass" || t == "pa" || t == "ps"; }

}  // namespace

std::string coord_name(Coord c) {
    // Appending (not operator+) keeps GCC 12's false -Wrestrict warning away.
    std::string name(1, static_cast<char>('a' + c.col));
    name += std::to_string(c.row + 1);
    return name;
}

std::string square_name(const Geometry& geometry, Square sq) {
    if (sq == PassMove) return "pass";
    if (sq < 0) return "none";
    return coord_name(geometry.coord(sq));
}

std::optional<Coord> parse_coord(std::string_view text) {
    const std::string t = lower(text);
    if (t.size() < 2 || t.size() > 3 || t[0] < 'a' || t[0] > 'z') return std::nullopt;
    int row = 0;
    for (size_t i = 1; i < t.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(t[i]))) return std::nullopt;
        row = row * 10 + (t[i] - '0');
    }
    if (t[1] == '0' || row < 1) return std::nullopt;
    return Coord{t[0] - 'a', row - 1};
}

std::optional<Square> parse_square(const Geometry& geometry, std::string_view text) {
    if (is_pass_word(lower(text))) return PassMove;
    const auto c = parse_coord(text);
    if (!c || !geometry.on_shape(*c)) return std::nullopt;
    return geometry.square(*c);
}

std::string MoveListError::message() const {
    return "move " + std::to_string(index + 1) + " (" + token + "): " + reason;
}

std::vector<std::string> split_moves(std::string_view text, int max_row,
                                     std::optional<MoveListError>& error) {
    std::vector<std::string> tokens;
    const std::string t = lower(text);
    size_t i = 0;
    while (i < t.size()) {
        const char ch = t[i];
        if (std::isspace(static_cast<unsigned char>(ch)) || ch == ',') {
            ++i;
            continue;
        }
        if (t.compare(i, 4, "pass") == 0) {
            tokens.push_back("pass");
            i += 4;
            continue;
        }
        if (t.compare(i, 2, "pa") == 0 || t.compare(i, 2, "ps") == 0) {
            tokens.push_back("pass");
            i += 2;
            continue;
        }
        if (ch >= 'a' && ch <= 'z' && i + 1 < t.size() && std::isdigit(static_cast<unsigned char>(t[i + 1]))) {
            size_t len = 2;
            // Take a second digit when the two-digit row exists on this board ("a10").
            if (i + 2 < t.size() && std::isdigit(static_cast<unsigned char>(t[i + 2]))) {
                const int two = (t[i + 1] - '0') * 10 + (t[i + 2] - '0');
                if (two <= max_row && t[i + 1] != '0') len = 3;
            }
            tokens.push_back(t.substr(i, len));
            i += len;
            continue;
        }
        size_t end = i;
        while (end < t.size() && !std::isspace(static_cast<unsigned char>(t[end]))) ++end;
        error = MoveListError{tokens.size(), std::string(text.substr(i, end - i)),
                              "not a square name (expected a1..j10 or pass)"};
        return {};
    }
    return tokens;
}

std::optional<MoveListError> play_moves(Game& game, std::string_view text) {
    std::optional<MoveListError> error;
    const auto tokens = split_moves(text, game.variant().geometry().height(), error);
    if (error) return error;
    Game trial = game;
    const Geometry& geometry = game.variant().geometry();
    for (size_t i = 0; i < tokens.size(); ++i) {
        const auto sq = parse_square(geometry, tokens[i]);
        if (!sq) return MoveListError{i, tokens[i], "not a square of this board"};
        // A two-player record may leave a forced pass out.
        if (*sq != PassMove && trial.must_pass() && !trial.position().is_legal(*sq)) {
            trial.play(PassMove);
        }
        if (const std::string why = trial.play(*sq); !why.empty())
            return MoveListError{i, tokens[i], why};
    }
    game = trial;
    return std::nullopt;
}

std::string format_moves(const Geometry& geometry, const std::vector<Square>& moves,
                         bool omit_passes) {
    std::string out;
    for (Square sq : moves) {
        if (sq == PassMove && omit_passes) continue;
        if (!out.empty()) out += ' ';
        out += square_name(geometry, sq);
    }
    return out;
}

}  // namespace reversi::core
