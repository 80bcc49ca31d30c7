// SPDX-License-Identifier: MIT
// JSON <-> protocol types. Every accessor checks the type of what it reads, because the
// input comes from the network: nlohmann's own conversions would throw type_error with a
// message that names no field.
#include "server/common/protocol.h"

#include <algorithm>

#include "core/notation.h"
#include "engine/levels.h"

namespace reversi::server {

std::vector<std::string> error_names() {
    std::vector<std::string> names;
    for (int c = 0; c <= static_cast<int>(LastErrorCode); ++c)
        names.push_back(error_name(static_cast<ErrorCode>(c)));
    return names;
}

std::string error_name(ErrorCode code) {
    switch (code) {
        case ErrorCode::BadJson:
            return "bad_json";
        case ErrorCode::BadRequest:
            return "bad_request";
        case ErrorCode::BadSetup:
            return "bad_setup";
        case ErrorCode::NotFound:
            return "not_found";
        case ErrorCode::IllegalMove:
            return "illegal_move";
        case ErrorCode::NotYourTurn:
            return "not_your_turn";
        case ErrorCode::NotYourSeat:
            return "not_your_seat";
        case ErrorCode::BadToken:
            return "bad_token";
        case ErrorCode::SeatTaken:
            return "seat_taken";
        case ErrorCode::GameOver:
            return "game_over";
        case ErrorCode::NotAllowed:
            return "not_allowed";
        case ErrorCode::Stale:
            return "stale";
        case ErrorCode::TooLarge:
            return "too_large";
        case ErrorCode::Busy:
            return "busy";
        case ErrorCode::RateLimited:
            return "rate_limited";
        case ErrorCode::Unavailable:
            return "unavailable";
        case ErrorCode::Internal:
            return "internal";
        case ErrorCode::NameTaken:
            return "name_taken";
        case ErrorCode::BadLogin:
            return "bad_login";
        case ErrorCode::Offline:
            return "offline";
        case ErrorCode::LoggedIn:
            return "logged_in";
        case ErrorCode::Guest:
            return "guest";
        case ErrorCode::Muted:
            return "muted";
        case ErrorCode::Banned:
            return "banned";
        case ErrorCode::Forbidden:
            return "forbidden";
        case ErrorCode::ReasonRequired:
            return "reason_required";
        case ErrorCode::AlreadyReported:
            return "already_reported";
        case ErrorCode::TokenLimit:
            return "token_limit";
        case ErrorCode::TournamentGame:
            return "tournament_game";
    }
    return "internal";
}

int error_status(ErrorCode code) {
    switch (code) {
        case ErrorCode::NotFound:
            return 404;
        case ErrorCode::BadToken:
        case ErrorCode::NotYourSeat:
        case ErrorCode::BadLogin:
        case ErrorCode::Guest:
        case ErrorCode::Muted:
        case ErrorCode::Banned:
        case ErrorCode::Forbidden:
            return 403;
        case ErrorCode::NameTaken:
        case ErrorCode::LoggedIn:
        case ErrorCode::SeatTaken:
        case ErrorCode::Stale:
        case ErrorCode::AlreadyReported:
        case ErrorCode::TokenLimit:
            return 409;
        case ErrorCode::TooLarge:
            return 413;
        case ErrorCode::RateLimited:
            return 429;
        case ErrorCode::Busy:
        case ErrorCode::Unavailable:
            return 503;
        case ErrorCode::Internal:
            return 500;
        default:
            return 400;
    }
}

json error_json(const ApiError& error) {
    return {{"type", "error"},
            {"code", error_name(error.code())},
            {"message", utf8_safe(error.what(), 400)}};
}

std::string error_text(const ApiError& error) {
    return dump_safe(error_json(error));
}

std::string dump_safe(const json& j) {
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {

// Length of the UTF-8 character starting at text[i], or 0 when the bytes there are not one
// (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t utf8_char_length(std::string_view text, std::size_t i, char32_t* code = nullptr) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    std::size_t n;
    char32_t c;
    if (b0 < 0x80) {
        if (code) *code = b0;
        return 1;
    } else if (b0 >= 0xC2 && b0 <= 0xDF) {
        n = 2, c = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3, c = b0 & 0x0F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4, c = b0 & 0x07;
    } else {
        return 0;
    }
    if (i + n > text.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        c = (c << 6) | (byte(i + k) & 0x3F);
    }
    if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10FFFF)) ||
        (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    if (code) *code = c;
    return n;
}

}  // namespace

