// SPDX-License-Identifier: MIT
// Rated games through the hub, without sockets: the end of a rated game changes the cached
// ratings only if its commit lands. When the store refuses the commit of the end, the game
// is still running in the store, so the rating cache must not show it as played either;
// finishing the game again then rates it once.
#include <gtest/gtest.h>

#include "cheap_hashing.h"
#include "hub_fixture.h"
#include "server/accounts/accounts.h"

namespace reversi::server {
namespace {

using namespace hub_testing;

const Identity Ada{7, "Ada", false};
const Identity Bob{9, "Bob", false};

// A rated 8x8 table with Ada in seat 0 and Bob in seat 1, created through the hub.
std::string rated_table(Hub& h) {
    const Reply made = h.call(
        [&](Respond f) { h.hub->create_table(R"({"seat":0,"rated":true})", f, "10.0.0.1", Ada); });
    EXPECT_EQ(made.status, 200) << made.body;
    const std::string id = json::parse(made.body)["table"];
    const Reply joined = h.call([&](Respond f) { h.hub->join_table(id, R"({"seat":1})", f, Bob); });
    EXPECT_EQ(joined.status, 200) << joined.body;
    return id;
}

// Ada and Bob each make a move, so that the game counts for the ratings (issue 27).
void both_move(Hub& h, FakeSubscriber& ada, FakeSubscriber& bob) {
    h.send(ada, {{"type", "move"}, {"square", "d3"}});
    ASSERT_TRUE(h.run_until([&] { return bob.table()["ply"] == 1; }));
    h.send(bob, {{"type", "move"}, {"square", "c3"}});
    ASSERT_TRUE(h.run_until([&] { return ada.table()["ply"] == 2; }));
}

TEST(RatingsHub, AFailedCommitOfARatedEndLeavesTheCachedRatingsAsTheStoreHasThem) {
    TempDb db("rated_end_fails");
    Hub h(db.path, quick_options());
    Accounts accounts(h.ioc, h.queue, cheap_hashing());
    h.hub->set_accounts(&accounts);
    const std::string id = rated_table(h);
    {
        FakeSubscriber ada, bob;
        ada.identity = Ada;
        bob.identity = Bob;
        h.subscribe(ada, id);
        h.subscribe(bob, id);
        ASSERT_EQ(ada.table()["rated"], true);
        both_move(h, ada, bob);
        // The batch and then the write alone: both attempts of the end fail.
        h.faulty.fail_next_commits(2);
        h.hub->on_message(ada, json{{"type", "resign"}}.dump());
        ASSERT_TRUE(h.run_until([&] { return ada.closed; }));
        EXPECT_EQ(ada.of_type("error").back()["code"], "unavailable");
        h.hub->unsubscribe(ada);
        h.hub->unsubscribe(bob);
    }
    for (const Identity& who : {Ada, Bob}) {
        const StoredRating r = accounts.rating(who.player, "8x8");
        EXPECT_EQ(r.games, 0) << who.name;
        EXPECT_DOUBLE_EQ(r.rating, 1500) << who.name;
    }
    EXPECT_FALSE(accounts.me_json(Ada)["ratings"].contains("8x8"));

    // The store still holds the running game: resigning it again rates it, once.
    FakeSubscriber ada;
    ada.identity = Ada;
    h.subscribe(ada, id);
    ASSERT_EQ(ada.table()["status"], "playing");
    h.hub->on_message(ada, json{{"type", "resign"}}.dump());
    ASSERT_TRUE(h.run_until([&] { return ada.table()["status"] == "finished"; }));
    EXPECT_EQ(ada.table()["result"]["ratings"].size(), 2u);
    const StoredRating ada_after = accounts.rating(Ada.player, "8x8");
    const StoredRating bob_after = accounts.rating(Bob.player, "8x8");
    EXPECT_EQ(ada_after.games, 1);
    EXPECT_EQ(bob_after.games, 1);
    EXPECT_LT(ada_after.rating, 1500);
    EXPECT_GT(bob_after.rating, 1500);
    // The cache and the store agree.
    const auto stored = h.sqlite.ratings();
    ASSERT_EQ(stored.size(), 2u);
    for (const StoredRating& r : stored)
        EXPECT_DOUBLE_EQ(r.rating, accounts.rating(r.player, r.pool).rating);
    h.hub->unsubscribe(ada);
    h.hub->set_accounts(nullptr);
}

// Issue 26, defect 2: the rematch of a rated game showed both players at 1500 (their
// ratings before the first game), in the page and in the API.
TEST(RatingsHub, TheRematchOfARatedGameCarriesTheRatingsAfterIt) {
    TempDb db("rated_rematch");
    Hub h(db.path, quick_options());
    Accounts accounts(h.ioc, h.queue, cheap_hashing());
    h.hub->set_accounts(&accounts);
    const std::string id = rated_table(h);
    FakeSubscriber ada, bob;
    ada.identity = Ada;
    bob.identity = Bob;
    h.subscribe(ada, id);
    h.subscribe(bob, id);
    both_move(h, ada, bob);
    h.send(ada, {{"type", "resign"}});
    ASSERT_TRUE(h.run_until([&] { return bob.table()["status"] == "finished"; }));
    h.send(ada, {{"type", "offer"}, {"kind", "rematch"}});
    h.send(bob, {{"type", "answer"}, {"kind", "rematch"}, {"accept", true}}, "rematch");
    const std::string next = bob.of_type("rematch").at(0)["table"];
    const int ada_now = static_cast<int>(accounts.rating(Ada.player, "8x8").rating + 0.5);
    const int bob_now = static_cast<int>(accounts.rating(Bob.player, "8x8").rating + 0.5);
    ASSERT_LT(ada_now, 1500);
    ASSERT_GT(bob_now, 1500);
    const Reply r = h.call([&](Respond f) { h.hub->get_table(next, f); });
    const json t = json::parse(r.body);
    EXPECT_EQ(t["rated"], true);
    // Seats rotated: Ada plays White now.
    EXPECT_EQ(t["seats"][1]["name"], "Ada");
    EXPECT_EQ(t["seats"][1]["rating"], ada_now) << t["seats"].dump();
    EXPECT_EQ(t["seats"][0]["rating"], bob_now) << t["seats"].dump();
    FakeSubscriber ada2;
    ada2.identity = Ada;
    h.subscribe(ada2, next);
    EXPECT_EQ(ada2.table()["seats"][1]["rating"], ada_now);
    for (FakeSubscriber* s : {&ada, &bob, &ada2}) h.hub->unsubscribe(*s);
    h.hub->set_accounts(nullptr);
}

// Issue 26, defect 3: a rating is shown only where one exists: a seat of a rated table.
// A guest against the computer, a casual game (even of a pool, even between registered
// players) and a computer seat carry "rating": null.
TEST(RatingsHub, OnlyRatedTablesCarryRatings) {
    TempDb db("no_rating");
    Hub h(db.path, quick_options());
    Accounts accounts(h.ioc, h.queue, cheap_hashing());
    h.hub->set_accounts(&accounts);
    const Identity guest{11, "Guest-6536", true};
    const Reply vs_computer = h.call([&](Respond f) {
        h.hub->create_table(
            R"({"seat":0,"seats":[{"type":"human"},{"type":"computer","level":1}]})", f, "10.0.0.1",
            guest);
    });
    ASSERT_EQ(vs_computer.status, 200) << vs_computer.body;
    const json t1 = json::parse(vs_computer.body)["table_state"];
    EXPECT_EQ(t1["seats"][0]["name"], "Guest-6536");
    EXPECT_TRUE(t1["seats"][0]["rating"].is_null()) << t1["seats"].dump();
    EXPECT_FALSE(t1["seats"][1].contains("rating") && !t1["seats"][1]["rating"].is_null());

    const Reply casual =
        h.call([&](Respond f) { h.hub->create_table(R"({"seat":0})", f, "10.0.0.1", Ada); });
    ASSERT_EQ(casual.status, 200) << casual.body;
    const std::string id = json::parse(casual.body)["table"];
    const Reply joined =
        h.call([&](Respond f) { h.hub->join_table(id, R"({"seat":1})", f, guest); });
    ASSERT_EQ(joined.status, 200) << joined.body;
    const json t2 = json::parse(h.call([&](Respond f) { h.hub->get_table(id, f); }).body);
    EXPECT_EQ(t2["rated"], false);
    EXPECT_TRUE(t2["seats"][0]["rating"].is_null()) << t2["seats"].dump();
    EXPECT_TRUE(t2["seats"][1]["rating"].is_null()) << t2["seats"].dump();

    const std::string rated = rated_table(h);
    const json t3 = json::parse(h.call([&](Respond f) { h.hub->get_table(rated, f); }).body);
    EXPECT_EQ(t3["seats"][0]["rating"], 1500);
    EXPECT_EQ(t3["seats"][1]["rating"], 1500);
    h.hub->set_accounts(nullptr);
}

// Issue 26, defect 12: what spectators said during a rated game (hidden from the players
// meanwhile) reaches the players when the game ends, without a reload: the players get the
// whole log again.
TEST(RatingsHub, SpectatorChatOfARatedGameReachesThePlayersAtTheEnd) {
    TempDb db("rated_chat");
    Hub h(db.path, quick_options());
    Accounts accounts(h.ioc, h.queue, cheap_hashing());
    h.hub->set_accounts(&accounts);
    const std::string id = rated_table(h);
    FakeSubscriber ada, bob, eve;
    ada.identity = Ada;
    bob.identity = Bob;
    eve.identity = {12, "Eve", false};
    h.subscribe(ada, id);
    h.subscribe(bob, id);
    h.subscribe(eve, id);
    h.send(eve, {{"type", "chat"}, {"text", "psst"}}, "chat");
    h.send(ada, {{"type", "chat"}, {"text", "hi"}}, "chat");
    h.settle();
    EXPECT_EQ(bob.count("chat"), 1u) << "only Ada's line during the game";
    const size_t logs = bob.count("chat_log");
    h.send(ada, {{"type", "resign"}});
    ASSERT_TRUE(h.run_until([&] { return bob.count("chat_log") > logs; }));
    const json log = bob.of_type("chat_log").back()["messages"];
    ASSERT_EQ(log.size(), 2u) << log.dump();
    EXPECT_EQ(log[0]["text"], "psst");
    EXPECT_TRUE(log[0]["seat"].is_null());
    EXPECT_EQ(log[1]["text"], "hi");
    EXPECT_TRUE(h.run_until([&] { return ada.count("chat_log") > logs; }));
    h.settle();
    EXPECT_EQ(eve.count("chat_log"), 1u) << "the spectator saw it all along";
    for (FakeSubscriber* s : {&ada, &bob, &eve}) h.hub->unsubscribe(*s);
    h.hub->set_accounts(nullptr);
}

}  // namespace
}  // namespace reversi::server
