// SPDX-License-Identifier: MIT
// Rules of play on the generic position; each question dispatches once to the kernel of
// the board's layout (64-bit for narrow boards, 128-bit otherwise).
#include "core/position.h"

#include <algorithm>

#include "core/bitboard.h"
#include "core/movegen.h"

namespace reversi::core {

namespace {

u128 moves_for(const Geometry& g, u128 own, u128 opp, u128 empty) {
    if (g.narrow())
        return Kernel64::moves(low64(own), low64(opp), low64(empty), low64(g.inner()));
    return Kernel128::moves(own, opp, empty, g.inner());
}

u128 flips_for(const Geometry& g, Square sq, u128 own, u128 opp) {
    if (g.narrow()) return Kernel64::flips(sq, low64(own), low64(opp), low64(g.inner()));
    return Kernel128::flips(sq, own, opp, g.inner());
}

u128 neighbours_for(const Geometry& g, u128 discs) {
    if (g.narrow())
        return Kernel64::neighbours(low64(discs), low64(g.not_first_column()),
                                    low64(g.not_last_column()));
    return Kernel128::neighbours(discs, g.not_first_column(), g.not_last_column());
}

uint64_t mix(uint64_t x) {
    // splitmix64 finaliser: a full-avalanche bijection, so distinct words rarely collide.
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

}  // namespace

Position Position::start(const Variant& variant) {
    return from_discs(variant, variant.start_discs(), variant.start_neutral(), 0);
}

Position Position::from_discs(const Variant& variant, const std::array<u128, MaxPlayers>& discs,
                              u128 neutral, int side_to_move) {
    Position p;
    p.variant_ = &variant;
    p.discs_ = discs;
    p.neutral_ = neutral;
    p.side_ = side_to_move;
    return p;
}

u128 Position::occupied() const {
    return discs_[0] | discs_[1] | discs_[2] | discs_[3] | neutral_;
}

int Position::count(int seat) const { return popcount(discs_[seat]); }

bool Position::in_opening() const {
    const u128 centre = geometry().centre();
    return variant_->free_opening() && (occupied() & centre) != centre;
}

u128 Position::flipping_moves(int seat) const {
    const u128 own = discs_[seat];
    return moves_for(geometry(), own, occupied() & ~own, empty());
}

u128 Position::legal_moves() const {
    if (in_opening()) return empty() & geometry().centre();
    const u128 flipping = flipping_moves(side_);
    if (flipping || players() == 2) return flipping;
    return empty() & neighbours_for(geometry(), occupied());
}

bool Position::is_legal(Square sq) const {
    if (sq == PassMove) return must_pass();
    if (sq < 0 || sq >= 128) return false;
    return (legal_moves() & square_bit<u128>(sq)) != 0;
}

bool Position::must_pass() const {
    if (players() != 2 || legal_moves()) return false;
    return flipping_moves(next_seat()) != 0;
}

bool Position::is_over() const {
    if (legal_moves()) return false;
    return players() != 2 || flipping_moves(next_seat()) == 0;
}

u128 Position::flips(Square sq) const {
    if (sq < 0 || in_opening()) return 0;
    const u128 own = discs_[side_];
    return flips_for(geometry(), sq, own, occupied() & ~own);
}

void Position::play(Square sq) {
    if (sq != PassMove) {
        const u128 flipped = flips(sq);
        for (u128& d : discs_) d &= ~flipped;
        neutral_ &= ~flipped;
        discs_[side_] |= flipped | square_bit<u128>(sq);
    }
    side_ = next_seat();
}

uint64_t Position::key() const {
    uint64_t h = mix(static_cast<uint64_t>(side_) + 0x9e3779b97f4a7c15ULL);
    for (int seat = 0; seat < MaxPlayers; ++seat) {
        h = mix(h ^ low64(discs_[seat]) ^ (0x51afd7ed558ccd00ULL * (seat + 1)));
        h = mix(h ^ static_cast<uint64_t>(discs_[seat] >> 64));
    }
    h = mix(h ^ low64(neutral_));
    return mix(h ^ static_cast<uint64_t>(neutral_ >> 64));
}

Outcome Position::outcome() const {
    Outcome o;
    for (int seat = 0; seat < players(); ++seat) o.discs[seat] = count(seat);
    const bool anti = variant_->anti();
    // The best count is the highest, or with Anti-Reversi the lowest.
    int best = anti ? 1 << 30 : -1;
    for (int seat = 0; seat < players(); ++seat)
        best = anti ? std::min(best, o.discs[seat]) : std::max(best, o.discs[seat]);
    int holders = 0;
    for (int seat = 0; seat < players(); ++seat)
        if (o.discs[seat] == best) {
            ++holders;
            o.winner = seat;
        }
    if (holders > 1) o.winner = -1;
    if (players() == 2) {
        const int diff = o.discs[0] - o.discs[1];
        const int empties = popcount(empty());
        if (o.winner == 0) o.black_score = anti ? -diff + empties : diff + empties;
        else if (o.winner == 1) o.black_score = anti ? -diff - empties : diff - empties;
    }
    return o;
}

}  // namespace reversi::core
