// SPDX-License-Identifier: MIT
// The offers pending at a table (docs/SITE.md "At the table"): a draw, a takeback or a
// rematch, each from one seat and granted once every other human seat has accepted. Offers
// are transient: they live with the table in memory and are not stored (a restart forgets
// them). A seat whose offer was declined or withdrawn may not make the same offer again
// until a move has been played, so offers cannot be used to pester the opponent.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reversi::server {

enum class OfferKind { Draw, Takeback, Rematch };

// "draw", "takeback", "rematch".
std::string offer_kind_name(OfferKind kind);
// The kind named `name`, or nothing.
std::optional<OfferKind> parse_offer_kind(std::string_view name);

struct Offer {
    OfferKind kind = OfferKind::Draw;
    int from = 0;               // the seat that offered
    std::vector<int> accepted;  // seats that have accepted so far
};

class PendingOffers {
  public:
    // The pending offer of `kind`, or null.
    const Offer* find(OfferKind kind) const;
    Offer* find(OfferKind kind);
    void add(OfferKind kind, int from);
    // Removes the offer of `kind`; when `refused_at_ply` >= 0, its maker may not offer it
    // again before a later ply.
    void remove(OfferKind kind, int refused_at_ply = -1);
    // True when `seat`'s offer of `kind` was declined or withdrawn at `ply`.
    bool refused(int seat, OfferKind kind, int ply) const;
    // A move, a takeback or the end of the game: draw and takeback offers lapse.
    void drop_game_offers();
    const std::vector<Offer>& all() const { return offers_; }
    // Appends [{"kind": "draw", "from": 0}, ...] to `out`.
    void append_json(std::string& out) const;

  private:
    std::vector<Offer> offers_;
    std::array<std::array<int, 3>, 4> refused_at_{
        {{-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}}};
};

}  // namespace reversi::server
