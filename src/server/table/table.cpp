// SPDX-License-Identifier: MIT
// Table logic. Invariant: clock_history_.size() == ply() + 1 and movers_.size() == ply();
// the clock runs only while the game is playing and a human seat is to move, so a slow
// computer never loses on time and nobody's time runs while a seat is still free.
#include "server/table/table.h"

#include <algorithm>
#include <stdexcept>

#include "core/bitboard.h"
#include "core/notation.h"
#include "server/common/secrets.h"
#include "server/table/hints_rule.h"

namespace reversi::server {

namespace {

std::string seat_colour(int seat) {
    static constexpr const char* Names[] = {"Black", "White", "Red", "Green"};
    return seat >= 0 && seat < 4 ? Names[seat] : "nobody";
}

// Appends `text` as a JSON string. Square names and ids (most of a state's strings, one per
// move played) need no escaping and are copied; other text goes through the library's
// escaping (names are the only free text in a state).
void append_json_string(std::string& out, std::string_view text) {
    const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
        return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    });
    if (!plain) {
        out += dump_safe(json(text));
        return;
    }
    out += '"';
    out += text;
    out += '"';
}

// Appends the squares of `set` as a JSON list of names, after "pass" when `pass` is set.
void append_squares(std::string& out, const core::Geometry& g, core::u128 set, bool pass = false) {
    out += pass ? R"(["pass")" : "[";
    bool first = !pass;
    while (set) {
        if (!first) out += ',';
        first = false;
        out += '"';
        out += core::square_name(g, core::pop_lsb(set));
        out += '"';
    }
    out += ']';
}

}  // namespace

bool hints_by_default(const TableSpec& spec) {
    const auto humans = std::count_if(spec.seats.begin(), spec.seats.end(),
                                      [](const Seat& s) { return s.type == SeatType::Human; });
    const auto screens = spec.local ? std::min<std::ptrdiff_t>(humans, 1) : humans;
    return screens < HintsOffFromScreens;
}

