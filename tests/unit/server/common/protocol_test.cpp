// SPDX-License-Identifier: MIT
// Tests of the protocol vocabulary: setup objects (defaults, every field, every refusal),
// clocks, seats and the error codes' HTTP statuses from docs/PROTOCOL.md.
#include "server/common/protocol.h"

#include <gtest/gtest.h>

#include "api_error_code.h"

namespace reversi::server {
namespace {

using testing_support::code_of;

TEST(Protocol, EmptySetupIsStandardReversi) {
    const SetupRequest r = parse_setup(json::object());
    EXPECT_EQ(r.setup, core::Setup{});
    EXPECT_EQ(r.random_blocked, 0);
}

TEST(Protocol, ReadsEveryField) {
    const json j = json::parse(R"({"board": "10", "players": 2, "anti": true,
        "free_opening": true, "blocked": ["C3", "h8"], "handicap": 2, "handicap_to": "white"})");
    const core::Setup s = parse_setup(j).setup;
    EXPECT_EQ(s.shape, core::Shape::Ten);
    EXPECT_TRUE(s.anti);
    EXPECT_TRUE(s.free_opening);
    ASSERT_EQ(s.blocked.size(), 2u);
    EXPECT_EQ(s.blocked[0], (core::Coord{2, 2}));
    EXPECT_EQ(s.blocked[1], (core::Coord{7, 7}));
    EXPECT_EQ(s.handicap, 2);
    EXPECT_EQ(s.handicap_to, core::Color::White);
    // The normalised object round-trips.
    EXPECT_EQ(parse_setup(setup_json(s)).setup, s);
}

TEST(Protocol, BoardAcceptsNumbersAndOctagon) {
    EXPECT_EQ(parse_setup(json{{"board", 6}}).setup.shape, core::Shape::Six);
    EXPECT_EQ(parse_setup(json{{"board", "octagon"}, {"players", 4}}).setup.shape,
              core::Shape::Octagon);
}

TEST(Protocol, ForbiddenCombinationsAreBadSetupWithTheRulesSentence) {
    const json j = {{"board", "6"}, {"players", 3}};
    core::Setup s;
    s.shape = core::Shape::Six;
    s.players = 3;
    try {
        parse_setup(j);
        FAIL() << "accepted 3 players on 6x6";
    } catch (const ApiError& e) {
        EXPECT_EQ(e.code(), ErrorCode::BadSetup);
        EXPECT_EQ(std::string(e.what()), s.problem());
        EXPECT_NE(std::string(e.what()).find("6x6"), std::string::npos);
    }
    EXPECT_EQ(code_of([] {
                  parse_setup(json{{"board", "octagon"}, {"handicap", 1}});
              }),
              ErrorCode::BadSetup);
    EXPECT_EQ(code_of([] {
                  parse_setup(json{{"players", 3}, {"free_opening", true}});
              }),
              ErrorCode::BadSetup);
    EXPECT_EQ(code_of([] { parse_setup(json{{"blocked", {"d4"}}}); }), ErrorCode::BadSetup);
    EXPECT_EQ(code_of([] { parse_setup(json{{"blocked", {"z99"}}}); }), ErrorCode::BadSetup);
    EXPECT_EQ(code_of([] { parse_setup(json{{"blocked", {"q"}}}); }), ErrorCode::BadSetup);
    EXPECT_EQ(code_of([] { parse_setup(json{{"board", "9"}}); }), ErrorCode::BadSetup);
    EXPECT_EQ(code_of([] { parse_setup(json{{"players", 5}}); }), ErrorCode::BadSetup);
    EXPECT_EQ(code_of([] { parse_setup(json{{"handicap_to", "red"}}); }), ErrorCode::BadSetup);
    EXPECT_EQ(code_of([] {
                  parse_setup(json{{"blocked", {"c3", "f6"}}, {"random_blocked", 2}});
              }),
              ErrorCode::BadSetup);
}

TEST(Protocol, MistypedFieldsAreBadRequest) {
    EXPECT_EQ(code_of([] { parse_setup(json{{"players", "two"}}); }), ErrorCode::BadRequest);
    EXPECT_EQ(code_of([] { parse_setup(json{{"anti", 1}}); }), ErrorCode::BadRequest);
    EXPECT_EQ(code_of([] { parse_setup(json{{"blocked", "c3"}}); }), ErrorCode::BadRequest);
    EXPECT_EQ(code_of([] { parse_setup(json{{"blocked", {1, 2}}}); }), ErrorCode::BadRequest);
    EXPECT_EQ(code_of([] { parse_setup(json::array()); }), ErrorCode::BadRequest);
    EXPECT_EQ(code_of([] { parse_setup(json{{"board", true}}); }), ErrorCode::BadRequest);
}

TEST(Protocol, Clocks) {
    EXPECT_EQ(parse_clock(nullptr).mode, ClockMode::None);
    const ClockSpec g = parse_clock(json{{"mode", "game"}, {"seconds", 300}, {"increment", 5}});
    EXPECT_EQ(g, (ClockSpec{ClockMode::Game, 300, 5}));
    EXPECT_EQ(parse_clock(clock_spec_json(g)), g);
    const ClockSpec m = parse_clock(json{{"mode", "move"}, {"seconds", 30}});
    EXPECT_EQ(m, (ClockSpec{ClockMode::Move, 30, 0}));
    EXPECT_EQ(code_of([] { parse_clock(json{{"mode", "blitz"}}); }), ErrorCode::BadRequest);
    // Correspondence: days per move from a short list, a per-move clock in seconds.
    const ClockSpec d = parse_clock(json{{"mode", "days"}, {"days", 14}});
    EXPECT_EQ(d, (ClockSpec{ClockMode::Days, 14 * 86400, 0, 14}));
    EXPECT_TRUE(d.correspondence());
    EXPECT_EQ(parse_clock(clock_spec_json(d)), d);
    for (int bad : {0, 4, 15, -1})
        EXPECT_EQ(code_of([bad] {
                      parse_clock(json{{"mode", "days"}, {"days", bad}});
                  }),
                  ErrorCode::BadRequest)
            << bad;
    EXPECT_EQ(code_of([] {
                  parse_clock(json{{"mode", "move"}, {"seconds", 0}});
              }),
              ErrorCode::BadRequest);
    EXPECT_EQ(code_of([] {
                  parse_clock(json{{"mode", "game"}, {"seconds", 10}, {"increment", -1}});
              }),
              ErrorCode::BadRequest);
    EXPECT_EQ(code_of([] {
                  parse_clock(json{{"mode", "game"}, {"seconds", "ten"}});
              }),
              ErrorCode::BadRequest);
}

TEST(Protocol, Seats) {
    const auto seats = parse_seats(json::parse(R"([{"type": "human"},
        {"type": "computer", "level": 7}])"),
                                   2);
    ASSERT_EQ(seats.size(), 2u);
    EXPECT_EQ(seats[0].type, SeatType::Human);
    EXPECT_EQ(seats[1].type, SeatType::Computer);
    EXPECT_EQ(seats[1].level, 7);
    EXPECT_EQ(parse_seats(nullptr, 3).size(), 3u);
    EXPECT_EQ(code_of([] { parse_seats(json::parse(R"([{"type": "human"}])"), 2); }),
              ErrorCode::BadRequest);
    EXPECT_EQ(code_of([] {
                  parse_seats(json::parse(R"([{"type": "human"}, {"type": "computer",
                      "level": 11}])"),
                              2);
              }),
              ErrorCode::BadRequest);
    EXPECT_EQ(
        code_of([] { parse_seats(json::parse(R"([{"type": "robot"}, {"type": "human"}])"), 2); }),
        ErrorCode::BadRequest);
}

