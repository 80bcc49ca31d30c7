// SPDX-License-Identifier: MIT
// GGF as the GGS server writes it: TY names the board (8, 10, 88 for the octagon, 6), BO gives
// the start position row by row plus the side to move, then B[]/W[] moves with PA for a pass.
// Blocked squares have no GGF symbol; they are written as '#' in BO, a documented extension.
#include "server/game_export.h"

#include <sstream>

#include "core/notation.h"

namespace reversi::server {

namespace {

std::string result_text(const Table& t) {
    if (!t.result()) return "unfinished";
    const TableResult& r = *t.result();
    std::string counts;
    for (size_t i = 0; i < r.counts.size(); ++i)
        counts += (i ? "-" : "") + std::to_string(r.counts[i]);
    static constexpr const char* Names[] = {"Black", "White", "Red", "Green"};
    const std::string who = r.winner < 0 ? "draw" : std::string(Names[r.winner]) + " wins";
    return who + " " + counts + " (" + reason_name(r.reason) + ")";
}

std::string seat_text(const Seat& s) {
    if (s.type == SeatType::Computer) return "computer level " + std::to_string(s.level);
    return "human" + (s.name.empty() ? std::string() : " \"" + s.name + "\"");
}

// Strips GGF's special characters from free text.
std::string ggf_clean(const std::string& text) {
    std::string out;
    for (char c : text)
        if (c != ']' && c != '[' && c != '\\' && c != '\n') out += c;
    return out;
}

}  // namespace

std::string export_text(const Table& t) {
    const core::Setup& s = t.spec().setup;
    std::ostringstream out;
    out << "# reversi game " << t.id() << '\n';
    out << "setup: board=" << core::shape_name(s.shape) << " players=" << s.players
        << " anti=" << (s.anti ? "yes" : "no")
        << " free_opening=" << (s.free_opening ? "yes" : "no") << " blocked=";
    for (size_t i = 0; i < s.blocked.size(); ++i)
        out << (i ? "," : "") << core::coord_name(s.blocked[i]);
    if (s.blocked.empty()) out << "none";
    out << " handicap=" << s.handicap;
    if (s.handicap > 0) out << " handicap_to=" << core::color_name(s.handicap_to);
    out << '\n';
    static constexpr const char* Names[] = {"black", "white", "red", "green"};
    for (size_t i = 0; i < t.spec().seats.size(); ++i)
        out << "seat " << Names[i] << ": " << seat_text(t.spec().seats[i]) << '\n';
    out << "moves: " << core::format_moves(t.game().variant().geometry(), t.game().moves(), false)
        << '\n';
    out << "result: " << result_text(t) << '\n';
    return out.str();
}

std::string export_ggf(const Table& t) {
    const core::Setup& s = t.spec().setup;
    if (s.players != 2)
        throw ApiError(ErrorCode::NotAllowed, "GGF records two-player games only; use text");
    const core::Geometry& g = t.game().variant().geometry();
    const core::Position start = core::Position::start(t.game().variant());
    std::ostringstream out;
    const char* type = s.shape == core::Shape::Six     ? "6"
                       : s.shape == core::Shape::Eight ? "8"
                       : s.shape == core::Shape::Ten   ? "10"
                                                       : "88";
    out << "(;GM[Othello]PC[reversi]GN[" << t.id() << "]";
    out << "PB[" << ggf_clean(t.spec().seats[0].name.empty() ? "black" : t.spec().seats[0].name)
        << "]PW[" << ggf_clean(t.spec().seats[1].name.empty() ? "white" : t.spec().seats[1].name)
        << "]";
    if (t.result()) {
        const TableResult& r = *t.result();
        out << "RE[";
        if (r.reason == EndReason::End) {
            const int diff = r.counts[0] - r.counts[1];
            out << (diff > 0 ? "+" : "") << diff;
        } else {
            out << (r.winner == 0 ? "+" : "-") << (r.reason == EndReason::Time ? "T" : "R");
        }
        out << "]";
    }
    out << "TY[" << type << (s.anti ? "A" : "") << "]BO[" << g.width() << ' ';
    for (int row = 0; row < g.height(); ++row) {
        for (int col = 0; col < g.width(); ++col) {
            const core::Coord c{col, row};
            if (!g.on_shape(c)) {
                out << '#';
                continue;
            }
            const core::u128 bit = core::u128{1} << g.square(c);
            if (g.blocked() & bit)
                out << '#';
            else if (start.discs(0) & bit)
                out << '*';
            else if (start.discs(1) & bit)
                out << 'O';
            else
                out << '-';
        }
        out << ' ';
    }
    out << (start.side() == 0 ? '*' : 'O') << ']';
    core::Game replay(s);
    for (core::Square m : t.game().moves()) {
        const int side = replay.position().side();
        out << (side == 0 ? "B[" : "W[")
            << (m == core::PassMove ? std::string("PA") : core::square_name(g, m)) << ']';
        replay.play(m);
    }
    out << ";)\n";
    return out.str();
}

}  // namespace reversi::server
