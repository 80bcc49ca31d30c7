// SPDX-License-Identifier: MIT
// GGF reading and writing. The reader first collects the properties of the one game, then
// works out the setup from TY and BO (trying the start of every handicap and free-opening
// setup of that board before falling back to a composed start), then replays the moves on a
// Game so that every rule is checked by the rules library itself.
#include "core/ggf.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <utility>

#include "core/bitboard.h"
#include "core/notation.h"

namespace reversi::core {

namespace {

struct Property {
    std::string key;
    std::string value;
};

std::string upper(std::string_view text) {
    std::string out;
    for (char ch : text) out += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return out;
}

bool is_space(char ch) {
    return std::isspace(static_cast<unsigned char>(ch)) != 0;
}

// Splits "(;KEY[value]KEY[value]...;)" into properties, in order.
std::vector<Property> read_properties(std::string_view text) {
    size_t i = 0;
    auto skip_space = [&] {
        while (i < text.size() && is_space(text[i])) ++i;
    };
    skip_space();
    if (text.compare(i, 2, "(;") != 0) throw NotationError("a GGF game starts with '(;'");
    i += 2;
    std::vector<Property> out;
    for (;;) {
        skip_space();
        if (i >= text.size()) throw NotationError("the GGF game does not end with ';)'");
        if (text.compare(i, 2, ";)") == 0) {
            i += 2;
            break;
        }
        Property p;
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])))
            p.key += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i++])));
        if (p.key.empty())
            throw NotationError("unexpected '" + std::string(1, text[i]) + "' at character " +
                                std::to_string(i + 1) + " of the GGF text");
        skip_space();
        if (i >= text.size() || text[i] != '[')
            throw NotationError("property " + p.key + " has no [value]");
        ++i;
        bool closed = false;
        while (i < text.size()) {
            const char ch = text[i++];
            if (ch == '\\' && i < text.size()) {
                p.value += text[i++];
            } else if (ch == ']') {
                closed = true;
                break;
            } else {
                p.value += ch;
            }
        }
        if (!closed)
            throw NotationError("the value of property " + p.key + " is not closed by ']'");
        out.push_back(std::move(p));
    }
    skip_space();
    if (i != text.size()) throw NotationError("text after the end of the GGF game (';)')");
    return out;
}

std::string escape(const std::string& value) {
    std::string out;
    for (char ch : value) {
        if (ch == ']' || ch == '\\') out += '\\';
        out += ch;
    }
    return out;
}

std::string type_name(Shape shape) {
    switch (shape) {
        case Shape::Eight:
            return "8";
        case Shape::Ten:
            return "10";
        case Shape::Octagon:
            return "88";
        case Shape::Six:
            break;
    }
    return {};
}

// The start board and side to move read from BO.
struct Board {
    std::array<u128, MaxPlayers> discs{};
    int side = 0;
};

Board read_board(const std::string& value, Shape shape) {
    const Geometry g(shape, {});
    size_t i = 0;
    while (i < value.size() && is_space(value[i])) ++i;
    std::string size;
    while (i < value.size() && !is_space(value[i])) size += value[i++];
    if (size != type_name(shape))
        throw NotationError("BO[" + size + " ...] does not match TY[" + type_name(shape) + "]");
    std::string cells;
    for (; i < value.size(); ++i)
        if (!is_space(value[i])) cells += value[i];
    if (cells.empty()) throw NotationError("BO has no squares");
    const char side_char = cells.back();
    cells.pop_back();
    Board board;
    if (side_char == '*' || side_char == 'X' || side_char == 'x')
        board.side = 0;
    else if (side_char == 'O' || side_char == 'o')
        board.side = 1;
    else
        throw NotationError("BO must end with the side to move, * or O");
    // The octagon may be written with its 100 box squares or only its 88 board squares.
    const bool box_form = static_cast<int>(cells.size()) == g.width() * g.height();
    const int expected = box_form ? g.width() * g.height() : g.playable_count();
    if (static_cast<int>(cells.size()) != expected)
        throw NotationError("BO has " + std::to_string(cells.size()) + " squares, expected " +
                            std::to_string(g.width() * g.height()));
    size_t k = 0;
    for (int row = 0; row < g.height(); ++row) {
        for (int col = 0; col < g.width(); ++col) {
            const Coord c{col, row};
            if (!g.on_shape(c) && !box_form) continue;
            const char ch = cells[k++];
            if (ch == '-' || (!g.on_shape(c) && (ch == '#' || ch == '.'))) continue;
            const bool black = ch == '*' || ch == 'X' || ch == 'x';
            const bool white = ch == 'O' || ch == 'o';
            if (!black && !white)
                throw NotationError("BO square " + coord_name(c) + ": unknown character '" +
                                    std::string(1, ch) + "' (use * black, O white, - empty)");
            if (!g.on_shape(c))
                throw NotationError("BO has a disc on " + coord_name(c) +
                                    ", which is cut from the octagon");
            board.discs[black ? 0 : 1] |= square_bit<u128>(g.square(c));
        }
    }
    return board;
}