TEST(Protocol, JsonAndErrorCodes) {
    EXPECT_EQ(code_of([] { parse_json("{\"type\": "); }), ErrorCode::BadJson);
    EXPECT_EQ(code_of([] { parse_json("not json"); }), ErrorCode::BadJson);
    EXPECT_EQ(parse_json(R"({"a": 1})")["a"], 1);
    // Statuses as docs/PROTOCOL.md lists them.
    EXPECT_EQ(error_status(ErrorCode::BadJson), 400);
    EXPECT_EQ(error_status(ErrorCode::IllegalMove), 400);
    EXPECT_EQ(error_status(ErrorCode::NotFound), 404);
    EXPECT_EQ(error_status(ErrorCode::BadToken), 403);
    EXPECT_EQ(error_status(ErrorCode::NotYourSeat), 403);
    EXPECT_EQ(error_status(ErrorCode::SeatTaken), 409);
    EXPECT_EQ(error_status(ErrorCode::Stale), 409);
    EXPECT_EQ(error_status(ErrorCode::TooLarge), 413);
    const json e = error_json(ApiError(ErrorCode::IllegalMove, "d3 is not a legal move"));
    EXPECT_EQ(e["type"], "error");
    EXPECT_EQ(e["code"], "illegal_move");
    EXPECT_EQ(e["message"], "d3 is not a legal move");
    // Numbers beyond a double are bad JSON, not an exception of the library's own.
    EXPECT_EQ(code_of([] { parse_json(R"({"seat":1e400})"); }), ErrorCode::BadJson);
    EXPECT_EQ(code_of([] { parse_json("{\"a\": \"\xff\"}"); }), ErrorCode::BadJson);
    EXPECT_EQ(error_status(ErrorCode::RateLimited), 429);
    EXPECT_EQ(error_status(ErrorCode::Busy), 503);
    EXPECT_EQ(error_status(ErrorCode::Unavailable), 503);
}

