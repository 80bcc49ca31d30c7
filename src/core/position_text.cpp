// SPDX-License-Identifier: MIT
// Position texts. Rows are checked one character at a time (this is I/O, never a hot path)
// so that an error can name the exact row and column; a Variant is only built once the
// whole grid is read, and its own validation supplies the setup errors.
#include "core/position_text.h"

#include <cctype>
#include <vector>

#include "core/bitboard.h"
#include "core/notation.h"

namespace reversi::core {

namespace {

constexpr char SeatChars[MaxPlayers] = {'X', 'O', 'R', 'G'};

std::string lower(std::string_view text) {
    std::string out;
    for (char ch : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

// Splits on whitespace and '/', the two row separators.
std::vector<std::string> tokens_of(std::string_view text) {
    std::vector<std::string> out;
    std::string current;
    for (char ch : text) {
        if (std::isspace(static_cast<unsigned char>(ch)) || ch == '/') {
            if (!current.empty()) out.push_back(current);
            current.clear();
        } else {
            current += ch;
        }
    }
    if (!current.empty()) out.push_back(current);
    return out;
}

struct Header {
    std::string board, players, turn;
};

void read_header_field(const std::string& token, Header& header) {
    const size_t eq = token.find('=');
    const std::string key = lower(token.substr(0, eq));
    const std::string value = token.substr(eq + 1);
    std::string* slot = key == "board"     ? &header.board
                        : key == "players" ? &header.players
                        : key == "turn"    ? &header.turn
                                           : nullptr;
    if (!slot)
        throw NotationError("unknown header field '" + key +
                            "' (expected board=, players= and turn=)");
    if (!slot->empty()) throw NotationError("header field '" + key + "' is given twice");
    if (value.empty()) throw NotationError("header field '" + key + "' has no value");
    *slot = value;
}

int seat_of(const std::string& name) {
    const std::string t = lower(name);
    for (int seat = 0; seat < MaxPlayers; ++seat)
        if (t == color_name(static_cast<Color>(seat))) return seat;
    return -1;
}

std::string at(int row, int col) {
    return "row " + std::to_string(row + 1) + ", column " +
           std::string(1, static_cast<char>('a' + col)) + " (" + coord_name({col, row}) + ")";
}

}  // namespace

char square_char(const Position& position, Square sq) {
    const Geometry& g = position.geometry();
    const u128 bit = square_bit<u128>(sq);
    if (!(g.on_board() & bit)) return '.';
    if (g.blocked() & bit) return '#';
    if (position.neutral() & bit) return 'N';
    for (int seat = 0; seat < position.players(); ++seat)
        if (position.discs(seat) & bit) return SeatChars[seat];
    return '-';
}

std::string format_position_text(const Position& position, TextLayout layout) {
    const Geometry& g = position.geometry();
    std::string out = "board=" + shape_name(g.shape()) +
                      " players=" + std::to_string(position.players()) +
                      " turn=" + color_name(static_cast<Color>(position.side()));
    for (int row = 0; row < g.height(); ++row) {
        if (layout == TextLayout::Lines)
            out += '\n';
        else
            out += row == 0 ? ' ' : '/';
        for (int col = 0; col < g.width(); ++col)
            out += square_char(position, g.square({col, row}));
    }
    if (layout == TextLayout::Lines) out += '\n';
    return out;
}

PositionText parse_position_text(std::string_view text, const Setup& options) {
    const std::vector<std::string> tokens = tokens_of(text);
    Header header;
    size_t first_row = 0;
    while (first_row < tokens.size() && tokens[first_row].find('=') != std::string::npos)
        read_header_field(tokens[first_row++], header);
    for (size_t i = first_row; i < tokens.size(); ++i)
        if (tokens[i].find('=') != std::string::npos)
            throw NotationError("header field '" + tokens[i] + "' after the first row");
    if (header.board.empty()) throw NotationError("missing board= in the header");
    if (header.players.empty()) throw NotationError("missing players= in the header");
    if (header.turn.empty()) throw NotationError("missing turn= in the header");

    Setup setup = options;
    if (!parse_shape(header.board, setup.shape))
        throw NotationError("unknown board '" + header.board + "' (use 6, 8, 10 or octagon)");
    if (header.players != "2" && header.players != "3" && header.players != "4")
        throw NotationError("players= must be 2, 3 or 4, not '" + header.players + "'");
    setup.players = header.players[0] - '0';
    const int side = seat_of(header.turn);
    if (side < 0)
        throw NotationError("unknown colour '" + header.turn +
                            "' for turn= (use black, white, red or green)");
    if (side >= setup.players)
        throw NotationError("turn=" + header.turn + " but there are only " + header.players +
                            " players");

    const Geometry box(setup.shape, {});
    const int rows = static_cast<int>(tokens.size() - first_row);
    if (rows != box.height())
        throw NotationError("the " + shape_name(setup.shape) + " board has " +
                            std::to_string(box.height()) + " rows, the text has " +
                            std::to_string(rows));

    std::array<u128, MaxPlayers> discs{};
    u128 neutral = 0;
    std::vector<Coord> blocked;
    for (int row = 0; row < box.height(); ++row) {
        const std::string& line = tokens[first_row + row];
        if (static_cast<int>(line.size()) != box.width())
            throw NotationError("row " + std::to_string(row + 1) + " has " +
                                std::to_string(line.size()) + " squares, expected " +
                                std::to_string(box.width()) + ": '" + line + "'");
        for (int col = 0; col < box.width(); ++col) {
            const Coord c{col, row};
            const char ch = static_cast<char>(std::toupper(static_cast<unsigned char>(line[col])));
            const u128 bit = square_bit<u128>(box.square(c));
            if (!box.on_shape(c)) {
                if (ch != '.')
                    throw NotationError(at(row, col) + " is cut from the octagon; write '.' there");
                continue;
            }
            int seat = -1;
            for (int s = 0; s < MaxPlayers; ++s)
                if (SeatChars[s] == ch) seat = s;
            if (ch == '-') continue;
            if (ch == '#') {
                blocked.push_back(c);
            } else if (ch == 'N') {
                if (setup.players != 3)
                    throw NotationError(at(row, col) +
                                        ": neutral discs exist in three-player games only");
                neutral |= bit;
            } else if (seat >= 0) {
                if (seat >= setup.players)
                    throw NotationError(at(row, col) + ": " + color_name(static_cast<Color>(seat)) +
                                        " disc in a " + header.players + "-player game");
                discs[seat] |= bit;
            } else if (ch == '.') {
                throw NotationError(at(row, col) + ": '.' marks a cut octagon corner only");
            } else {
                throw NotationError(at(row, col) + ": unknown character '" +
                                    std::string(1, line[col]) +
                                    "' (use X O R G N for discs, - empty, # blocked)");
            }
        }
    }
    // Squares the caller blocks as well must stay empty.
    for (const Coord& c : options.blocked) {
        if (!box.on_shape(c)) continue;  // the setup check below names it
        const u128 bit = square_bit<u128>(box.square(c));
        if ((discs[0] | discs[1] | discs[2] | discs[3] | neutral) & bit)
            throw NotationError("disc on blocked square " + coord_name(c));
        bool listed = false;
        for (const Coord& b : blocked) listed = listed || b == c;
        if (!listed) blocked.push_back(c);
    }
    setup.blocked = blocked;

    PositionText out;
    try {
        out.variant = std::make_shared<const Variant>(setup);
    } catch (const SetupError& e) {
        throw NotationError(std::string("impossible setup: ") + e.what());
    }
    out.position = Position::from_discs(*out.variant, discs, neutral, side);
    return out;
}

}  // namespace reversi::core
