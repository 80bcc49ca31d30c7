// SPDX-License-Identifier: MIT
// The fields of lobby messages that several lobby files read: names folded for comparison,
// offer ids, an offer's setup and clock, and the pool of a rated offer. Each reader throws
// ApiError on a bad field, before the caller changes anything.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/common/identity.h"
#include "server/common/protocol.h"

namespace reversi::server::lobby_fields {

// Names are unique ignoring case; the lobby folds ASCII letters, which is what the
// generated guest names and most typed names differ by.
std::string fold(std::string_view name);

// A message as text, shared by every socket it is sent to.
std::shared_ptr<const std::string> text_of(const json& msg);

// The id field of a message naming a seek or a challenge: short text.
std::string id_field(const json& msg);
// The node an offer id names ("s" or "c", the node, ".", a number); empty for one of a single
// node's ids.
std::string offer_node(const std::string& id);

// Seeks and challenges are games of two (quick pairing groups three and four).
constexpr int OfferPlayers = 2;
// The pools a seek or a challenge may be rated in: the live pools of OfferPlayers players.
std::vector<std::string> offer_pools();
// The setup of a seek or a challenge: OfferPlayers players, valid by the rules; random blocked
// squares are chosen now, so that everyone sees the board they would play.
core::Setup offer_setup(const json& msg, uint64_t seed);

ClockSpec offer_clock(const json& msg);

// Rated games need a pool and registered players (docs/SITE.md "Ratings").
std::string rated_pool(const core::Setup& setup, const ClockSpec& clock, bool rated,
                       const Identity& who);

// Fields of another node's events (lobby/remote.cpp): an integer within [low, high], text of
// 1 to `max` bytes, and the player an event is about ({"p", "name", "guest"}).
int64_t int64_field(const json& j, const char* key, int64_t low, int64_t high);
std::string text_field(const json& j, const char* key, size_t max);
Identity identity_field(const json& event, const char* key = "who");
// The address of that player ("a" beside "p"), empty when absent or malformed (an older node).
std::string address_field(const json& event, const char* key = "who");
// Player ids (0 for a seat without one), at most `max`.
std::vector<int64_t> players_field(const json& event, size_t max);

}  // namespace reversi::server::lobby_fields
