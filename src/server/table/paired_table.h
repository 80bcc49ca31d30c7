// SPDX-License-Identifier: MIT
// What the lobby asks of the hub when it pairs players: a table whose every seat is already
// taken by a known player, and the seat tokens that come back once the table is committed.
// A header of plain values below both the hub (which makes the table) and the lobby (which
// asks), so that neither needs the other: server.cpp wires the one to the other.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/variant.h"
#include "server/common/identity.h"
#include "server/common/protocol.h"

namespace reversi::server {

// A table for paired players: `seats[i]` takes seat i (one per player of the setup).
struct PairingOrder {
    core::Setup setup;
    ClockSpec clock;
    bool rated = false;
    std::vector<Identity> seats;
    // The table's id when the caller chose it first (a tournament stores it before the table
    // exists, so no table is ever made that it does not know); empty: a new one.
    std::string table_id;
    // The tournament that pairs them (empty: none); kept in the table's spec (TableSpec).
    std::string tournament;
    // Per seat: the address the player plays from (empty: not known). Each distinct address
    // spends one of its table allowance, and a rated table never seats two accounts of one.
    std::vector<std::string> addresses;
};

// The committed table and each seat's token, or why it could not be made (nothing made).
struct PairingOutcome {
    std::string table;
    std::vector<std::string> tokens;
    std::optional<ApiError> error;
};

using PairingDone = std::function<void(PairingOutcome)>;

}  // namespace reversi::server
