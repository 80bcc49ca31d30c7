// SPDX-License-Identifier: MIT
// The JSON vocabulary of docs/PROTOCOL.md: error codes with their HTTP status, the setup
// object, seats and clocks. Parsing never trusts its input: every bad field becomes an
// ApiError naming it, and nothing is half-applied because parsing builds new values only.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/variant.h"

namespace reversi::server {

using json = nlohmann::json;

// The error codes of docs/PROTOCOL.md.
enum class ErrorCode {
    BadJson,
    BadRequest,
    BadSetup,
    NotFound,
    IllegalMove,
    NotYourTurn,
    NotYourSeat,
    BadToken,
    SeatTaken,
    GameOver,
    NotAllowed,
    Stale,
    TooLarge,
    Internal,
};

// The code's wire name ("bad_json", ...).
std::string error_name(ErrorCode code);
// The HTTP status that carries the code (400, 403, 404, 409 or 413; 500 for internal).
int error_status(ErrorCode code);

// A refused request; what() is the sentence shown to the user.
class ApiError : public std::runtime_error {
  public:
    ApiError(ErrorCode code, const std::string& message)
        : std::runtime_error(message), code_(code) {}
    ErrorCode code() const { return code_; }

  private:
    ErrorCode code_;
};

// {"type": "error", "code": ..., "message": ...}
json error_json(const ApiError& error);

// A setup as a client asks for it: an explicit setup plus, optionally, a number of random
// blocked squares that the server still has to choose.
struct SetupRequest {
    core::Setup setup;
    int random_blocked = 0;
};

// Reads the setup object; throws ApiError(bad_request) for a missing or mistyped field.
// Rules problems (forbidden combinations) are checked later by the caller.
SetupRequest parse_setup(const json& j);
// The normalised setup object: blocked is the explicit list, random_blocked absent.
json setup_json(const core::Setup& setup);

enum class SeatType { Human, Computer };

// One seat of a table. The token is secret and never leaves the server except to its holder.
struct Seat {
    SeatType type = SeatType::Human;
    int level = 0;  // computer seats: 1..10
    std::string name;
    std::string token;  // empty while the seat is free
    bool taken() const { return type == SeatType::Human && !token.empty(); }
};

enum class ClockMode { None, Move, Game };

// The clock a table plays with: per move (`seconds` each move) or per game (`seconds` in
// all, plus `increment` after each move).
struct ClockSpec {
    ClockMode mode = ClockMode::None;
    int seconds = 0;
    int increment = 0;
    friend bool operator==(const ClockSpec&, const ClockSpec&) = default;
};

// Reads a clock object; throws ApiError(bad_request) when it is malformed or out of range.
ClockSpec parse_clock(const json& j);
json clock_spec_json(const ClockSpec& clock);

// Reads the seats array of a create request (one per player; tokens are assigned later).
std::vector<Seat> parse_seats(const json& j, int players);

// Typed field access that throws ApiError(bad_request) naming the field.
int get_int(const json& j, const char* key, int fallback);
bool get_bool(const json& j, const char* key, bool fallback);
std::string get_string(const json& j, const char* key, const std::string& fallback);

// Parses text as JSON; throws ApiError(bad_json) with the parser's reason.
json parse_json(const std::string& text);

}  // namespace reversi::server
