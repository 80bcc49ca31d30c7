// SPDX-License-Identifier: MIT
// Exports. GGF comes from the rules library's writer (core/ggf.h), which refuses what GGF
// cannot express (6x6, blocked squares); the server answers those with not_allowed.
#include "server/table/game_export.h"

#include <cstdlib>
#include <sstream>

#include "core/ggf.h"
#include "core/notation.h"

namespace reversi::server {

namespace {

// A game that ended before it was played out by both sides: it has no result at all.
bool no_result(EndReason reason) {
    return reason == EndReason::Aborted || reason == EndReason::Cancelled ||
           reason == EndReason::Expired;
}

std::string result_text(const Table& t) {
    if (!t.result()) return "unfinished";
    const TableResult& r = *t.result();
    if (no_result(r.reason)) return "no result (" + reason_name(r.reason) + ")";
    std::string counts;
    for (size_t i = 0; i < r.counts.size(); ++i) {
        if (i) counts += '-';
        counts += std::to_string(r.counts[i]);
    }
    static constexpr const char* Names[] = {"Black", "White", "Red", "Green"};
    const std::string who = r.winner < 0 ? "draw" : std::string(Names[r.winner]) + " wins";
    std::string text = who;
    text.append(" ").append(counts).append(" (").append(reason_name(r.reason)).append(")");
    return text;
}

std::string seat_text(const Seat& s) {
    if (s.type == SeatType::Computer) return "computer level " + std::to_string(s.level);
    return "human" + (s.name.empty() ? std::string() : " \"" + s.name + "\"");
}

// PB/PW: a computer seat names this program and its level, as engines do on GGS.
std::string ggf_player(const Seat& s, const char* colour) {
    if (s.type == SeatType::Computer) return "reversi level " + std::to_string(s.level);
    return s.name.empty() ? colour : s.name;
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
    core::GgfInfo info;
    info.place = "reversi";
    info.black = ggf_player(t.spec().seats[0], "black");
    info.white = ggf_player(t.spec().seats[1], "white");
    if (t.result() && no_result(t.result()->reason))
        throw ApiError(ErrorCode::NotAllowed,
                       "the game was " + reason_name(t.result()->reason) +
                           ": it has no result for GGF; use the text export");
    if (t.result() && t.result()->reason == EndReason::Agreed) {
        // GGF's RE flags: r resigned, t time out, s mutual score; a draw by agreement is the
        // agreed score 0 from Black's side.
        info.result = "+0.00:s";
    } else if (t.result() && t.result()->reason != EndReason::End) {
        // A resignation, a loss on time or an abandoned game (a loss of the absent side, as if
        // resigned): the winner's sign and the disc difference, then the flag.
        const TableResult& r = *t.result();
        const int diff = std::abs(r.counts[0] - r.counts[1]);
        info.result.assign(1, r.winner == 0 ? '+' : '-');
        info.result.append(std::to_string(diff)).append(".00");
        info.result.append(r.reason == EndReason::Time ? ":t" : ":r");
    }
    try {
        return core::format_ggf(t.game(), info) + "\n";
    } catch (const core::NotationError& e) {
        throw ApiError(ErrorCode::NotAllowed, std::string(e.what()) + "; use the text export");
    }
}

}  // namespace reversi::server