bool Table::holds(const std::vector<int>& seats, int seat) {
    return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

Table::Table(std::string id, TableSpec spec, int64_t created, int64_t now)
    : id_(std::move(id)), spec_(std::move(spec)), created_(created), game_(spec_.setup) {
    spec_.setup = game_.variant().setup();  // normalised (sorted blocked list)
    setup_text_ = setup_json(spec_.setup).dump();
    clock_text_ = clock_spec_json(spec_.clock).dump();
    const int n = spec_.setup.players;
    if (static_cast<int>(spec_.seats.size()) != n)
        throw ApiError(ErrorCode::BadRequest, "a table needs one seat per player");
    connections_.assign(n, 0);
    absent_since_.assign(n, now);
    const int64_t budget = int64_t{spec_.clock.seconds} * 1000;
    remaining_.assign(n, spec_.clock.mode == ClockMode::None ? 0 : budget);
    clock_history_.push_back(remaining_);
    update_status(now);
}

int Table::to_move() const {
    return status_ == TableStatus::Finished ? -1 : game_.position().side();
}

bool Table::computer_to_move() const {
    return status_ == TableStatus::Playing &&
           spec_.seats[game_.position().side()].type == SeatType::Computer;
}

std::vector<int> Table::seats_of(std::string_view token) const {
    std::vector<int> out;
    if (token.empty()) return out;
    const std::string hash = token_hash(token);
    for (int i = 0; i < static_cast<int>(spec_.seats.size()); ++i)
        if (spec_.seats[i].taken() && spec_.seats[i].token_hash == hash) out.push_back(i);
    return out;
}

void Table::add_connection(const std::vector<int>& seats, int delta, int64_t now) {
    for (int s : seats) {
        connections_[s] = std::max(0, connections_[s] + delta);
        if (connections_[s] == 0) absent_since_[s] = now;
    }
}

std::string Table::seat_label(int seat) const {
    const Seat& s = spec_.seats[seat];
    return s.name.empty() ? seat_colour(seat) : seat_colour(seat) + " (" + s.name + ")";
}

bool Table::clock_runs() const {
    return spec_.clock.mode != ClockMode::None && status_ == TableStatus::Playing &&
           spec_.seats[game_.position().side()].type == SeatType::Human;
}

std::vector<int64_t> Table::remaining_at(int64_t now) const {
    std::vector<int64_t> r = remaining_;
    if (clock_runs()) {
        const int s = game_.position().side();
        r[s] = std::max<int64_t>(0, r[s] - (now - turn_start_));
    }
    return r;
}

std::optional<int64_t> Table::flag_deadline() const {
    if (!clock_runs()) return std::nullopt;
    return turn_start_ + remaining_[game_.position().side()];
}

void Table::update_status(int64_t now) {
    if (status_ == TableStatus::Finished) return;
    const bool free_seat = std::any_of(spec_.seats.begin(), spec_.seats.end(), [](const Seat& s) {
        return s.type == SeatType::Human && !s.taken();
    });
    const TableStatus before = status_;
    status_ = free_seat ? TableStatus::Waiting : TableStatus::Playing;
    if (before != TableStatus::Playing && status_ == TableStatus::Playing) turn_start_ = now;
    if (status_ == TableStatus::Playing && game_.is_over()) {
        const core::Outcome o = game_.outcome();
        result_ = TableResult{
            o.winner, {o.discs.begin(), o.discs.begin() + spec_.setup.players}, EndReason::End, {}};
        status_ = TableStatus::Finished;
    }
}

int Table::join(int seat, const std::string& name, const std::string& token, int64_t now) {
    const int n = static_cast<int>(spec_.seats.size());
    if (seat < 0 || seat >= n)
        throw ApiError(ErrorCode::BadRequest,
                       "seat must be between 0 and " + std::to_string(n - 1));
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (spec_.seats[seat].type == SeatType::Computer)
        throw ApiError(ErrorCode::BadRequest,
                       "seat " + std::to_string(seat) + " is played by the computer");
    if (spec_.seats[seat].taken())
        throw ApiError(ErrorCode::SeatTaken, seat_colour(seat) + "'s seat is already taken");
    if (const std::string why = name_problem(name); !why.empty())
        throw ApiError(ErrorCode::BadRequest, why);
    if (token.empty()) throw ApiError(ErrorCode::Internal, "no token");
    const std::string hash = token_hash(token);
    if (spec_.local) {
        for (Seat& s : spec_.seats)
            if (s.type == SeatType::Human) s.token_hash = hash, s.name = name;
    } else {
        spec_.seats[seat].token_hash = hash;
        spec_.seats[seat].name = name;
        absent_since_[seat] = now;  // a claim against a new player waits the full time
    }
    spec_text_.reset();
    update_status(now);
    return seat;
}

void Table::apply(core::Square square, int64_t now) {
    const int mover = game_.position().side();
    const core::u128 flipped = square == core::PassMove ? 0 : game_.position().flips(square);
    offers_.drop_game_offers();
    if (clock_runs()) {
        remaining_[mover] = std::max<int64_t>(0, remaining_[mover] - (now - turn_start_));
        if (spec_.clock.mode == ClockMode::Move || spec_.clock.mode == ClockMode::Days)
            remaining_[mover] = int64_t{spec_.clock.seconds} * 1000;
        else
            remaining_[mover] += int64_t{spec_.clock.increment} * 1000;
    }
    if (const std::string why = game_.play(square); !why.empty())
        throw ApiError(ErrorCode::IllegalMove, why);  // checked before; kept as a guard
    append_move_text(square);
    movers_.push_back(mover);
    last_flipped_ = flipped;
    clock_history_.push_back(remaining_);
    turn_start_ = now;
    update_status(now);
}

MoveRecord Table::play(const std::vector<int>& held, std::string_view square,
                       std::optional<int> expected_ply, int64_t now) {
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (held.empty())
        throw ApiError(ErrorCode::NotYourSeat, "you hold no seat at this table (spectator)");
    if (status_ == TableStatus::Waiting)
        throw ApiError(ErrorCode::NotAllowed, "waiting for players to take the free seats");
    const int side = game_.position().side();
    if (!holds(held, side))
        throw ApiError(ErrorCode::NotYourTurn, "it is " + seat_label(side) + "'s turn");
    if (expected_ply && *expected_ply != ply())
        throw ApiError(ErrorCode::Stale, "the move was sent for ply " +
                                             std::to_string(*expected_ply) +
                                             " but the game is at ply " + std::to_string(ply()));
    const auto sq = core::parse_square(game_.variant().geometry(), square);
    if (!sq)
        throw ApiError(ErrorCode::IllegalMove, "\"" + std::string(square.substr(0, 20)) +
                                                   "\" is not a square of this board");
    if (!game_.position().is_legal(*sq)) {
        const std::string name = core::square_name(game_.variant().geometry(), *sq);
        if (*sq == core::PassMove)
            throw ApiError(ErrorCode::IllegalMove,
                           seat_colour(side) + " has a legal move and may not pass");
        throw ApiError(ErrorCode::IllegalMove,
                       name + " is not a legal move for " + seat_colour(side));
    }
    apply(*sq, now);
    return {ply() - 1, core::square_name(game_.variant().geometry(), *sq), clock_history_.back()};
}

MoveRecord Table::play_computer(core::Square square, int64_t now) {
    if (!computer_to_move() || !game_.position().is_legal(square))
        throw ApiError(ErrorCode::Internal, "the computer's move does not fit the table");
    apply(square, now);
    return {ply() - 1, core::square_name(game_.variant().geometry(), square),
            clock_history_.back()};
}

int Table::undo(const std::vector<int>& held, int64_t now) {
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (held.empty())
        throw ApiError(ErrorCode::NotYourSeat, "you hold no seat at this table (spectator)");
    const bool computer = std::any_of(spec_.seats.begin(), spec_.seats.end(),
                                      [](const Seat& s) { return s.type == SeatType::Computer; });
    if (!computer && !spec_.local)
        throw ApiError(ErrorCode::NotAllowed,
                       "undo is offered against the computer and at one-screen tables only");
    const int target = last_move_of(held);
    if (target < 0) throw ApiError(ErrorCode::NotAllowed, "you have no move to take back");
    rewind(target, now);
    return target;
}

int Table::last_move_of(const std::vector<int>& held) const {
    const auto moves = game_.moves();
    for (int i = ply() - 1; i >= 0; --i)
        if (holds(held, movers_[i]) && moves[i] != core::PassMove) return i;
    return -1;
}

void Table::rewind(int target, int64_t now) {
    const auto moves = game_.moves();
    offers_.drop_game_offers();
    while (ply() > target) game_.undo();
    moves_text_.clear();
    for (int i = 0; i < target; ++i) append_move_text(moves[i]);
    movers_.resize(target);
    clock_history_.resize(target + 1);
    remaining_ = clock_history_.back();
    turn_start_ = now;
    last_flipped_ = 0;
    if (target > 0) {
        core::Game before = game_;
        before.undo();
        last_flipped_ = before.position().flips(
            moves[target - 1] == core::PassMove ? core::NoSquare : moves[target - 1]);
        if (moves[target - 1] == core::PassMove) last_flipped_ = 0;
    }
}

void Table::finish(int loser, EndReason reason) {
    const int n = spec_.setup.players;
    TableResult r;
    r.reason = reason;
    for (int s = 0; s < n; ++s) r.counts.push_back(game_.position().count(s));
    // The loser drops out; among the others the best count wins (the lowest in anti), and a
    // shared best is a draw, as RULES.md 4 says for the end of a game.
    int best = -1;
    bool shared = false;
    for (int s = 0; s < n; ++s) {
        if (s == loser) continue;
        if (best < 0) {
            best = s;
            continue;
        }
        const bool better =
            spec_.setup.anti ? r.counts[s] < r.counts[best] : r.counts[s] > r.counts[best];
        if (better)
            best = s, shared = false;
        else if (r.counts[s] == r.counts[best])
            shared = true;
    }
    r.winner = shared ? -1 : best;
    close(r);
}

void Table::resign(const std::vector<int>& held, std::optional<int> seat, int64_t) {
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (held.empty())
        throw ApiError(ErrorCode::NotYourSeat, "you hold no seat at this table (spectator)");
    if (status_ == TableStatus::Waiting)
        throw ApiError(ErrorCode::NotAllowed, "the game has not started");
    int who = -1;
    if (seat) {
        if (!holds(held, *seat))
            throw ApiError(ErrorCode::NotYourSeat, "you do not hold seat " + std::to_string(*seat));
        who = *seat;
    } else if (holds(held, game_.position().side())) {
        who = game_.position().side();
    } else if (held.size() == 1) {
        who = held[0];
    } else {
        throw ApiError(ErrorCode::BadRequest, "say which \"seat\" resigns");
    }
    finish(who, EndReason::Resign);
}

void Table::end_without_winner(EndReason reason) {
    TableResult r;
    r.reason = reason;
    for (int s = 0; s < spec_.setup.players; ++s) r.counts.push_back(game_.position().count(s));
    close(r);
}

bool Table::every_human_moved() const {
    for (size_t s = 0; s < spec_.seats.size(); ++s)
        if (spec_.seats[s].type == SeatType::Human &&
            std::find(movers_.begin(), movers_.end(), static_cast<int>(s)) == movers_.end())
            return false;
    return true;
}

void Table::close(TableResult r) {
    // A rated game counts only once every player has moved (as lichess aborts): otherwise two
    // accounts of one person could trade resignations, flag falls or claims at move 0 for
    // rating points (issue 27, finding 5). In any game, a player who never made a first move
    // never played: their flag fall or absence aborts the game rather than decides it
    // (issue 48, 14: a guest's untouched game read "White wins 2-2 (on time)"). Until then only
    // an abort is offered, as lichess does: a resignation or an agreed draw aborts as well.
    const bool ends_a_game = r.reason != EndReason::Cancelled && r.reason != EndReason::Expired;
    const bool unplayed = r.reason == EndReason::Time || r.reason == EndReason::Abandoned ||
                          r.reason == EndReason::Resign || r.reason == EndReason::Agreed;
    if (((spec_.rated && ends_a_game) || unplayed) && !every_human_moved()) {
        r.winner = -1;
        r.reason = EndReason::Aborted;
    }
    result_ = std::move(r);
    status_ = TableStatus::Finished;
    offers_.drop_game_offers();
}

void Table::cancel(const std::vector<int>& held) {
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (held.empty())
        throw ApiError(ErrorCode::NotYourSeat, "only a player at this table can cancel it");
    if (status_ != TableStatus::Waiting)
        throw ApiError(ErrorCode::NotAllowed, "the game has started; resign instead");
    end_without_winner(EndReason::Cancelled);
}

void Table::expire() {
    if (status_ == TableStatus::Waiting) end_without_winner(EndReason::Expired);
}

void Table::check_hint(const std::vector<int>& held) const {
    if (!spec_.hints) throw ApiError(ErrorCode::NotAllowed, "hints are off at this table");
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (held.empty()) throw ApiError(ErrorCode::NotYourSeat, "spectators cannot ask for hints");
    if (status_ == TableStatus::Waiting)
        throw ApiError(ErrorCode::NotAllowed, "waiting for players to take the free seats");
    if (!holds(held, game_.position().side()))
        throw ApiError(ErrorCode::NotYourTurn, "hints are for the seat to move; it is " +
                                                   seat_label(game_.position().side()) + "'s turn");
}

bool Table::check_flag(int64_t now) {
    const auto deadline = flag_deadline();
    if (!deadline || now < *deadline) return false;
    const int side = game_.position().side();
    remaining_[side] = 0;
    finish(side, EndReason::Time);
    return true;
}

TableSpec Table::rematch_spec() const {
    TableSpec next = spec_;
    next.tournament.clear();  // never asked for (offer() refuses it): a rematch is no pairing
    const int n = static_cast<int>(spec_.seats.size());
    for (int i = 0; i < n; ++i) next.seats[(i + 1) % n] = spec_.seats[i];
    return next;
}

json Table::state(int64_t now) const {
    return json::parse(state_text(now));
}

// Written by hand rather than through a json DOM: the hub writes this once per accepted move
// for every table, and building the DOM (a map node per key, a string per square) took a
// quarter of the network thread's time under load. Keys are in sorted order, as the DOM
// would write them, so the text is byte for byte what state().dump() gave before.
std::string Table::state_text(int64_t now) const {
    std::string out;
    out.reserve(1024);
    append_state(out, now);
    return out;
}

void Table::append_state(std::string& out, int64_t now) const {
    const core::Geometry& g = game_.variant().geometry();
    const core::Position& pos = game_.position();
    const int n = spec_.setup.players;
    const bool finished = status_ == TableStatus::Finished;
    out += R"({"board":[)";
    static constexpr char Marks[] = {'X', 'O', 'R', 'G'};
    for (int row = 0; row < g.height(); ++row) {
        if (row) out += ',';
        out += '"';
        for (int col = 0; col < g.width(); ++col) {
            const core::Coord c{col, row};
            if (!g.on_shape(c)) {
                out += ' ';
                continue;
            }
            const core::u128 bit = core::square_bit<core::u128>(g.square(c));
            char mark = '-';
            if (g.blocked() & bit)
                mark = '#';
            else if (pos.neutral() & bit)
                mark = 'N';
            for (int s = 0; s < n; ++s)
                if (pos.discs(s) & bit) mark = Marks[s];
            out += mark;
        }
        out += '"';
    }
    out += R"(],"claim_at":)";
    const auto claim = claim_at();
    out += claim ? std::to_string(*claim + presence_rules_.wall_minus_steady_ms) : "null";
    out += R"(,"clock":)";
    if (spec_.clock.mode == ClockMode::None) {
        out += clock_text_;
    } else {
        json clock = clock_spec_json(spec_.clock);
        clock["remaining_ms"] = remaining_at(now);
        clock["running"] = clock_runs() ? json(pos.side()) : json(nullptr);
        out += clock.dump();
    }
    out += R"(,"counts":[)";
    for (int s = 0; s < n; ++s) {
        if (s) out += ',';
        out += std::to_string(pos.count(s));
    }
    out += R"(],"created":)";
    out += std::to_string(created_);
    out += R"(,"flipped":)";
    append_squares(out, g, last_flipped_);
    out += R"(,"hints":)";
    out += spec_.hints ? "true" : "false";
    out += R"(,"id":)";
    append_json_string(out, id_);
    out += R"(,"last_move":)";
    if (moves_text_.empty()) {
        out += "null";
    } else {
        const size_t comma = moves_text_.rfind(',');
        out.append(moves_text_, comma == std::string::npos ? 0 : comma + 1);
    }
    out += R"(,"legal":)";
    if (finished)
        out += "[]";
    else
        append_squares(out, g, pos.legal_moves(), pos.must_pass());
    out += R"(,"local":)";
    out += spec_.local ? "true" : "false";
    out += R"(,"moves":[)";
    out += moves_text_;
    out += R"(],"offers":)";
    offers_.append_json(out);
    out += R"(,"offers_refused":)";
    offers_.append_refused_json(out, ply());
    out += R"(,"ply":)";
    out += std::to_string(ply());
    out += R"(,"presence":[)";
    const std::vector<bool> present = presence();
    for (int s = 0; s < n; ++s) {
        if (s) out += ',';
        out += present[s] ? "true" : "false";
    }
    out += R"(],"rated":)";
    out += spec_.rated ? "true" : "false";
    out += R"(,"rematch":)";
    if (rematch_.empty())
        out += "null";
    else
        append_json_string(out, rematch_);
    out += R"(,"rematch_offers_left":[)";
    for (int s = 0; s < n; ++s) {
        if (s) out += ',';
        out += std::to_string(offers_.rematch_offers_left(s));
    }
    out += R"(],"result":)";
    out += result_ ? result_json().dump() : "null";
    out += R"(,"seats":[)";
    for (int i = 0; i < n; ++i) {
        const Seat& s = spec_.seats[i];
        if (i) out += ',';
        if (s.type == SeatType::Computer) {
            out += R"({"level":)";
            out += std::to_string(s.level);
            out += R"(,"type":"computer"})";
        } else {
            out += s.bot ? R"({"bot":true,"connected":)" : R"({"connected":)";
            out += connections_[i] > 0 ? "true" : "false";
            out += R"(,"name":)";
            append_json_string(out, s.name);
            out += R"(,"player":)";
            if (s.player)
                append_json_string(out, s.name);
            else
                out += "null";
            out += R"(,"rating":)";
            out += spec_.rated && s.rating > 0 ? std::to_string(static_cast<int>(s.rating + 0.5))
                                               : "null";
            out += R"(,"taken":)";
            out += s.taken() ? "true" : "false";
            out += R"(,"type":"human"})";
        }
    }
    out += R"(],"setup":)";
    out += setup_text_;
    out += R"(,"status":")";
    out += status_name(status_);
    out += R"(","to_move":)";
    out += finished ? "null" : std::to_string(pos.side());
    out += R"(,"tournament":)";
    if (spec_.tournament.empty())
        out += "null";
    else
        append_json_string(out, spec_.tournament);
    out += '}';
}

void Table::append_move_text(core::Square square) {
    if (!moves_text_.empty()) moves_text_ += ',';
    moves_text_ += '"';
    moves_text_ += core::square_name(game_.variant().geometry(), square);  // never escaped
    moves_text_ += '"';
}

void Table::set_seat_player(int seat, const Identity& who, double rating) {
    Seat& s = spec_.seats.at(seat);
    s.player = who.player;
    s.name = who.name;
    s.rating = rating;
    s.bot = who.bot;
    spec_text_.reset();
}

void Table::set_rating_changes(json changes) {
    if (result_) result_->ratings = std::move(changes);
}

StoredTable stored_record(const Table& t) {
    StoredTable st;
    st.id = t.id();
    st.created = t.created();
    st.status = status_name(t.status());
    st.spec = t.spec_text();
    st.result = t.result() ? t.result_json().dump() : std::string();
    return st;
}

}  // namespace reversi::server
