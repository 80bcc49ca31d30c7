// SPDX-License-Identifier: MIT
// The JSON vocabulary of docs/PROTOCOL.md: error codes with their HTTP status, the setup
// object, seats and clocks. Parsing never trusts its input: every bad field becomes an
// ApiError naming it, and nothing is half-applied because parsing builds new values only.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
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
    Busy,         // a limit of the server or of this visitor: try again later (503 or 429)
    RateLimited,  // this address asked for too much too fast (429)
    Unavailable,  // the store failed: nothing was saved (503)
    Internal,
    NameTaken,  // a player of that name (ignoring case) exists (409)
    BadLogin,   // wrong name or password, one message for both (403)
    Offline,    // the player named is not online (lobby challenges)
    LoggedIn,   // register or login while logged in as a registered player: log out first (409)
    Guest,      // what only a registered player has: a guest has no password (403)
    // Moderation (docs/SITE.md "Moderation").
    Muted,            // the player may not chat until the mute ends (403)
    Banned,           // the account is banned until the ban ends: no login, no play (403)
    Forbidden,        // a moderator's call from someone who is not one (403)
    ReasonRequired,   // a moderator's action without a reason (400)
    AlreadyReported,  // the reporter has an open report of that player already (409)
    TokenLimit,       // a bot holds its most API tokens: revoke one first (409)
    TournamentGame,   // a rematch at a tournament's table: the tournament pairs its players
};
// Every code, for the lists that name them all (GET /api/config: the client has a text for each).
constexpr ErrorCode LastErrorCode = ErrorCode::TournamentGame;

// The code's wire name ("bad_json", ...).
std::string error_name(ErrorCode code);
// Every code's wire name, in the enum's order.
std::vector<std::string> error_names();
// The HTTP status that carries the code (400, 403, 404, 409, 413, 429, 503; 500 internal).
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
// The same as JSON text; never throws, whatever bytes the message holds.
std::string error_text(const ApiError& error);

// `text` made safe to show and to write as JSON: every byte that is not part of a valid UTF-8
// character becomes U+FFFD, and the result is cut to at most `max_bytes` on a character
// boundary ("..." marks a cut). Input echoed into messages goes through this.
std::string utf8_safe(std::string_view text, std::size_t max_bytes = 200);
// True when `text` is valid UTF-8 (no overlong forms, no surrogates).
bool utf8_valid(std::string_view text);
// The longest player name, in characters (code points).
constexpr int MaxNameChars = 40;
// Why `name` cannot be a player's name (empty when it can): invalid UTF-8, control
// characters, bidirectional overrides and invisible formatting, more than `max_chars`
// characters (code points).
std::string name_problem(std::string_view name, std::size_t max_chars = MaxNameChars);
// Why `text` cannot be free text such as a chat message (empty when it can): invalid UTF-8,
// the characters name_problem refuses, nothing but spaces, or more than `max_chars` Unicode
// code points. The reason is a sentence fragment: "must be UTF-8 text", ...
std::string text_problem(std::string_view text, std::size_t max_chars);

// JSON text of `j` with invalid UTF-8 replaced rather than thrown on (the last barrier: every
// text the server sends goes through this or through error_text).
std::string dump_safe(const json& j);

// A setup as a client asks for it: an explicit setup plus, optionally, a number of random
// blocked squares that the server still has to choose.
struct SetupRequest {
    core::Setup setup;
    int random_blocked = 0;
};

// The most random blocked squares a setup may ask for (the board may allow fewer: the rules
// say, core::Setup::problem).
constexpr int MaxRandomBlocked = 100;

// Reads the setup object; throws ApiError(bad_request) for a missing or mistyped field.
// Rules problems (forbidden combinations) are checked later by the caller.
SetupRequest parse_setup(const json& j);
// The normalised setup object: blocked is the explicit list, random_blocked absent.
json setup_json(const core::Setup& setup);

enum class SeatType { Human, Computer };

// One seat of a table. Its token goes to the holder only; the server keeps just its hash.
struct Seat {
    SeatType type = SeatType::Human;
    int level = 0;  // computer seats: 1..10
    std::string name;
    std::string token_hash;  // empty while the seat is free (server/secrets.h)
    int64_t player = 0;      // the player (accounts) holding the seat; 0 for none or local
    double rating = 0;       // the player's rating in the table's pool when seated (0: none)
    bool bot = false;        // the player is a bot account (shown as BOT)
    bool taken() const { return type == SeatType::Human && !token_hash.empty(); }
};

// Days: a correspondence game (days per move; docs/SITE.md "Correspondence"), a per-move
// clock counted in days, rated in pools of its own.
enum class ClockMode { None, Move, Game, Days };

// The days per move a correspondence game may have.
constexpr int CorrespondenceDays[] = {1, 2, 3, 5, 7, 14};
// The bounds of a live clock: seconds (per move, or per game) and the increment per move.
// parse_clock is the one check; GET /api/config publishes them for the forms.
constexpr int MinClockSeconds = 1;
constexpr int MaxClockSeconds = 24 * 3600;
constexpr int MaxClockIncrement = 3600;

// The clock a table plays with: per move (`seconds` each move), per game (`seconds` in
// all, plus `increment` after each move), or days per move (`days`, and `seconds` the same
// time in seconds).
struct ClockSpec {
    ClockMode mode = ClockMode::None;
    int seconds = 0;
    int increment = 0;
    int days = 0;
    // True for a correspondence clock (days per move).
    bool correspondence() const { return mode == ClockMode::Days; }
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