// The game of `base` whose start is `board`: a standard, handicap or free-opening setup when
// one starts exactly there, otherwise a composed start.
Game game_for(const Setup& base, const Board& board) {
    if (board.side == 0) {
        for (int free = 0; free <= 1; ++free) {
            for (int handicap = 0; handicap <= 4; ++handicap) {
                for (int to = 0; to <= 1; ++to) {
                    Setup s = base;
                    s.free_opening = free != 0;
                    s.handicap = handicap;
                    s.handicap_to = static_cast<Color>(to);
                    if (!s.problem().empty()) continue;
                    const Variant v(s);
                    if (v.start_discs() == board.discs) return Game(s);
                }
            }
        }
    }
    return Game(base, board.discs, 0, board.side);
}

// "f5/0.5/1.2" split into the square and its note.
std::pair<std::string, GgfMoveNote> split_move(const std::string& value) {
    GgfMoveNote note;
    const size_t a = value.find('/');
    std::string square = value.substr(0, a);
    if (a != std::string::npos) {
        const size_t b = value.find('/', a + 1);
        note.eval = value.substr(a + 1, b == std::string::npos ? std::string::npos : b - a - 1);
        if (b != std::string::npos) note.time = value.substr(b + 1);
    }
    while (!square.empty() && is_space(square.back())) square.pop_back();
    while (!square.empty() && is_space(square.front())) square.erase(square.begin());
    return {square, note};
}

std::string result_of(const Game& game) {
    if (!game.is_over()) return {};
    char text[16];
    std::snprintf(text, sizeof text, "%+d.00", game.outcome().black_score);
    return text;
}

}  // namespace

std::string format_ggf(const Game& game, const GgfInfo& info,
                       const std::vector<GgfMoveNote>& notes) {
    const Setup& setup = game.variant().setup();
    if (setup.players != 2)
        throw NotationError("GGF records two-player games only (this game has " +
                            std::to_string(setup.players) + " players)");
    if (setup.shape == Shape::Six)
        throw NotationError("GGF cannot express the 6x6 board here (use 8, 10 or octagon)");
    if (!setup.blocked.empty()) throw NotationError("GGF cannot express blocked squares");
    const std::vector<Square> moves = game.moves();
    if (!notes.empty() && notes.size() != moves.size())
        throw NotationError("GGF notes: " + std::to_string(notes.size()) + " notes for " +
                            std::to_string(moves.size()) + " moves");

    std::string out = "(;GM[Othello]";
    auto add = [&](const char* key, const std::string& value) {
        if (!value.empty()) out += std::string(key) + "[" + escape(value) + "]";
    };
    add("PC", info.place);
    add("DT", info.date);
    add("PB", info.black);
    add("PW", info.white);
    add("RE", info.result.empty() ? result_of(game) : info.result);
    add("TI", info.time);
    add("TY", type_name(setup.shape) + (setup.anti ? "a" : ""));

    // A free opening's placements flip nothing, which GGF readers refuse as moves: the
    // position after them is the start a reader can take, like a GGS random start in BO.
    Game replay = game;
    while (replay.undo()) {
    }
    size_t first = 0;
    while (first < moves.size() && replay.position().in_opening()) {
        replay.redo();
        ++first;
    }
    const Position& start = replay.position();
    const Geometry& g = start.geometry();
    std::string board = type_name(setup.shape);
    for (int row = 0; row < g.height(); ++row) {
        board += ' ';
        for (int col = 0; col < g.width(); ++col) {
            const u128 bit = square_bit<u128>(g.square({col, row}));
            board += (start.discs(0) & bit) ? '*' : (start.discs(1) & bit) ? 'O' : '-';
        }
    }
    board += start.side() == 0 ? " *" : " O";
    add("BO", board);

    for (size_t i = first; i < moves.size(); ++i) {
        out += replay.position().side() == 0 ? "B[" : "W[";
        out += moves[i] == PassMove ? std::string("PA") : square_name(g, moves[i]);
        if (!notes.empty() && (!notes[i].eval.empty() || !notes[i].time.empty())) {
            out += '/';
            out += escape(notes[i].eval);
            if (!notes[i].time.empty()) {
                out += '/';
                out += escape(notes[i].time);
            }
        }
        out += ']';
        replay.redo();
    }
    return out + ";)";
}