TEST(Protocol, ErrorTextIsValidUtf8WhateverTheInput) {
    // Raw bytes echoed into a message used to make the JSON writer throw.
    const std::string text = error_text(ApiError(ErrorCode::NotFound, "no table \xff\xe2\x82"));
    const json e = json::parse(text);
    EXPECT_EQ(e["message"], "no table \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    EXPECT_NO_THROW(dump_safe(json("\xc3")));
}

TEST(Protocol, Utf8SafeReplacesAndCutsOnCharacterBoundaries) {
    EXPECT_EQ(utf8_safe("plain"), "plain");
    EXPECT_EQ(utf8_safe("a\xff"
                        "b"),
              "a\xef\xbf\xbd"
              "b");
    // Overlong forms and surrogates are not UTF-8.
    EXPECT_EQ(utf8_safe("\xc0\xaf"), "\xef\xbf\xbd\xef\xbf\xbd");
    EXPECT_EQ(utf8_safe("\xed\xa0\x80"), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    EXPECT_FALSE(utf8_valid("\xed\xa0\x80"));
    EXPECT_TRUE(utf8_valid("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"));
    // Ten euro signs (3 bytes each) cut to 10 bytes: two signs and the mark, never half a sign.
    std::string euros;
    for (int i = 0; i < 10; ++i) euros += "\xe2\x82\xac";
    const std::string cut = utf8_safe(euros, 10);
    EXPECT_EQ(cut, "\xe2\x82\xac\xe2\x82\xac...");
    EXPECT_TRUE(utf8_valid(cut));
    for (size_t max = 0; max < 40; ++max) {
        const std::string s = utf8_safe(euros, max);
        EXPECT_LE(s.size(), max);
        EXPECT_TRUE(utf8_valid(s));
    }
}

TEST(Protocol, NamesRefuseControlAndInvisibleCharacters) {
    EXPECT_EQ(name_problem("Ada"), "");
    EXPECT_EQ(name_problem("Zeynep \xc3\x87"
                           "elik"),
              "");
    EXPECT_EQ(name_problem(""), "");
    EXPECT_NE(name_problem("a\tb"), "");
    EXPECT_NE(name_problem("a\x7f"), "");
    EXPECT_NE(name_problem("a\xc2\x85"), "");  // NEL, a C1 control
    EXPECT_NE(name_problem("abc\xe2\x80\xae"
                           "exe.txt"),
              "");                                             // right-to-left override
    EXPECT_NE(name_problem("\xe2\x81\xa7x\xe2\x81\xa9"), "");  // isolates
    EXPECT_NE(name_problem("a\xe2\x80\x8b"), "");              // zero-width space
    EXPECT_NE(name_problem("\xff"), "");
    EXPECT_NE(name_problem(std::string(41, 'x')), "");
}

}  // namespace
}  // namespace reversi::server
