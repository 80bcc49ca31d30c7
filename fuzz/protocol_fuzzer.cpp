// SPDX-License-Identifier: MIT
// The server's JSON vocabulary (server/protocol.h) on arbitrary text. Input: any bytes, read
// by parse_json; a JSON object is then given to every reader, whole and by its "setup",
// "clock" and "seats" fields.
// Properties:
//  - nothing but ApiError leaves parse_json and the readers, and every error's JSON form
//    (what the hub sends) can be written (dump() does not throw: valid UTF-8);
//  - an accepted setup is playable (core::Variant accepts it unless random blocked squares
//    are still to be chosen) and setup_json -> parse_setup gives the same setup back;
//  - an accepted clock survives clock_spec_json -> parse_clock;
//  - parse_seats gives one seat per player, computer levels 1..10.
#include "core/variant.h"
#include "fuzz_check.h"
#include "server/common/protocol.h"

using namespace reversi;
using namespace reversi::server;

namespace {

std::string input_text;

void check_error(const ApiError& e) {
    try {
        const std::string text = error_json(e).dump();
        FUZZ_CHECK(json::parse(text).at("type") == "error", "error JSON without type");
    } catch (const json::exception& x) {
        fuzz::fail(__FILE__, __LINE__,
                   std::string("an error message cannot be sent as JSON: ") + x.what() +
                       "\ninput: " + input_text);
    }
}

// Runs `read`; only ApiError may leave it (and must be writable). Returns true on success.
template <class Read>
bool guarded(const char* what, Read read) {
    try {
        read();
        return true;
    } catch (const ApiError& e) {
        check_error(e);
    } catch (const json::exception& e) {
        fuzz::fail(__FILE__, __LINE__,
                   std::string(what) + " let a json::exception out: " + e.what() +
                       "\ninput: " + input_text);
    } catch (const std::exception& e) {
        fuzz::fail(__FILE__, __LINE__,
                   std::string(what) + " threw a non-API exception: " + e.what() +
                       "\ninput: " + input_text);
    }
    return false;
}

void check_setup(const json& j) {
    SetupRequest req;
    if (!guarded("parse_setup", [&] { req = parse_setup(j); })) return;
    if (req.random_blocked == 0) {
        try {
            core::Variant v(req.setup);
        } catch (const std::exception& e) {
            fuzz::fail(__FILE__, __LINE__,
                       std::string("parse_setup accepted an unplayable setup: ") + e.what() +
                           "\ninput: " + input_text);
        }
    }
    json written;
    try {
        written = setup_json(req.setup);
        (void)written.dump();
    } catch (const std::exception& e) {
        fuzz::fail(__FILE__, __LINE__,
                   std::string("setup_json threw: ") + e.what() + "\ninput: " + input_text);
    }
    SetupRequest again;
    FUZZ_CHECK(guarded("parse_setup (again)", [&] { again = parse_setup(written); }),
               "setup_json output refused: " + written.dump() + "\ninput: " + input_text);
    FUZZ_CHECK(again.setup == req.setup && again.random_blocked == 0,
               "setup round trip changed it: " + written.dump() + "\ninput: " + input_text);
}

void check_clock(const json& j) {
    ClockSpec c;
    if (!guarded("parse_clock", [&] { c = parse_clock(j); })) return;
    const json written = clock_spec_json(c);
    ClockSpec again;
    FUZZ_CHECK(guarded("parse_clock (again)", [&] { again = parse_clock(written); }) && again == c,
               "clock round trip changed it: " + written.dump() + "\ninput: " + input_text);
}

void check_seats(const json& j) {
    for (int players = 2; players <= 4; ++players) {
        std::vector<Seat> seats;
        if (!guarded("parse_seats", [&] { seats = parse_seats(j, players); })) continue;
        FUZZ_CHECK(static_cast<int>(seats.size()) == players, "wrong number of seats");
        for (const Seat& s : seats)
            FUZZ_CHECK(s.type == SeatType::Human || (s.level >= 1 && s.level <= 10),
                       "computer level out of range\ninput: " + input_text);
    }
}

}  // namespace

namespace {

void run(const std::string& input) {
    input_text = input;
    json j;
    if (!guarded("parse_json", [&] { j = parse_json(input_text); })) return;
    check_setup(j);
    check_clock(j);
    check_seats(j);
    if (j.is_object()) {
        for (const char* key : {"seat", "level", "ply", "seconds"})
            guarded("get_int", [&] { (void)get_int(j, key, 0); });
        for (const char* key : {"local", "hints", "anti"})
            guarded("get_bool", [&] { (void)get_bool(j, key, false); });
        for (const char* key : {"name", "type", "square"})
            guarded("get_string", [&] { (void)get_string(j, key, ""); });
        if (const auto it = j.find("setup"); it != j.end()) check_setup(*it);
        if (const auto it = j.find("clock"); it != j.end()) check_clock(*it);
        if (const auto it = j.find("seats"); it != j.end()) check_seats(*it);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    run(fuzz::as_text(data, size));
    return 0;
}