GgfFileGames split_ggf_file(std::string_view text, size_t max_games) {
    GgfFileGames out;
    size_t i = 0;
    while ((i = text.find("(;", i)) != std::string_view::npos) {
        if (out.games.size() >= max_games) {
            out.more = true;
            break;
        }
        size_t j = i + 2;
        bool in_value = false;
        for (; j < text.size(); ++j) {
            const char ch = text[j];
            if (in_value) {
                if (ch == '\\')
                    ++j;
                else if (ch == ']')
                    in_value = false;
            } else if (ch == '[') {
                in_value = true;
            } else if (ch == ';' && j + 1 < text.size() && text[j + 1] == ')') {
                j += 2;
                break;
            }
        }
        j = std::min(j, text.size());
        out.games.push_back(text.substr(i, j - i));
        i = j;
    }
    return out;
}

GgfRecord parse_ggf(std::string_view text) {
    const std::vector<Property> props = read_properties(text);
    Setup setup;
    GgfInfo info;
    const std::string* bo = nullptr;
    bool typed = false;
    std::vector<const Property*> move_props;
    for (const Property& p : props) {
        if (p.key == "GM") {
            if (upper(p.value) != "OTHELLO")
                throw NotationError("GM[" + p.value + "] is not an Othello game");
        } else if (p.key == "TY") {
            std::string digits, letters;
            for (char ch : p.value) {
                if (std::isdigit(static_cast<unsigned char>(ch)) && letters.empty())
                    digits += ch;
                else if (!is_space(ch))
                    letters += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            }
            if (digits == "8")
                setup.shape = Shape::Eight;
            else if (digits == "10")
                setup.shape = Shape::Ten;
            else if (digits == "88")
                setup.shape = Shape::Octagon;
            else
                throw NotationError("TY[" + p.value +
                                    "]: only the board types 8, 10 and 88 (octagon) are played");
            for (char ch : letters) {
                if (ch == 'a')
                    setup.anti = true;
                else if (ch != 'r')  // a random start is simply the board in BO
                    throw NotationError("TY[" + p.value + "]: game type letter '" +
                                        std::string(1, ch) + "' is not supported");
            }
            typed = true;
        } else if (p.key == "BO") {
            bo = &p.value;
        } else if (p.key == "B" || p.key == "W") {
            move_props.push_back(&p);
        } else if (p.key == "PC") {
            info.place = p.value;
        } else if (p.key == "DT") {
            info.date = p.value;
        } else if (p.key == "PB") {
            info.black = p.value;
        } else if (p.key == "PW") {
            info.white = p.value;
        } else if (p.key == "RE") {
            info.result = p.value;
        } else if (p.key == "TI") {
            info.time = p.value;
        } else if (p.key == "KB" || p.key == "KW" || p.key == "KM") {
            throw NotationError("komi games (" + p.key + ") are not supported");
        }
        // Other properties (ratings, per-player clocks) carry nothing the game needs.
    }
    if (bo && !typed) {
        // An old record may omit TY; the size in BO then names the board.
        const std::string size = bo->substr(0, bo->find_first_of(" \t\r\n"));
        if (size == "10")
            setup.shape = Shape::Ten;
        else if (size == "88")
            setup.shape = Shape::Octagon;
    }
    // Every setup built here is valid by construction; a SetupError would still only ever
    // leave as a NotationError, the one error this reader promises.
    Game game = [&] {
        try {
            return bo ? game_for(setup, read_board(*bo, setup.shape)) : Game(setup);
        } catch (const SetupError& e) {
            throw NotationError(std::string("BO: ") + e.what());
        }
    }();

    GgfRecord record{std::move(game), info, {}};
    const Geometry& g = record.game.variant().geometry();
    for (size_t i = 0; i < move_props.size(); ++i) {
        const auto [token, note] = split_move(move_props[i]->value);
        const std::string where = "move " + std::to_string(i + 1) + " (" + move_props[i]->key +
                                  "[" + move_props[i]->value + "])";
        const auto sq = parse_square(g, token);
        if (!sq) throw NotationError(where + ": not a square of this board");
        const int colour = move_props[i]->key == "B" ? 0 : 1;
        Game& game_now = record.game;
        if (colour != game_now.position().side()) {
            // A record may leave a forced pass out; anything else is out of turn.
            if (!game_now.must_pass())
                throw NotationError(where + ": it is " +
                                    color_name(static_cast<Color>(game_now.position().side())) +
                                    "'s turn");
            game_now.play(PassMove);
            record.notes.push_back({});
        }
        if (const std::string why = game_now.play(*sq); !why.empty())
            throw NotationError(where + ": " + why);
        record.notes.push_back(note);
    }
    return record;
}

}  // namespace reversi::core
