// SPDX-License-Identifier: MIT
// Pending offers: a short list (at most one per kind), so plain vectors serve.
#include "server/table/offers.h"

#include <algorithm>
#include <utility>

namespace reversi::server {

std::string offer_kind_name(OfferKind kind) {
    switch (kind) {
        case OfferKind::Draw:
            return "draw";
        case OfferKind::Takeback:
            return "takeback";
        case OfferKind::Rematch:
            return "rematch";
    }
    return "draw";
}

std::optional<OfferKind> parse_offer_kind(std::string_view name) {
    if (name == "draw") return OfferKind::Draw;
    if (name == "takeback") return OfferKind::Takeback;
    if (name == "rematch") return OfferKind::Rematch;
    return std::nullopt;
}

const Offer* PendingOffers::find(OfferKind kind) const {
    const auto it = std::find_if(offers_.begin(), offers_.end(),
                                 [kind](const Offer& o) { return o.kind == kind; });
    return it == offers_.end() ? nullptr : &*it;
}

Offer* PendingOffers::find(OfferKind kind) {
    return const_cast<Offer*>(std::as_const(*this).find(kind));
}

void PendingOffers::add(OfferKind kind, int from) {
    remove(kind);
    offers_.push_back({kind, from, {}});
    if (kind == OfferKind::Rematch && from >= 0 && from < 4) rematch_offers_made_[from]++;
}

void PendingOffers::remove(OfferKind kind, int refused_at_ply) {
    const Offer* offer = find(kind);
    if (!offer) return;
    if (refused_at_ply >= 0 && kind != OfferKind::Rematch && offer->from >= 0 && offer->from < 4)
        refused_at_[offer->from][static_cast<int>(kind)] = refused_at_ply;
    std::erase_if(offers_, [kind](const Offer& o) { return o.kind == kind; });
}

bool PendingOffers::refused(int seat, OfferKind kind, int ply) const {
    return seat >= 0 && seat < 4 && refused_at_[seat][static_cast<int>(kind)] == ply;
}

int PendingOffers::rematch_offers_left(int seat) const {
    if (seat < 0 || seat >= 4) return 0;
    return std::max(0, MaxRematchOffers - rematch_offers_made_[seat]);
}

void PendingOffers::drop_game_offers() {
    std::erase_if(offers_, [](const Offer& o) { return o.kind != OfferKind::Rematch; });
}

void PendingOffers::append_json(std::string& out) const {
    out += '[';
    for (size_t i = 0; i < offers_.size(); ++i) {
        if (i) out += ',';
        out += R"({"from":)";
        out += std::to_string(offers_[i].from);
        out += R"(,"kind":")";
        out += offer_kind_name(offers_[i].kind);
        out += "\"}";
    }
    out += ']';
}

void PendingOffers::append_refused_json(std::string& out, int ply) const {
    out += '[';
    bool first = true;
    for (int seat = 0; seat < 4; ++seat)
        for (OfferKind kind : {OfferKind::Draw, OfferKind::Takeback}) {
            if (!refused(seat, kind, ply)) continue;
            if (!first) out += ',';
            first = false;
            out += R"({"again_at_ply":)";
            out += std::to_string(ply + 1);
            out += R"(,"from":)";
            out += std::to_string(seat);
            out += R"(,"kind":")";
            out += offer_kind_name(kind);
            out += "\"}";
        }
    out += ']';
}

}  // namespace reversi::server
