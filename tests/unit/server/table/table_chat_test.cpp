// SPDX-License-Identifier: MIT
// Chat at the table (docs/SITE.md "At the table"), driven through the hub: who receives a
// line, every refused line (a clear error, nothing sent, nothing kept), the per-connection
// rate, a store that fails, and the log kept across a restart. The text rules and the
// throttle are also checked directly, on a fake time line.
#include <gtest/gtest.h>

#include "hub_fixture.h"
#include "server/common/protocol.h"
#include "server/table/chat.h"

namespace reversi::server {
namespace {

using namespace hub_testing;

std::string repeat(const std::string& piece, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += piece;
    return out;
}

TEST(TableChat, TextRules) {
    EXPECT_EQ(chat_problem("gg"), "");
    // 300 code points are allowed whatever their byte length; 301 are not.
    EXPECT_EQ(chat_problem(repeat("\xc3\xa9", 300)), "");          // é: 600 bytes
    EXPECT_EQ(chat_problem(repeat("\xf0\x9f\x98\x80", 300)), "");  // emoji: 1200 bytes
    EXPECT_NE(chat_problem(repeat("a", 301)), "");
    EXPECT_NE(chat_problem(repeat("\xc3\xa9", 301)).find("300"), std::string::npos);
    for (const std::string& bad :
         {std::string(), std::string("   "), std::string("a\nb"), std::string("a\tb"),
          std::string("\x7f"),
          std::string("evil\xe2\x80\xae"
                      "txt"),  // right-to-left override
          std::string("a\xe2\x80\x8b"
                      "b"),              // zero-width space
          std::string("\xe2\x81\xa6x"),  // left-to-right isolate
          std::string("\xef\xbb\xbfx"),  // byte-order mark
          std::string("\xff"), std::string("\xc3"), std::string("\xed\xa0\x80")})
        EXPECT_NE(chat_problem(bad), "")
            << json(bad).dump(-1, ' ', false, json::error_handler_t::replace);
}

// Issue 27, finding 9: a line of invisible characters only, or a base character under 299
// stacked combining marks, was accepted.
TEST(TableChat, InvisibleLinesAndStackedMarksAreRefused) {
    EXPECT_NE(chat_problem(repeat("\xe3\x85\xa4", 3)), "");      // Hangul fillers
    EXPECT_NE(chat_problem("\xe1\xa0\x8e\xe3\x85\xa4"), "");     // Mongolian separator
    EXPECT_NE(chat_problem("a" + repeat("\xcc\x81", 299)), "");  // 299 acute accents
    EXPECT_NE(chat_problem("a" + repeat("\xcc\x81", 5)).find("combining"), std::string::npos);
    // Diacritics as real writing uses them stay: Vietnamese stacks two, Polish and
    // Turkish letters arrive composed or decomposed.
    EXPECT_EQ(chat_problem("Vi\xe1\xbb\x87t"), "");
    EXPECT_EQ(chat_problem("e\xcc\x82\xcc\xa3 ok"), "");
    EXPECT_EQ(chat_problem("\xc5\x81\xc3\xb3"
                           "d\xc5\xba \xc3\x87"
                           "a\xc4\x9fr\xc4\xb1"),
              "");
}

TEST(TableChat, ThrottleAllowsFiveLinesInTenSeconds) {
    ChatThrottle t;
    for (int i = 0; i < 5; ++i) EXPECT_TRUE(t.allow(7, "10.0.0.1", 1000 + i));
    EXPECT_FALSE(t.allow(7, "10.0.0.1", 1005));
    EXPECT_FALSE(t.allow(7, "10.0.0.2", 10'999));  // the first line was sent at 1000
    EXPECT_TRUE(t.allow(7, "10.0.0.1", 11'000));
    EXPECT_FALSE(t.allow(7, "10.0.0.1", 11'000));  // the second was at 1001
    EXPECT_TRUE(t.allow(7, "10.0.0.1", 11'001));
}

// Issue 27, finding 8: the allowance is the player's and the address's at the table, not
// the connection's: sockets of one address without a session share ChatAddressBurst lines,
// and another player at another address still speaks.
TEST(TableChat, ThrottleHoldsPerAddressAndPerPlayerNotPerConnection) {
    ChatThrottle t;
    size_t allowed = 0;
    for (int socket = 0; socket < 100; ++socket) allowed += t.allow(0, "10.6.6.6", 1000 + socket);
    EXPECT_EQ(allowed, ChatBurst);
    // Ten players behind that address share what is left of its allowance.
    allowed = 0;
    for (int player = 41; player < 51; ++player)
        for (int line = 0; line < 3; ++line) allowed += t.allow(player, "10.6.6.6", 1200 + line);
    EXPECT_EQ(allowed, ChatAddressBurst - ChatBurst);
    EXPECT_TRUE(t.allow(42, "10.0.0.2", 1300));
}

TEST(TableChat, LogKeepsTheLastHundredLines) {
    ChatLog log;
    for (int i = 0; i < 105; ++i) log.append({0, i, -1, "s", "line " + std::to_string(i)});
    ASSERT_EQ(log.lines().size(), ChatKept);
    EXPECT_EQ(log.lines().front().seq, 6);
    EXPECT_EQ(log.lines().front().text, "line 5");
    EXPECT_EQ(log.lines().back().seq, 105);
    log.forget(50);
    EXPECT_EQ(log.lines().size(), ChatKept - 1);
    // The store forgets the same lines.
    const TempDb db("chat_store");
    SqliteStorage store(db.path);
    store.begin();
    for (int i = 1; i <= 105; ++i) store.add_chat("t1", {i, i * 10, i % 2 ? 0 : -1, "s", "x"});
    store.add_chat("t2", {1, 5, 1, "Bob", "other table"});
    store.commit();
    const auto lines = store.chat_lines("t1");
    ASSERT_EQ(lines.size(), ChatKept);
    EXPECT_EQ(lines.front().seq, 6);
    EXPECT_EQ(lines.back().seq, 105);
    EXPECT_EQ(lines.back().seat, 0);
    EXPECT_EQ(lines.back().time, 1050);
    EXPECT_EQ(store.chat_lines("t2").size(), 1u);
    EXPECT_TRUE(store.chat_lines("none").empty());
}

TEST(TableChat, PlayersAndSpectatorsReachEveryone) {
    const TempDb db("chat_all");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    // A new connection gets the (empty) log after its state.
    ASSERT_EQ(p.spectator.count("chat_log"), 1u);
    EXPECT_EQ(p.spectator.of_type("chat_log")[0]["messages"], json::array());

    h.send(p.a, {{"type", "chat"}, {"text", "gg \xc3\xa9"}}, "chat");
    ASSERT_TRUE(h.run_until([&] { return p.b.count("chat") == 1 && p.spectator.count("chat"); }));
    for (FakeSubscriber* s : {&p.a, &p.b, &p.spectator}) {
        const json m = s->of_type("chat").back();
        EXPECT_EQ(m["from"], "Ada");
        EXPECT_EQ(m["seat"], 0);
        EXPECT_EQ(m["text"], "gg \xc3\xa9");
        EXPECT_GT(m["time"].get<int64_t>(), 1'600'000'000'000);
    }
    h.send(p.spectator, {{"type", "chat"}, {"text", "nice move"}}, "chat");
    ASSERT_TRUE(h.run_until([&] { return p.a.count("chat") == 2 && p.b.count("chat") == 2; }));
    EXPECT_TRUE(p.a.of_type("chat").back()["seat"].is_null());
    EXPECT_EQ(p.a.of_type("chat").back()["from"], "spectator");
    // Chat is not a change of the game: no state was sent for it.
    EXPECT_EQ(p.a.table()["ply"], 0);
    p.leave(h);
}

TEST(TableChat, BadLinesAreRefusedAndNothingIsSentOrKept) {
    const TempDb db("chat_bad");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    const std::vector<json> bad = {
        {{"type", "chat"}},
        {{"type", "chat"}, {"text", 5}},
        {{"type", "chat"}, {"text", nullptr}},
        {{"type", "chat"}, {"text", ""}},
        {{"type", "chat"}, {"text", "   "}},
        {{"type", "chat"}, {"text", repeat("x", 301)}},
        {{"type", "chat"}, {"text", "two\nlines"}},
        {{"type", "chat"},
         {"text",
          "a\xe2\x80\xae"
          "b"}},
        {{"type", "chat"},
         {"text",
          "a\xe2\x80\x8d"
          "b"}},
    };
    for (const json& m : bad) EXPECT_EQ(h.refused(p.a, m), "bad_request") << m.dump();
    // Invalid UTF-8 does not even parse as JSON.
    const size_t errors = p.a.count("error");
    h.hub->on_message(p.a, "{\"type\":\"chat\",\"text\":\"\xff\"}");
    EXPECT_EQ(p.a.count("error"), errors + 1);
    EXPECT_EQ(p.a.of_type("error").back()["code"], "bad_json");
    h.settle();
    EXPECT_EQ(p.b.count("chat"), 0u);
    EXPECT_EQ(p.spectator.count("chat"), 0u);
    // The refused lines did not use up the allowance: five good ones still go through.
    for (int i = 0; i < 5; ++i)
        h.send(p.a, {{"type", "chat"}, {"text", "ok " + std::to_string(i)}}, "chat");
    FakeSubscriber late;
    h.subscribe(late, p.id);
    ASSERT_TRUE(h.run_until([&] { return late.count("chat_log") == 1; }));
    EXPECT_EQ(late.of_type("chat_log")[0]["messages"].size(), 5u);
    h.hub->unsubscribe(late);
    p.leave(h);
}

TEST(TableChat, RateLimitedPerPlayer) {
    const TempDb db("chat_rate");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    p.a.identity = {1, "Ada", false};
    p.b.identity = {2, "Bob", false};
    for (int i = 0; i < 5; ++i) h.send(p.b, {{"type", "chat"}, {"text", "hi"}}, "chat");
    EXPECT_EQ(h.refused(p.b, {{"type", "chat"}, {"text", "one more"}}), "rate_limited");
    EXPECT_NE(p.b.of_type("error").back()["message"].get<std::string>().find("10 s"),
              std::string::npos);
    h.settle();
    EXPECT_EQ(p.a.count("chat"), 5u);
    // Another player has their own allowance.
    h.send(p.a, {{"type", "chat"}, {"text", "my turn"}}, "chat");
    p.leave(h);
}

// Issue 27, finding 8: a hundred spectator sockets of one address sent 500 lines and pushed
// every earlier line out of the log. Now they share one address's allowance, and the
// players' lines stay.
TEST(TableChat, ManySocketsOfOneAddressShareOneAllowance) {
    const TempDb db("chat_flood");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    h.send(p.a, {{"type", "chat"}, {"text", "good luck"}}, "chat");
    std::vector<std::unique_ptr<FakeSubscriber>> flood;
    for (int i = 0; i < 100; ++i) {
        flood.push_back(std::make_unique<FakeSubscriber>());
        flood.back()->address = "10.6.6.6";
        h.subscribe(*flood.back(), p.id);
    }
    for (int round = 0; round < 5; ++round)
        for (auto& s : flood)
            h.hub->on_message(*s, json{{"type", "chat"}, {"text", "spam"}}.dump());
    h.settle();
    EXPECT_EQ(p.spectator.count("chat"), 1 + ChatBurst);
    h.send(p.b, {{"type", "chat"}, {"text", "thanks"}}, "chat");
    for (auto& s : flood) h.hub->unsubscribe(*s);
    p.leave(h);
    // The first line is still in the log a newcomer gets.
    FakeSubscriber late;
    h.subscribe(late, p.id);
    const json log = late.of_type("chat_log").at(0)["messages"];
    EXPECT_EQ(log.front()["text"], "good luck");
    h.hub->unsubscribe(late);
}

TEST(TableChat, FailedWriteTellsTheSenderAndKeepsTheTable) {
    const TempDb db("chat_fail");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    h.faulty.fail_next_writes(2);  // the write fails in its batch and again alone
    EXPECT_EQ(h.refused(p.a, {{"type", "chat"}, {"text", "lost"}}), "unavailable");
    h.settle();
    EXPECT_EQ(p.b.count("chat"), 0u);
    EXPECT_FALSE(p.a.closed);
    // The table goes on: a move and a chat line after it work.
    play_first_legal(h, p);
    h.send(p.a, {{"type", "chat"}, {"text", "kept"}}, "chat");
    EXPECT_EQ(p.a.of_type("chat").back()["text"], "kept");
    FakeSubscriber late;
    h.subscribe(late, p.id);
    ASSERT_TRUE(h.run_until([&] { return late.count("chat_log") == 1; }));
    const json log = late.of_type("chat_log")[0]["messages"];
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0]["text"], "kept");
    h.hub->unsubscribe(late);
    p.leave(h);
}

TEST(TableChat, LogSurvivesARestart) {
    const TempDb db("chat_restart");
    std::string id;
    {
        Hub h(db.path, quick_options());
        TwoPlayers p(h);
        id = p.id;
        h.send(p.a, {{"type", "chat"}, {"text", "first"}}, "chat");
        h.send(p.spectator, {{"type", "chat"}, {"text", "second"}}, "chat");
        h.send(p.b, {{"type", "chat"}, {"text", "third \xf0\x9f\x98\x80"}}, "chat");
        p.leave(h);
    }
    Hub h(db.path, quick_options());
    FakeSubscriber late;
    h.subscribe(late, id);
    ASSERT_TRUE(h.run_until([&] { return late.count("chat_log") == 1; }));
    const json log = late.of_type("chat_log")[0]["messages"];
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(log[0]["text"], "first");
    EXPECT_EQ(log[0]["from"], "Ada");
    EXPECT_EQ(log[1]["seat"], nullptr);
    EXPECT_EQ(log[2]["text"], "third \xf0\x9f\x98\x80");
    EXPECT_EQ(log[2]["seat"], 1);
    // Numbering goes on after the restart.
    const int64_t last = log[2]["seq"];
    h.send(late, {{"type", "chat"}, {"text", "fourth"}}, "chat");
    EXPECT_EQ(late.of_type("chat").back()["seq"], last + 1);
    h.hub->unsubscribe(late);
}

TEST(TableChat, SpectatorsHiddenFromPlayersOnlyWhenAsked) {
    // The hub hides spectators' lines from players in a rated game that is not over; the
    // log written for a player then leaves them out.
    std::deque<ChatLine> lines = {{1, 0, 0, "Ada", "hi"}, {2, 0, -1, "Eve", "psst"}};
    const json all = json::parse(chat_log_text(lines, true));
    const json players = json::parse(chat_log_text(lines, false));
    EXPECT_EQ(all["messages"].size(), 2u);
    ASSERT_EQ(players["messages"].size(), 1u);
    EXPECT_EQ(players["messages"][0]["from"], "Ada");
    EXPECT_EQ(players["type"], "chat_log");
}

}  // namespace
}  // namespace reversi::server
