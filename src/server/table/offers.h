// SPDX-License-Identifier: MIT
// The offers pending at a table (docs/SITE.md "At the table"): a draw, a takeback or a
// rematch, each from one seat and granted once every other human seat has accepted. Offers
// are transient: they live with the table in memory and are not stored (a restart forgets
// them). A seat whose draw or takeback offer was declined or withdrawn may not make it again
// until a move has been played, so offers cannot be used to pester the opponent. After the
// game no move comes, so a rematch may be offered again after a "no", but only
// MaxRematchOffers times per seat.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reversi::server {

enum class OfferKind { Draw, Takeback, Rematch };

// How many times one seat may offer a rematch at one table.
inline constexpr int MaxRematchOffers = 3;

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
    // Removes the offer of `kind`; when `refused_at_ply` >= 0, its maker may not offer a
    // draw or takeback again before a later ply (a rematch is limited by its count instead).
    void remove(OfferKind kind, int refused_at_ply = -1);
    // True when `seat`'s draw or takeback offer of `kind` was declined or withdrawn at `ply`.
    bool refused(int seat, OfferKind kind, int ply) const;
    // How many more rematch offers `seat` may make (MaxRematchOffers less those made).
    int rematch_offers_left(int seat) const;
    // A move, a takeback or the end of the game: draw and takeback offers lapse.
    void drop_game_offers();
    const std::vector<Offer>& all() const { return offers_; }
    // Appends [{"kind": "draw", "from": 0}, ...] to `out`.
    void append_json(std::string& out) const;
    // Appends the draw and takeback offers that their seats may not make again at `ply`
    // (declined or withdrawn at it), each with the ply from which it may be made again:
    // [{"again_at_ply": 13, "from": 0, "kind": "draw"}, ...].
    void append_refused_json(std::string& out, int ply) const;

  private:
    std::vector<Offer> offers_;
    std::array<std::array<int, 3>, 4> refused_at_{
        {{-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}}};
    std::array<int, 4> rematch_offers_made_{};
};

}  // namespace reversi::server
