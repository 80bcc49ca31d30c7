// SPDX-License-Identifier: MIT
// The Table's etiquette (docs/SITE.md "At the table"): offers of a draw, a takeback or a
// rematch and their answers, abort, presence and the claim of an abandoned game. Kept apart
// from table.cpp, which holds the game itself; the same rule holds here: every action
// checks everything first and throws ApiError before changing anything.
#include <algorithm>
#include <limits>
#include <string>

#include "server/table/table.h"

namespace reversi::server {

namespace {

std::string a_kind(OfferKind kind) {
    return kind == OfferKind::Draw ? "a draw" : "a " + offer_kind_name(kind);
}

}  // namespace

void Table::stop_clock(int64_t now) {
    if (!clock_runs()) return;
    const int side = game_.position().side();
    remaining_[side] = std::max<int64_t>(0, remaining_[side] - (now - turn_start_));
    turn_start_ = now;
}

void Table::end_with_winner(int winner, EndReason reason, int64_t now) {
    stop_clock(now);
    TableResult r;
    r.winner = winner;
    r.reason = reason;
    for (int s = 0; s < spec_.setup.players; ++s) r.counts.push_back(game_.position().count(s));
    close(r);
}

// The seat an offer of `kind` comes from, once the offer is allowed at all.
int Table::offering_seat(const std::vector<int>& held, OfferKind kind) const {
    if (held.empty())
        throw ApiError(ErrorCode::NotYourSeat, "only players can offer " + a_kind(kind));
    if (kind == OfferKind::Rematch) {
        if (status_ != TableStatus::Finished)
            throw ApiError(ErrorCode::NotAllowed, "a rematch can be offered once the game is over");
        // The tournament pairs its players; a rematch beside it would be a game it never sees.
        if (!spec_.tournament.empty())
            throw ApiError(ErrorCode::TournamentGame,
                           "this is a tournament game: the tournament pairs your next game");
        return held.front();
    }
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (status_ == TableStatus::Waiting)
        throw ApiError(ErrorCode::NotAllowed, "the game has not started");
    if (spec_.local)
        throw ApiError(ErrorCode::NotAllowed,
                       "offers are made between players at their own screens; use undo or resign");
    if (std::any_of(spec_.seats.begin(), spec_.seats.end(),
                    [](const Seat& s) { return s.type == SeatType::Computer; }))
        throw ApiError(ErrorCode::NotAllowed,
                       "draw and takeback offers are between humans; against the computer use "
                       "undo or resign");
    if (kind == OfferKind::Takeback && last_move_of(held) < 0)
        throw ApiError(ErrorCode::NotAllowed, "you have no move to take back");
    return held.front();
}

std::optional<OfferKind> Table::offer(const std::vector<int>& held, OfferKind kind, int64_t now) {
    const int from = offering_seat(held, kind);
    const int n = static_cast<int>(spec_.seats.size());
    bool other_human = false;
    for (int s = 0; s < n; ++s)
        other_human = other_human || (spec_.seats[s].type == SeatType::Human && !holds(held, s));
    if (!other_human) {
        // Nobody else to ask: a one-screen table or the computer. Only a rematch makes sense.
        if (kind != OfferKind::Rematch)
            throw ApiError(ErrorCode::NotAllowed, "there is no other player to ask");
        return OfferKind::Rematch;
    }
    if (const Offer* pending = offers_.find(kind)) {
        if (holds(held, pending->from))
            throw ApiError(ErrorCode::NotAllowed,
                           "you have already offered " + a_kind(kind) + "; wait for the answer");
        // The other side offered the same: offering it back is accepting it.
        return answer(held, kind, true, now);
    }
    // After the game no move comes to lift a refusal: a rematch is limited by count instead.
    if (kind == OfferKind::Rematch && offers_.rematch_offers_left(from) == 0)
        throw ApiError(ErrorCode::NotAllowed, "you have offered a rematch " +
                                                  std::to_string(MaxRematchOffers) +
                                                  " times at this table; that is the most");
    if (kind != OfferKind::Rematch && offers_.refused(from, kind, ply()))
        throw ApiError(ErrorCode::NotAllowed, "your offer of " + a_kind(kind) +
                                                  " was declined or withdrawn; offer it again "
                                                  "after a move");
    offers_.add(kind, from);
    return std::nullopt;
}

std::optional<OfferKind> Table::answer(const std::vector<int>& held, OfferKind kind, bool accept,
                                       int64_t now) {
    if (held.empty()) throw ApiError(ErrorCode::NotYourSeat, "only players can answer an offer");
    Offer* pending = offers_.find(kind);
    if (!pending)
        throw ApiError(ErrorCode::NotAllowed,
                       "there is no offer of " + a_kind(kind) + " to answer");
    if (holds(held, pending->from))
        throw ApiError(ErrorCode::NotAllowed, "you cannot answer your own offer; withdraw it");
    if (!accept) {
        offers_.remove(kind, ply());
        return std::nullopt;
    }
    const int n = static_cast<int>(spec_.seats.size());
    for (int s : held)
        if (spec_.seats[s].type == SeatType::Human && !holds(pending->accepted, s))
            pending->accepted.push_back(s);
    for (int s = 0; s < n; ++s)
        if (s != pending->from && spec_.seats[s].type == SeatType::Human &&
            !holds(pending->accepted, s))
            return std::nullopt;  // another seat still has to accept
    return grant(kind, pending->from, now);
}

std::optional<OfferKind> Table::grant(OfferKind kind, int from, int64_t now) {
    offers_.remove(kind);
    switch (kind) {
        case OfferKind::Draw:
            stop_clock(now);
            end_without_winner(EndReason::Agreed);
            break;
        case OfferKind::Takeback:
            // A move since the offer would have withdrawn it, so the asker's move is there.
            rewind(last_move_of({from}), now);
            break;
        case OfferKind::Rematch:
            break;  // the caller makes the new table
    }
    return kind;
}

void Table::withdraw(const std::vector<int>& held, OfferKind kind) {
    if (held.empty()) throw ApiError(ErrorCode::NotYourSeat, "only players make offers");
    const Offer* pending = offers_.find(kind);
    if (!pending || !holds(held, pending->from))
        throw ApiError(ErrorCode::NotAllowed,
                       "you have no pending offer of " + a_kind(kind) + " to withdraw");
    offers_.remove(kind, ply());
}

void Table::abort(const std::vector<int>& held, int64_t now) {
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (held.empty()) throw ApiError(ErrorCode::NotYourSeat, "only players can abort a game");
    if (status_ == TableStatus::Waiting)
        throw ApiError(ErrorCode::NotAllowed, "the game has not started; cancel the table instead");
    if (every_human_moved())
        throw ApiError(ErrorCode::NotAllowed, "every player has moved; resign instead");
    stop_clock(now);
    end_without_winner(EndReason::Aborted);
}

void Table::claim(const std::vector<int>& held, int64_t now) {
    if (status_ == TableStatus::Finished) throw ApiError(ErrorCode::GameOver, "the game is over");
    if (held.empty()) throw ApiError(ErrorCode::NotYourSeat, "only players can claim a game");
    if (status_ == TableStatus::Waiting)
        throw ApiError(ErrorCode::NotAllowed, "the game has not started");
    if (spec_.local)
        throw ApiError(ErrorCode::NotAllowed, "nobody can be gone from a one-screen table");
    // Being away for days is normal in correspondence: only the days clock ends such a game.
    if (spec_.clock.correspondence())
        throw ApiError(
            ErrorCode::NotAllowed,
            "a correspondence game is not claimed: it ends when a player's days run out");
    // On one's own turn nobody waits for the absent player; the claim is for a game they hold
    // up by not moving.
    if (holds(held, game_.position().side()))
        throw ApiError(ErrorCode::NotAllowed,
                       "it is your turn: a claim waits until the absent player is to move");
    const int n = static_cast<int>(spec_.seats.size());
    bool other_human = false;
    for (int s = 0; s < n; ++s) {
        if (spec_.seats[s].type != SeatType::Human || holds(held, s)) continue;
        other_human = true;
        if (connections_[s] > 0)
            throw ApiError(ErrorCode::NotAllowed, seat_label(s) + " is still here");
        const int64_t gone = now - absent_since_[s];
        if (gone < presence_rules_.claim_after_ms)
            throw ApiError(ErrorCode::NotAllowed,
                           seat_label(s) + " has been gone for " + std::to_string(gone / 1000) +
                               " s; you may claim after " +
                               std::to_string(presence_rules_.claim_after_ms / 1000) + " s");
    }
    if (!other_human)
        throw ApiError(ErrorCode::NotAllowed, "there is no other player to claim against");
    end_with_winner(held.front(), EndReason::Abandoned, now);
}

std::vector<bool> Table::presence() const {
    std::vector<bool> out;
    for (size_t s = 0; s < spec_.seats.size(); ++s)
        out.push_back(spec_.seats[s].type == SeatType::Computer || connections_[s] > 0);
    return out;
}

std::optional<int64_t> Table::claim_at() const {
    // Against a seat that has not moved yet the game is aborted, not claimed (abort() is
    // offered then, and claim() would end it as aborted too).
    if (status_ != TableStatus::Playing || spec_.local || spec_.clock.correspondence() ||
        !every_human_moved())
        return std::nullopt;
    const int n = static_cast<int>(spec_.seats.size());
    const auto human = [&](int s) { return spec_.seats[s].type == SeatType::Human; };
    std::optional<int64_t> best;
    // For each present seat not to move: when every other human seat will have been gone long
    // enough.
    for (int p = 0; p < n; ++p) {
        if (!human(p) || connections_[p] == 0 || p == game_.position().side()) continue;
        int64_t when = std::numeric_limits<int64_t>::min();
        bool possible = false;
        for (int s = 0; s < n; ++s) {
            if (s == p || !human(s)) continue;
            if (connections_[s] > 0) {
                possible = false;
                break;
            }
            possible = true;
            when = std::max(when, absent_since_[s] + presence_rules_.claim_after_ms);
        }
        if (possible && (!best || when < *best)) best = when;
    }
    return best;
}

}  // namespace reversi::server
