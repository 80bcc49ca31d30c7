// SPDX-License-Identifier: MIT
// The fields of lobby messages that several lobby files read: names folded for comparison,
// offer ids, an offer's setup and clock, and the pool of a rated offer. Each reader throws
// ApiError on a bad field, before the caller changes anything.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "server/identity.h"
#include "server/protocol.h"

namespace reversi::server::lobby_fields {

// Names are unique ignoring case; the lobby folds ASCII letters, which is what the
// generated guest names and most typed names differ by.
std::string fold(std::string_view name);

// A message as text, shared by every socket it is sent to.
std::shared_ptr<const std::string> text_of(const json& msg);

// The id field of a message naming a seek or a challenge: short text.
std::string id_field(const json& msg);

// The setup of a seek or a challenge: two players, valid by the rules; random blocked
// squares are chosen now, so that everyone sees the board they would play.
core::Setup offer_setup(const json& msg, uint64_t seed);

ClockSpec offer_clock(const json& msg);

// Rated games need a pool and registered players (docs/SITE.md "Ratings").
std::string rated_pool(const core::Setup& setup, bool rated, const Identity& who);

}  // namespace reversi::server::lobby_fields