std::string utf8_safe(std::string_view text, std::size_t max_bytes) {
    static constexpr std::string_view Replacement = "\xEF\xBF\xBD";
    static constexpr std::string_view Cut = "...";
    std::string out;
    out.reserve(std::min(text.size(), max_bytes));
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_char_length(text, i);
        const std::string_view piece = n ? text.substr(i, n) : Replacement;
        if (out.size() + piece.size() > max_bytes) {
            // Cut on a character boundary, leaving room for the mark when there is any.
            while (!out.empty() && out.size() + Cut.size() > max_bytes) {
                std::size_t back = out.size() - 1;
                while (back > 0 && (static_cast<unsigned char>(out[back]) & 0xC0) == 0x80) --back;
                out.resize(back);
            }
            if (out.size() + Cut.size() <= max_bytes) out += Cut;
            return out;
        }
        out += piece;
        i += n ? n : 1;
    }
    return out;
}

bool utf8_valid(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_char_length(text, i);
        if (!n) return false;
        i += n;
    }
    return true;
}

std::string name_problem(std::string_view name, std::size_t max_chars) {
    // Counted in characters (code points), as every limit the site states; a name longer
    // than four bytes a character cannot be short enough, so it is not even read.
    std::size_t chars = 0;
    if (name.size() > 4 * max_chars) chars = max_chars + 1;
    for (std::size_t i = 0; i < name.size() && chars <= max_chars; ++chars) {
        char32_t c = 0;
        const std::size_t n = utf8_char_length(name, i, &c);
        if (!n) return "a name must be UTF-8 text";
        // Control characters, and the format characters that reorder or hide text (bidi
        // embeddings, overrides and isolates, zero-width marks, the byte-order mark).
        const bool control = c < 0x20 || (c >= 0x7F && c <= 0x9F);
        const bool format = (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
                            (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF || c == 0x061C ||
                            (c >= 0xFFF9 && c <= 0xFFFB);
        if (control || format)
            return "a name may not hold control or invisible formatting characters";
        i += n;
    }
    if (chars > max_chars) return "a name has at most " + std::to_string(max_chars) + " characters";
    return {};
}

std::string text_problem(std::string_view text, std::size_t max_chars) {
    std::size_t chars = 0;
    bool visible = false;
    for (std::size_t i = 0; i < text.size(); ++i, ++chars) {
        char32_t c = 0;
        const std::size_t n = utf8_char_length(text, i, &c);
        if (!n) return "must be UTF-8 text";
        // The same classes as in names: control characters (newlines too: one line of
        // text) and the format characters that reorder or hide text.
        const bool control = c < 0x20 || (c >= 0x7F && c <= 0x9F);
        const bool format = (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
                            (c >= 0x2060 && c <= 0x2069) || c == 0xFEFF || c == 0x061C ||
                            (c >= 0xFFF9 && c <= 0xFFFB);
        if (control || format) return "may not hold control or invisible formatting characters";
        visible = visible || (c != ' ' && c != 0xA0 && c != 0x3000);
        i += n - 1;
    }
    if (!visible) return "must not be empty";
    if (chars > max_chars) return "has at most " + std::to_string(max_chars) + " characters";
    return {};
}

json parse_json(const std::string& text) {
    try {
        return json::parse(text);
    } catch (const json::exception& e) {
        // nlohmann's message starts with "[json.exception.parse_error.101] "; keep the rest.
        // Numbers too large for a double (1e400) are out_of_range, not parse_error.
        std::string why = e.what();
        if (const auto pos = why.find("] "); pos != std::string::npos) why = why.substr(pos + 2);
        throw ApiError(ErrorCode::BadJson, "the message is not valid JSON: " + utf8_safe(why));
    }
}

namespace {

[[noreturn]] void bad_field(const char* key, const char* expected) {
    throw ApiError(ErrorCode::BadRequest, std::string("field \"") + key + "\" must be " + expected);
}

}  // namespace

int get_int(const json& j, const char* key, int fallback) {
    if (!j.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) return fallback;
    if (!it->is_number_integer()) bad_field(key, "an integer");
    const auto v = it->get<int64_t>();
    if (v < -1'000'000'000 || v > 1'000'000'000) bad_field(key, "a reasonable integer");
    return static_cast<int>(v);
}

bool get_bool(const json& j, const char* key, bool fallback) {
    if (!j.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) return fallback;
    if (!it->is_boolean()) bad_field(key, "true or false");
    return it->get<bool>();
}

std::string get_string(const json& j, const char* key, const std::string& fallback) {
    if (!j.is_object()) throw ApiError(ErrorCode::BadRequest, "expected a JSON object");
    const auto it = j.find(key);
    if (it == j.end() || it->is_null()) return fallback;
    if (!it->is_string()) bad_field(key, "a string");
    return it->get<std::string>();
}

SetupRequest parse_setup(const json& j) {
    if (!j.is_object()) throw ApiError(ErrorCode::BadRequest, "\"setup\" must be an object");
    SetupRequest req;
    core::Setup& s = req.setup;
    std::string board = "8";
    if (const auto it = j.find("board"); it != j.end() && !it->is_null()) {
        if (it->is_number_integer())
            board = std::to_string(it->get<int64_t>());
        else if (it->is_string())
            board = it->get<std::string>();
        else
            bad_field("board", "\"6\", \"8\", \"10\" or \"octagon\"");
    }
    if (!core::parse_shape(board, s.shape))
        throw ApiError(ErrorCode::BadSetup,
                       "unknown board \"" + board + "\" (use 6, 8, 10 or octagon)");
    s.players = get_int(j, "players", 2);
    s.anti = get_bool(j, "anti", false);
    s.free_opening = get_bool(j, "free_opening", false);
    s.handicap = get_int(j, "handicap", 0);
    const std::string to = get_string(j, "handicap_to", "black");
    if (to == "black")
        s.handicap_to = core::Color::Black;
    else if (to == "white")
        s.handicap_to = core::Color::White;
    else
        throw ApiError(ErrorCode::BadSetup, "the handicap goes to \"black\" or \"white\"");
    if (const auto it = j.find("blocked"); it != j.end() && !it->is_null()) {
        if (!it->is_array()) bad_field("blocked", "a list of square names");
        if (it->size() > 200) bad_field("blocked", "a list of at most 200 squares");
        for (const json& name : *it) {
            if (!name.is_string()) bad_field("blocked", "a list of square names");
            const auto c = core::parse_coord(name.get<std::string>());
            if (!c)
                throw ApiError(ErrorCode::BadSetup,
                               "\"" + name.get<std::string>() + "\" is not a square name");
            s.blocked.push_back(*c);
        }
    }
    req.random_blocked = get_int(j, "random_blocked", 0);
    if (req.random_blocked < 0 || req.random_blocked > MaxRandomBlocked)
        throw ApiError(ErrorCode::BadSetup,
                       "random_blocked must be between 0 and " + std::to_string(MaxRandomBlocked));
    if (req.random_blocked > 0 && !s.blocked.empty())
        throw ApiError(ErrorCode::BadSetup,
                       "give either an explicit \"blocked\" list or \"random_blocked\", not both");
    if (const std::string why = s.problem(); !why.empty()) throw ApiError(ErrorCode::BadSetup, why);
    return req;
}

json setup_json(const core::Setup& s) {
    json blocked = json::array();
    for (const core::Coord& c : s.blocked) blocked.push_back(core::coord_name(c));
    return {{"board", core::shape_name(s.shape)},
            {"players", s.players},
            {"anti", s.anti},
            {"free_opening", s.free_opening},
            {"blocked", blocked},
            {"handicap", s.handicap},
            {"handicap_to", s.handicap_to == core::Color::White ? "white" : "black"}};
}

ClockSpec parse_clock(const json& j) {
    ClockSpec c;
    if (j.is_null()) return c;
    if (!j.is_object()) throw ApiError(ErrorCode::BadRequest, "\"clock\" must be an object");
    const std::string mode = get_string(j, "mode", "none");
    if (mode == "none") return c;
    if (mode == "days") {
        c.mode = ClockMode::Days;
        c.days = get_int(j, "days", 0);
        if (std::find(std::begin(CorrespondenceDays), std::end(CorrespondenceDays), c.days) ==
            std::end(CorrespondenceDays)) {
            std::string list;
            for (const int d : CorrespondenceDays)
                list += (list.empty() ? "" : ", ") + std::to_string(d);
            throw ApiError(ErrorCode::BadRequest, "days per move must be one of " + list);
        }
        c.seconds = c.days * 24 * 3600;
        return c;
    }
    if (mode == "move")
        c.mode = ClockMode::Move;
    else if (mode == "game")
        c.mode = ClockMode::Game;
    else
        throw ApiError(ErrorCode::BadRequest,
                       "clock mode must be \"none\", \"move\", \"game\" or \"days\"");
    c.seconds = get_int(j, "seconds", 0);
    c.increment = c.mode == ClockMode::Game ? get_int(j, "increment", 0) : 0;
    if (c.seconds < MinClockSeconds || c.seconds > MaxClockSeconds)
        throw ApiError(ErrorCode::BadRequest, "clock seconds must be between " +
                                                  std::to_string(MinClockSeconds) + " and " +
                                                  std::to_string(MaxClockSeconds));
    if (c.increment < 0 || c.increment > MaxClockIncrement)
        throw ApiError(ErrorCode::BadRequest, "clock increment must be between 0 and " +
                                                  std::to_string(MaxClockIncrement));
    return c;
}

json clock_spec_json(const ClockSpec& c) {
    switch (c.mode) {
        case ClockMode::None:
            return {{"mode", "none"}};
        case ClockMode::Move:
            return {{"mode", "move"}, {"seconds", c.seconds}};
        case ClockMode::Game:
            return {{"mode", "game"}, {"seconds", c.seconds}, {"increment", c.increment}};
        case ClockMode::Days:
            return {{"mode", "days"}, {"days", c.days}};
    }
    return {{"mode", "none"}};
}

std::vector<Seat> parse_seats(const json& j, int players) {
    std::vector<Seat> seats;
    if (j.is_null()) {
        seats.resize(players);  // all human by default
        return seats;
    }
    if (!j.is_array()) throw ApiError(ErrorCode::BadRequest, "\"seats\" must be a list");
    if (static_cast<int>(j.size()) != players)
        throw ApiError(ErrorCode::BadRequest,
                       "\"seats\" must list one seat per player (" + std::to_string(players) + ")");
    for (const json& s : j) {
        Seat seat;
        const std::string type = get_string(s, "type", "human");
        if (type == "computer") {
            seat.type = SeatType::Computer;
            seat.level = get_int(s, "level", 5);
            if (seat.level < engine::MinLevel || seat.level > engine::MaxLevel)
                throw ApiError(ErrorCode::BadRequest, "computer level must be between " +
                                                          std::to_string(engine::MinLevel) +
                                                          " and " +
                                                          std::to_string(engine::MaxLevel));
        } else if (type != "human") {
            throw ApiError(ErrorCode::BadRequest, "seat type must be \"human\" or \"computer\"");
        }
        seats.push_back(seat);
    }
    return seats;
}

}  // namespace reversi::server
