// SPDX-License-Identifier: MIT
// A game table: the game, its seats and their secret tokens, the clock and the result. All
// game logic of the server lives here, free of sockets and storage, with time passed in
// (milliseconds of a steady clock), so it is tested directly. Every action checks everything
// first and throws ApiError before changing anything; a table never holds an illegal game.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "server/common/identity.h"
#include "server/common/protocol.h"
#include "server/storage/stored_tables.h"
#include "server/table/offers.h"

namespace reversi::server {

// Everything a table is created with; the setup is already validated and normalised.
struct TableSpec {
    core::Setup setup;
    std::vector<Seat> seats;
    bool local = false;
    bool hints = true;
    ClockSpec clock;
    bool rated = false;  // checked by ratings.h when created; never a local or computer table
    // The tournament whose pairing made the table (empty: none). Its players do not choose a
    // rematch or another opponent: the tournament pairs them (issue 48, 11).
    std::string tournament;
};

// Whether a table allows hints when its creator does not say (issue 48, 16): not between
// people at their own screens (an engine's help against a person), but against the computer
// and at one screen.
bool hints_by_default(const TableSpec& spec);

enum class TableStatus { Waiting, Playing, Finished };
// Cancelled: the creator withdrew the table before it started; expired: nobody came.
// Agreed: a draw by agreement; aborted: ended before every human had moved (never rated; a
// flag fall, a claim, a resignation or an agreed draw before then is an abort too); abandoned: won
// by claim after the opponents had been gone for the claim time.
enum class EndReason { End, Resign, Time, Cancelled, Expired, Agreed, Aborted, Abandoned };

// The result of a finished table (docs/PROTOCOL.md "result").
struct TableResult {
    int winner = -1;  // seat, or -1 for a draw
    std::vector<int> counts;
    EndReason reason = EndReason::End;
    json ratings;  // rated games: [{"seat", "before", "after", "rd_after", "delta"}] (ratings.h)
};

// "waiting", "playing", "finished"; "end", "resign", "time", "cancelled", "expired",
// "agreed", "aborted", "abandoned".
std::string status_name(TableStatus status);
std::string reason_name(EndReason reason);
// The reason named `name` (as reason_name writes it); throws std::runtime_error otherwise.
EndReason parse_reason(const std::string& name);

// How the table judges presence: the absence after which a claim is allowed, and the
// wall clock minus the steady clock, for the claim time shown to clients.
struct PresenceRules {
    int64_t claim_after_ms = 60'000;
    int64_t wall_minus_steady_ms = 0;
};

class Table {
  public:
    // A new table; `created` is wall-clock milliseconds since the epoch.
    Table(std::string id, TableSpec spec, int64_t created, int64_t now);

    const std::string& id() const { return id_; }
    const TableSpec& spec() const { return spec_; }
    int64_t created() const { return created_; }
    TableStatus status() const { return status_; }
    const std::optional<TableResult>& result() const { return result_; }
    const core::Game& game() const { return game_; }
    int ply() const { return game_.ply(); }
    // Seat to move, or -1 when the game is finished.
    int to_move() const;
    // True when the game goes on and a computer seat is to move.
    bool computer_to_move() const;
    // The table created as this one's rematch, if any.
    const std::string& rematch() const { return rematch_; }
    void set_rematch(const std::string& id) {
        rematch_ = id;
        spec_text_.reset();
    }

    // Seats the token holds (every human seat for a local table's token); empty for none.
    std::vector<int> seats_of(std::string_view token) const;
    // Live connections per seat, kept by the hub for the "connected" flag and presence; a
    // seat whose last connection closes is absent from `now` (steady ms).
    void add_connection(const std::vector<int>& seats, int delta, int64_t now = 0);

    // Gives a free human seat to a new player with a fresh token. Returns the seat.
    int join(int seat, const std::string& name, const std::string& token, int64_t now);
    // A move by a player holding `held`; `expected_ply` guards against stale clicks.
    MoveRecord play(const std::vector<int>& held, std::string_view square,
                    std::optional<int> expected_ply, int64_t now);
    // The computer's move for the seat to move (chosen by the engine on this position).
    MoveRecord play_computer(core::Square square, int64_t now);
    // Takes back to before the holder's last move; returns the new ply.
    int undo(const std::vector<int>& held, int64_t now);
    // Ends the game: `seat` (or the held seat to move) resigns.
    void resign(const std::vector<int>& held, std::optional<int> seat, int64_t now);
    // Withdraws a table that has not started (any seat holder may); no winner.
    void cancel(const std::vector<int>& held);
    // Ends a table that waited too long for players; no winner.
    void expire();
    // Checks the hints option, the holder and the game state before a hint is searched.
    void check_hint(const std::vector<int>& held) const;
    // Ends the game when the running clock has run out; true when a flag fell now.
    bool check_flag(int64_t now);
    // When the running clock's flag falls (steady ms), or nothing when no clock runs.
    std::optional<int64_t> flag_deadline() const;
    // The spec of a rematch: same setup, seats (with their tokens) rotated by one.
    TableSpec rematch_spec() const;

    // Records that `who` (accounts; player 0 at a local table) holds the taken `seat`, under
    // its name, with its rating in the table's pool (0: none) for the state.
    void set_seat_player(int seat, const Identity& who, double rating);
    // Shows the seats `player` holds under `name` (a deleted account's deleted-<id>, issue 48);
    // true when a seat changed.
    bool rename_player(int64_t player, const std::string& name);
    // Stores the rating changes of a finished rated game in its result.
    void set_rating_changes(json changes);

    // Etiquette (table/etiquette.cpp; docs/SITE.md "At the table"). Each checks everything
    // first and throws ApiError before changing anything.
    // Rated games hide spectators' chat from the players until the game is over.
    bool rated() const { return spec_.rated; }
    // Makes an offer for the held seat. Returns the kind when it is granted at once (a
    // rematch at a table without another remote human, or the same offer already pending
    // from the other side, which this one accepts).
    std::optional<OfferKind> offer(const std::vector<int>& held, OfferKind kind, int64_t now);
    // Answers another seat's pending offer; returns the kind when this grants it (every
    // other human seat has accepted). A draw or takeback is applied here; a rematch table is
    // for the caller to make.
    std::optional<OfferKind> answer(const std::vector<int>& held, OfferKind kind, bool accept,
                                    int64_t now);
    // Withdraws the held seat's own pending offer.
    void withdraw(const std::vector<int>& held, OfferKind kind);
    // True when every human seat has made a move (a rated game counts from then on).
    bool every_human_moved() const;
    // Ends a game some human seat has not moved in yet: reason "aborted", no winner.
    void abort(const std::vector<int>& held, int64_t now);
    // Wins a game whose other human seats have all been absent for the claim time, never on
    // the claimer's own turn and never in a correspondence game, which only its days clock
    // ends (issue 48, 2).
    void claim(const std::vector<int>& held, int64_t now);
    const PendingOffers& offers() const { return offers_; }
    void set_presence_rules(PresenceRules rules) { presence_rules_ = rules; }
    // Per seat: a computer, or a human seat with an open connection.
    std::vector<bool> presence() const;
    // When (steady ms) a present seat may claim a win against the absent ones, or nothing (a
    // correspondence game, a seat that has not moved yet; a present seat to move cannot
    // claim, as claim() says).
    std::optional<int64_t> claim_at() const;

    // The table state of docs/PROTOCOL.md, without "you".
    json state(int64_t now) const;
    // The same state as JSON text (what the hub sends), written without building a DOM.
    std::string state_text(int64_t now) const;
    // The same text appended to `out`, so the hub writes its message around it in one buffer.
    void append_state(std::string& out, int64_t now) const;
    // The short form used by table and game lists.
    json summary() const;
    // Whether the lobby's "Open tables" lists it (docs/PROTOCOL.md `GET /api/tables`): a
    // waiting table (a seat to take), or a running game someone is at (a human seat with an
    // open connection) in which, when a computer plays, a human has moved (a computer game
    // left at move 0 is nobody's game).
    bool listed_open() const;

    // Persistent form of the spec (setup, seats with tokens, options): opaque to the store.
    json spec_json() const;
    // spec_json() as the store keeps it (dump_safe), built once and kept until the spec
    // changes (a seat joined or taken by a player, a rematch): a table is stored whole at its
    // creation, join, start and end, and most of those find the spec as it was.
    const std::string& spec_text() const;
    static TableSpec spec_from_json(const json& j);
    json result_json() const;
    // Rebuilds a table from its stored spec, moves (with clocks) and result. The game is kept
    // up to its last consistent ply: a move out of order, damaged or illegal ends the replay
    // there, and `cut` (when given) tells why (empty when every move replayed). Throws
    // std::runtime_error or json::exception when the spec or result does not read.
    static Table restore(std::string id, const json& spec, int64_t created,
                         const std::vector<MoveRecord>& moves, const json& result, int64_t now,
                         std::string* cut = nullptr);

  private:
    // Whether `seat` is among `seats` (the seats a connection holds, or that accepted).
    static bool holds(const std::vector<int>& seats, int seat);
    bool clock_runs() const;
    std::vector<int64_t> remaining_at(int64_t now) const;
    void apply(core::Square square, int64_t now);
    void finish(int loser, EndReason reason);
    void end_without_winner(EndReason reason);
    // Finishes the game with `result`; a rated game's end before every human seat has moved,
    // and any game's flag fall, claim, resignation or agreed draw then, becomes an abort (no
    // winner, never rated).
    // Every end passes here.
    void close(TableResult result);
    void update_status(int64_t now);
    std::string seat_label(int seat) const;
    // The index of the held seats' last move that is not a pass, or -1.
    int last_move_of(const std::vector<int>& held) const;
    // Takes the game back to `target` moves, with the clocks as they were then.
    void rewind(int target, int64_t now);
    // Adds a move just played to moves_text_.
    void append_move_text(core::Square square);
    // Etiquette helpers (table/etiquette.cpp).
    void stop_clock(int64_t now);
    void end_with_winner(int winner, EndReason reason, int64_t now);
    int offering_seat(const std::vector<int>& held, OfferKind kind) const;
    std::optional<OfferKind> grant(OfferKind kind, int from, int64_t now);

    std::string id_;
    TableSpec spec_;
    int64_t created_ = 0;
    core::Game game_;
    std::vector<int> movers_;  // seat that made each move
    TableStatus status_ = TableStatus::Waiting;
    std::optional<TableResult> result_;
    std::string rematch_;
    std::string setup_text_;  // the setup as JSON text: it never changes
    std::string clock_text_;  // the clock's spec as JSON text: it never changes either
    // The moves played as the items of a JSON list ("d3","c5",...): one more per move rather
    // than every square's name written again for every state (apply and rewind keep it).
    std::string moves_text_;
    // spec_text()'s cache; every change to spec_ or rematch_ empties it.
    mutable std::optional<std::string> spec_text_;
    std::vector<int> connections_;
    std::vector<int64_t> absent_since_;  // per seat: steady ms its last connection closed
    PresenceRules presence_rules_;
    PendingOffers offers_;  // transient: not stored
    // Clock: remaining milliseconds per seat, their values at the start of each ply (for
    // undo and the store), and when the running seat's turn began.
    std::vector<int64_t> remaining_;
    std::vector<std::vector<int64_t>> clock_history_;
    int64_t turn_start_ = 0;
    core::u128 last_flipped_ = 0;
};

// The same for a stored spec (spec_json's form): true when a seat of `player` changed.
bool rename_player_in_spec(json& spec, int64_t player, const std::string& name);

// The table's row as the store keeps it (id, creation, status, spec and result; the moves and
// chat are written on their own).
StoredTable stored_record(const Table& t);

}  // namespace reversi::server
