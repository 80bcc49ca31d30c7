// SPDX-License-Identifier: MIT
// The lobby without a network: fake sockets that record what they are sent, a clock the
// test moves, and a table maker that records each pairing and answers when the test says.
// Covers seeks, accepting, quick pairing, challenges, expiry, presence, the running games
// list, the limits, and bad messages (each gets one error and changes nothing).
#include "server/lobby/lobby.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "fake_lobby_client.h"

namespace reversi::server {
namespace {

using FakeClient = testing_lobby::FakeLobbyClient;
using testing_lobby::PendingTable;

class LobbyTest : public ::testing::Test {
  protected:
    LobbyTest() : lobby(services(), LobbyLimits{}) {}

    LobbyServices services() {
        LobbyServices s;
        s.now = [this] { return now; };
        s.wall_now = [this] { return 1'700'000'000'000 + now; };
        s.random = [this] { return random_value++; };
        s.rating = [this](const Identity& id, const std::string&) {
            const auto it = ratings.find(id.player);
            return LobbyRating{it == ratings.end() ? 1500.0 : it->second, false};
        };
        s.create_table = [this](PairingOrder order, PairingDone done) {
            pending.push_back({std::move(order), std::move(done)});
        };
        s.account = [this](const std::string& name) -> std::optional<Identity> {
            for (const Identity& a : accounts)
                if (a.name == name) return a;
            return std::nullopt;
        };
        return s;
    }
    // Completes the oldest pending table with tokens "tok-<seat>".
    void make_table(const std::string& id = "tbl00001") {
        ASSERT_FALSE(pending.empty());
        PendingTable p = std::move(pending.front());
        pending.erase(pending.begin());
        PairingOutcome out;
        out.table = id;
        for (size_t i = 0; i < p.order.seats.size(); ++i)
            out.tokens.push_back("tok-" + std::to_string(i));
        p.done(out);
    }
    void send(FakeClient& c, const json& msg) { lobby.on_message(c, msg.dump()); }
    static void send_to(Lobby& l, FakeClient& c, const json& msg) { l.on_message(c, msg.dump()); }
    json seek_msg(bool rated = false, const std::string& seat = "black") {
        return {{"type", "seek"},
                {"setup", {{"board", "8"}}},
                {"clock", {{"mode", "game"}, {"seconds", 180}, {"increment", 2}}},
                {"rated", rated},
                {"seat", seat}};
    }
    // A challenge to `to` with the seek's setup and clock.
    json challenge_msg(const std::string& to) {
        json msg = seek_msg();
        msg["type"] = "challenge";
        msg["to"] = to;
        return msg;
    }
    std::string only_seek_id() const {
        EXPECT_EQ(lobby.seek_count(), 1u);
        return ada.of("seek_added").back()["seek"]["id"];
    }

    int64_t now = 1000;
    uint64_t random_value = 0;
    std::map<int64_t, double> ratings;
    std::vector<PendingTable> pending;
    std::vector<Identity> accounts = {{2, "Bob", false}, {3, "Guest-1234", true}};
    Lobby lobby;
    FakeClient ada{1, "Ada"}, bob{2, "Bob"}, cid{3, "Guest-1234", true};
};

TEST_F(LobbyTest, ConnectSendsSeeksOnlineAndMe) {
    lobby.connect(ada);
    send(ada, seek_msg());
    lobby.connect(bob);
    const json first = bob.got.at(0);
    EXPECT_EQ(first["type"], "lobby");
    ASSERT_EQ(first["seeks"].size(), 1u);
    EXPECT_EQ(first["seeks"][0]["player"], "Ada");
    EXPECT_EQ(first["online"], 2);
    EXPECT_EQ(first["me"]["name"], "Bob");
    EXPECT_EQ(first["me"]["id"], 2);
    EXPECT_EQ(lobby.online(), 2u);
}

TEST_F(LobbyTest, SeekIsBroadcastAndAcceptPairsBothSides) {
    lobby.connect(ada);
    lobby.connect(bob);
    ratings[1] = 1612;
    send(ada, seek_msg(true, "black"));
    ASSERT_EQ(bob.of("seek_added").size(), 1u);
    const json seek = bob.of("seek_added")[0]["seek"];
    EXPECT_EQ(seek["rating"], 1612);
    EXPECT_EQ(seek["pool"], "8x8");
    EXPECT_EQ(seek["rated"], true);
    EXPECT_EQ(seek["seat"], "black");
    EXPECT_EQ(seek["clock"]["seconds"], 180);
    send(bob, {{"type", "accept"}, {"id", seek["id"]}});
    ASSERT_EQ(pending.size(), 1u);
    EXPECT_EQ(lobby.seek_count(), 0u) << "an accepted seek is taken at once";
    EXPECT_EQ(ada.of("seek_removed").size(), 1u);
    const PairingOrder& order = pending[0].order;
    ASSERT_EQ(order.seats.size(), 2u);
    EXPECT_EQ(order.seats[0].player, 1) << "the seeker asked for Black";
    EXPECT_EQ(order.seats[1].player, 2);
    EXPECT_TRUE(order.rated);
    EXPECT_EQ(order.clock.increment, 2);
    make_table("k3x9q2ab");
    ASSERT_EQ(ada.of("paired").size(), 1u);
    ASSERT_EQ(bob.of("paired").size(), 1u);
    EXPECT_EQ(ada.of("paired")[0]["seat"], 0);
    EXPECT_EQ(ada.of("paired")[0]["token"], "tok-0");
    EXPECT_EQ(bob.of("paired")[0]["seat"], 1);
    EXPECT_EQ(bob.of("paired")[0]["token"], "tok-1");
    EXPECT_EQ(bob.of("paired")[0]["table"], "k3x9q2ab");
}

TEST_F(LobbyTest, WhiteSeekPutsTheAcceptorOnBlack) {
    lobby.connect(ada);
    lobby.connect(bob);
    send(ada, seek_msg(false, "white"));
    send(bob, {{"type", "accept"}, {"id", only_seek_id()}});
    ASSERT_EQ(pending.size(), 1u);
    EXPECT_EQ(pending[0].order.seats[0].player, 2);
    EXPECT_EQ(pending[0].order.seats[1].player, 1);
}

TEST_F(LobbyTest, AcceptRefusals) {
    lobby.connect(ada);
    lobby.connect(cid);
    send(ada, seek_msg(true));
    const std::string id = only_seek_id();
    send(ada, {{"type", "accept"}, {"id", id}});
    EXPECT_EQ(ada.last()["code"], "not_allowed") << "one's own seek";
    send(cid, {{"type", "accept"}, {"id", id}});
    EXPECT_EQ(cid.last()["code"], "bad_request") << "a guest and a rated seek";
    send(cid, {{"type", "accept"}, {"id", "s999"}});
    EXPECT_EQ(cid.last()["code"], "not_found");
    EXPECT_EQ(lobby.seek_count(), 1u);
    EXPECT_TRUE(pending.empty());
}

TEST_F(LobbyTest, RatedSeeksNeedAPoolAndARegisteredPlayer) {
    lobby.connect(ada);
    lobby.connect(cid);
    send(cid, seek_msg(true));
    EXPECT_EQ(cid.last()["code"], "bad_request");
    json blocked = seek_msg(true);
    blocked["setup"]["blocked"] = {"c3", "f6"};
    send(ada, blocked);
    EXPECT_EQ(ada.last()["code"], "bad_request");
    blocked["rated"] = false;  // casual is fine, outside the pools
    send(ada, blocked);
    EXPECT_EQ(ada.last()["type"], "seek_added");
    EXPECT_TRUE(ada.last()["seek"]["pool"].is_null());
    EXPECT_EQ(lobby.seek_count(), 1u);
}

TEST_F(LobbyTest, SeekLimitsPerPlayerAndPool) {
    lobby.connect(ada);
    lobby.connect(bob);
    send(ada, seek_msg(true));
    send(ada, seek_msg(true));
    EXPECT_EQ(ada.last()["code"], "not_allowed") << "one open seek per pool";
    json six = seek_msg(false);
    six["setup"]["board"] = "6";
    send(ada, six);
    json ten = seek_msg(false);
    ten["setup"]["board"] = "10";
    send(ada, ten);
    EXPECT_EQ(lobby.seek_count(), 3u);
    json octagon = seek_msg(false);
    octagon["setup"]["board"] = "octagon";
    const size_t bob_before = bob.got.size();
    send(ada, octagon);
    EXPECT_EQ(ada.last()["code"], "not_allowed") << "at most three";
    EXPECT_EQ(lobby.seek_count(), 3u);
    EXPECT_EQ(bob.got.size(), bob_before) << "a refused seek is not broadcast";
}

TEST_F(LobbyTest, CancelSeekOnlyByItsPlayer) {
    lobby.connect(ada);
    lobby.connect(bob);
    send(ada, seek_msg());
    const std::string id = only_seek_id();
    send(bob, {{"type", "cancel_seek"}, {"id", id}});
    EXPECT_EQ(bob.last()["code"], "not_your_seat");
    EXPECT_EQ(lobby.seek_count(), 1u);
    send(ada, {{"type", "cancel_seek"}, {"id", id}});
    EXPECT_EQ(lobby.seek_count(), 0u);
    EXPECT_EQ(bob.last()["type"], "seek_removed");
    EXPECT_EQ(bob.last()["id"], id);
}

TEST_F(LobbyTest, SeeksExpireAfterThirtyMinutes) {
    lobby.connect(ada);
    send(ada, seek_msg());
    now += 30 * 60 * 1000 - 1;
    lobby.tick();
    EXPECT_EQ(lobby.seek_count(), 1u);
    now += 1;
    lobby.tick();
    EXPECT_EQ(lobby.seek_count(), 0u);
    EXPECT_EQ(ada.last()["type"], "seek_removed");
}

TEST_F(LobbyTest, SeeksVanishWhenAllTheirPlayersSocketsClose) {
    FakeClient ada_tab2{1, "Ada"};
    lobby.connect(ada);
    lobby.connect(ada_tab2);
    lobby.connect(bob);
    send(ada, seek_msg());
    lobby.disconnect(ada);
    EXPECT_EQ(lobby.seek_count(), 1u) << "another tab is still open";
    lobby.table_presence(ada.identity, +1);
    lobby.disconnect(ada_tab2);
    EXPECT_EQ(lobby.seek_count(), 1u) << "a table socket is still open";
    EXPECT_EQ(lobby.online(), 2u);
    lobby.table_presence(ada.identity, -1);
    EXPECT_EQ(lobby.seek_count(), 0u);
    EXPECT_EQ(bob.last()["type"], "seek_removed");
    EXPECT_EQ(lobby.online(), 1u);
}

TEST_F(LobbyTest, AFailedPairingOpensTheSeekAgain) {
    lobby.connect(ada);
    lobby.connect(bob);
    send(ada, seek_msg());
    const std::string id = only_seek_id();
    send(bob, {{"type", "accept"}, {"id", id}});
    ASSERT_EQ(pending.size(), 1u);
    PairingOutcome failed;
    failed.error = ApiError(ErrorCode::Unavailable, "the table could not be saved");
    pending[0].done(failed);
    EXPECT_EQ(lobby.seek_count(), 1u);
    EXPECT_EQ(bob.of("error").back()["code"], "unavailable");
    EXPECT_TRUE(ada.of("paired").empty());
    EXPECT_EQ(ada.last()["type"], "seek_added");
    EXPECT_EQ(ada.last()["seek"]["id"], id);
}

TEST_F(LobbyTest, BadMessagesGetOneErrorAndChangeNothing) {
    lobby.connect(ada);
    lobby.connect(bob);
    send(ada, seek_msg());
    const size_t bob_before = bob.got.size();
    const std::vector<std::string> bad = {
        "not json",
        "[1,2]",
        R"({"no":"type"})",
        R"({"type":"fly"})",
        R"({"type":42})",
        R"({"type":"seek","setup":{"board":"9"}})",
        R"({"type":"seek","setup":{"board":"8","players":3}})",
        R"({"type":"seek","setup":{"board":"8","handicap":9}})",
        R"({"type":"seek","clock":{"mode":"game","seconds":-5}})",
        R"({"type":"seek","seat":"purple"})",
        R"({"type":"seek","rated":"yes"})",
        R"({"type":"accept"})",
        R"({"type":"accept","id":12})",
        R"({"type":"accept","id":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})",
        R"({"type":"cancel_seek","id":"s77"})",
        R"({"type":"quick","pool":"9x9","preset":"3+2"})",
        R"({"type":"quick","pool":"8x8","preset":"2+1"})",
        R"({"type":"quick_cancel"})",
        R"({"type":"challenge","to":"Nobody"})",
        R"({"type":"challenge","to":""})",
        R"({"type":"challenge_reply","id":"c1","accept":"yes"})",
        R"({"type":"challenge_reply","id":"c1","accept":true})",
        R"({"type":"challenge_cancel","id":"c1"})",
        std::string(5000, ' '),
    };
    for (const std::string& text : bad) {
        const size_t before = ada.got.size();
        now += 1000;  // stay within the message rate
        lobby.on_message(ada, text);
        ASSERT_EQ(ada.got.size(), before + 1) << text;
        EXPECT_EQ(ada.last()["type"], "error") << text;
        EXPECT_FALSE(ada.last()["code"].get<std::string>().empty()) << text;
    }
    EXPECT_EQ(lobby.seek_count(), 1u);
    EXPECT_EQ(lobby.quick_count(), 0u);
    EXPECT_EQ(lobby.challenge_count(), 0u);
    EXPECT_TRUE(pending.empty());
    EXPECT_EQ(bob.got.size(), bob_before) << "nobody else heard of them";
}

TEST_F(LobbyTest, MessagesAreRateLimitedPerSocket) {
    lobby.connect(ada);
    for (int i = 0; i < 20; ++i) send(ada, {{"type", "ping"}});
    EXPECT_EQ(ada.of("pong").size(), 20u);
    send(ada, {{"type", "ping"}});
    EXPECT_EQ(ada.last()["code"], "rate_limited");
    now += 1000;  // two more a second
    send(ada, {{"type", "ping"}});
    send(ada, {{"type", "ping"}});
    send(ada, {{"type", "ping"}});
    EXPECT_EQ(ada.of("pong").size(), 22u);
}

TEST_F(LobbyTest, QuickPairingMatchesCloseRatingsAndWidens) {
    FakeClient far{4, "Far"};  // a third seeker of the same game, far off: nobody is alone
    lobby.connect(ada);
    lobby.connect(bob);
    lobby.connect(far);
    ratings[1] = 1500;
    ratings[2] = 1720;
    ratings[4] = 2600;
    send(far, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}});
    send(ada, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}});
    EXPECT_EQ(ada.last()["type"], "quick_waiting");
    EXPECT_EQ(ada.last()["window"], 100);
    send(bob, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}});
    EXPECT_TRUE(pending.empty());
    EXPECT_EQ(lobby.quick_count(), 3u);
    now += 10'000;  // windows 200: still short of 220
    lobby.tick();
    EXPECT_TRUE(pending.empty());
    EXPECT_EQ(ada.of("quick_waiting").back()["window"], 200);
    now += 5'000;
    lobby.tick();
    ASSERT_EQ(pending.size(), 1u);
    EXPECT_TRUE(pending[0].order.rated) << "registered players play rated";
    EXPECT_EQ(pending[0].order.clock.seconds, 180);
    EXPECT_EQ(lobby.quick_count(), 1u) << "the far one still waits";
    make_table();
    EXPECT_EQ(ada.of("paired").size(), 1u);
    EXPECT_EQ(bob.of("paired").size(), 1u);
}

// Issue 26, defect 17: two seekers 324 apart waited 26 s with nobody else online. Alone
// in their game they are paired after 8 s whatever the gap, and each is told how many seek
// the same game and from when any rating will do.
TEST_F(LobbyTest, QuickSeekersAloneArePairedSoonAndToldWhatHappens) {
    lobby.connect(ada);
    lobby.connect(bob);
    ratings[1] = 1500;
    ratings[2] = 1824;
    send(ada, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}});
    EXPECT_EQ(ada.last()["seeking"], 1);
    EXPECT_TRUE(ada.last()["any_rating_at"].is_null()) << "alone, nobody to pair with";
    now += 2'000;
    send(bob, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}});
    EXPECT_TRUE(pending.empty());
    EXPECT_EQ(bob.last()["type"], "quick_waiting");
    EXPECT_EQ(bob.last()["seeking"], 2);
    // Both waited 8 s at 10 s (Bob came at 2 s); the wall clock is the lobby's.
    EXPECT_EQ(bob.last()["any_rating_at"], 1'700'000'000'000 + 1000 + 10'000);
    EXPECT_EQ(ada.of("quick_waiting").back()["seeking"], 2) << "told that someone came";
    now += 5'000;
    lobby.tick();
    EXPECT_TRUE(pending.empty()) << "324 apart, windows 150 and 100";
    now += 3'000;
    lobby.tick();
    ASSERT_EQ(pending.size(), 1u) << "paired 8 s after the second came, not after 26 s";
    EXPECT_EQ(lobby.quick_count(), 0u);
}

TEST_F(LobbyTest, QuickNeverPairsAPlayerWithThemselfAndEndsWithTheSocket) {
    FakeClient ada_tab2{1, "Ada"};
    lobby.connect(ada);
    lobby.connect(ada_tab2);
    send(ada, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "1+0"}});
    send(ada_tab2, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "1+0"}});
    EXPECT_TRUE(pending.empty());
    EXPECT_EQ(lobby.quick_count(), 1u);
    lobby.disconnect(ada);
    EXPECT_EQ(lobby.quick_count(), 1u);
    lobby.table_presence(ada.identity, +1);
    lobby.disconnect(ada_tab2);
    EXPECT_EQ(lobby.quick_count(), 0u) << "no lobby socket left";
}

TEST_F(LobbyTest, QuickCancel) {
    lobby.connect(ada);
    send(ada, {{"type", "quick"}, {"pool", "6x6"}, {"preset", "untimed"}});
    send(ada, {{"type", "quick_cancel"}});
    EXPECT_EQ(ada.last()["type"], "quick_stopped");
    EXPECT_EQ(lobby.quick_count(), 0u);
}

TEST_F(LobbyTest, QuickGuestsPlayCasualAndThreePlayerPoolsFillThreeSeats) {
    FakeClient g1{11, "Guest-1", true}, g2{12, "Guest-2", true}, g3{13, "Guest-3", true};
    for (FakeClient* c : {&g1, &g2, &g3}) lobby.connect(*c);
    for (FakeClient* c : {&g1, &g2})
        send(*c, {{"type", "quick"}, {"pool", "3p"}, {"preset", "5+3"}});
    EXPECT_TRUE(pending.empty());
    // Issue 48 (18): a guest's wait is casual: no rating window is shown.
    const json waiting = g1.of("quick_waiting").back();
    EXPECT_TRUE(waiting["window"].is_null()) << waiting.dump();
    EXPECT_TRUE(waiting["any_rating_at"].is_null()) << waiting.dump();
    EXPECT_EQ(waiting["seeking"], 2);
    send(g3, {{"type", "quick"}, {"pool", "3p"}, {"preset", "5+3"}});
    ASSERT_EQ(pending.size(), 1u);
    EXPECT_FALSE(pending[0].order.rated);
    EXPECT_EQ(pending[0].order.setup.players, 3);
    ASSERT_EQ(pending[0].order.seats.size(), 3u);
    make_table();
    for (FakeClient* c : {&g1, &g2, &g3}) EXPECT_EQ(c->of("paired").size(), 1u);
}

TEST_F(LobbyTest, ChallengeAcceptedPairsBoth) {
    lobby.connect(ada);
    lobby.connect(bob);
    json msg = challenge_msg("bob");  // names ignore case
    send(ada, msg);
    ASSERT_EQ(bob.of("challenge").size(), 1u);
    const json c = bob.of("challenge")[0];
    EXPECT_EQ(c["from"], "Ada");
    EXPECT_EQ(ada.last()["type"], "challenge_sent");
    send(ada, {{"type", "challenge_reply"}, {"id", c["id"]}, {"accept", true}});
    EXPECT_EQ(ada.last()["code"], "not_your_seat") << "only Bob answers";
    send(bob, {{"type", "challenge_reply"}, {"id", c["id"]}, {"accept", true}});
    ASSERT_EQ(pending.size(), 1u);
    EXPECT_EQ(lobby.challenge_count(), 0u);
    make_table();
    EXPECT_EQ(ada.of("paired").size(), 1u);
    EXPECT_EQ(bob.of("paired").size(), 1u);
    EXPECT_NE(ada.of("paired")[0]["seat"], bob.of("paired")[0]["seat"]);
}

TEST_F(LobbyTest, AnAcceptedChallengeLeavesEverySocketOfBothPlayers) {
    // Issue 26, defect 1: the accepted challenge stayed in the bar and the badge.
    FakeClient bob2{2, "Bob"}, ada2{1, "Ada"};
    lobby.connect(ada);
    lobby.connect(ada2);
    lobby.connect(bob);
    lobby.connect(bob2);
    send(ada, challenge_msg("Bob"));
    const std::string id = bob.of("challenge").at(0)["id"];
    send(bob, {{"type", "challenge_reply"}, {"id", id}, {"accept", true}});
    for (FakeClient* c : {&ada, &ada2, &bob, &bob2}) {
        ASSERT_EQ(c->count("challenge_gone"), 1u) << c->identity.name;
        EXPECT_EQ(c->first("challenge_gone")["id"], id);
        EXPECT_EQ(c->first("challenge_gone")["reason"], "accepted");
    }
    make_table();
    // The second tab still shows it: its Accept answers why, and tells it to drop it.
    send(bob2, {{"type", "challenge_reply"}, {"id", id}, {"accept", true}});
    EXPECT_EQ(bob2.last()["type"], "error");
    EXPECT_EQ(bob2.last()["code"], "not_found");
    EXPECT_NE(bob2.last()["message"].get<std::string>().find("accepted"), std::string::npos)
        << bob2.last().dump();
    EXPECT_EQ(bob2.count("challenge_gone"), 2u);
    EXPECT_EQ(pending.size(), 0u) << "no second table";
    // Declined, cancelled and expired ones answer the same way.
    send(ada, challenge_msg("Bob"));
    const std::string second = bob.of("challenge").back()["id"];
    send(ada, {{"type", "challenge_cancel"}, {"id", second}});
    send(bob, {{"type", "challenge_reply"}, {"id", second}, {"accept", true}});
    EXPECT_EQ(bob.last()["code"], "not_found");
    EXPECT_NE(bob.last()["message"].get<std::string>().find("cancelled"), std::string::npos);
    send(bob, {{"type", "challenge_reply"}, {"id", "c999"}, {"accept", true}});
    EXPECT_EQ(bob.last()["code"], "not_found") << "never existed";
}

TEST_F(LobbyTest, AGuestWhoRegisteredIsChallengedByTheNewNameWhateverOrderItsSocketsSwap) {
    // Registering keeps the player id and changes the name; the page drops its guest socket
    // and opens one under the new name. The server may see the new socket first: the old
    // one's close still carries the guest name, which must not undo the rename.
    lobby.connect(ada);
    FakeClient guest{7, "Guest-7777", true};
    FakeClient registered{7, "Lenge"};
    lobby.connect(guest);
    lobby.connect(registered);
    lobby.disconnect(guest);
    json msg = challenge_msg("Lenge");
    send(ada, msg);
    EXPECT_EQ(ada.last()["type"], "challenge_sent") << ada.last().dump();
    ASSERT_EQ(registered.of("challenge").size(), 1u);
    msg["to"] = "Guest-7777";
    send(ada, msg);
    EXPECT_EQ(ada.last()["code"], "offline") << "the guest name is gone";
}

TEST_F(LobbyTest, ChallengeDeclinedCancelledOrExpired) {
    lobby.connect(ada);
    lobby.connect(bob);
    json msg = challenge_msg("Bob");
    send(ada, msg);
    send(bob, {{"type", "challenge_reply"}, {"id", bob.last()["id"]}, {"accept", false}});
    EXPECT_EQ(ada.last()["type"], "challenge_gone");
    EXPECT_EQ(ada.last()["reason"], "declined");
    send(ada, msg);
    send(ada, {{"type", "challenge_cancel"}, {"id", bob.last()["id"]}});
    EXPECT_EQ(bob.last()["reason"], "cancelled");
    send(ada, msg);
    now += 2 * 60 * 1000;
    lobby.tick();
    EXPECT_EQ(bob.of("challenge_gone").back()["reason"], "expired");
    EXPECT_EQ(ada.of("challenge_gone").back()["reason"], "expired");
    EXPECT_EQ(lobby.challenge_count(), 0u);
    EXPECT_TRUE(pending.empty());
}

TEST_F(LobbyTest, ChallengeRefusals) {
    lobby.connect(ada);
    lobby.connect(cid);
    json msg = challenge_msg("Ada");
    send(ada, msg);
    EXPECT_EQ(ada.last()["code"], "not_allowed") << "oneself";
    msg["to"] = "Bob";
    send(ada, msg);
    EXPECT_EQ(ada.last()["code"], "offline");
    msg["to"] = "guest-1234";
    msg["rated"] = true;
    send(ada, msg);
    EXPECT_EQ(ada.last()["code"], "bad_request") << "rated against a guest";
    EXPECT_EQ(lobby.challenge_count(), 0u);
    EXPECT_TRUE(cid.of("challenge").empty());
}

// Issue 48 (13): a correspondence challenge waits for a registered player who is away, as
// long as one of its moves may; a live one, or one to a guest, is refused as before.
TEST_F(LobbyTest, ACorrespondenceChallengeReachesAPlayerWhoIsAway) {
    lobby.connect(ada);
    json msg = challenge_msg("Bob");
    send(ada, msg);
    EXPECT_EQ(ada.last()["code"], "offline") << "a live game needs the player there";
    msg["clock"] = {{"mode", "days"}, {"days", 3}};
    send(ada, msg);
    ASSERT_EQ(ada.last()["type"], "challenge_sent") << ada.last().dump();
    EXPECT_EQ(ada.last()["to"], "Bob");
    msg["to"] = "Guest-1234";
    send(ada, msg);
    EXPECT_EQ(ada.last()["code"], "offline") << "a guest who left is gone";
    EXPECT_EQ(lobby.challenge_count(), 1u);
    now += 60 * 60 * 1000;
    lobby.tick();
    lobby.connect(bob);
    ASSERT_EQ(bob.of("challenge").size(), 1u) << "Bob finds it when he comes";
    EXPECT_EQ(bob.of("challenge")[0]["from"], "Ada");
    send(bob,
         {{"type", "challenge_reply"}, {"id", bob.of("challenge")[0]["id"]}, {"accept", true}});
    ASSERT_EQ(pending.size(), 1u);
    EXPECT_TRUE(pending[0].order.clock.correspondence());
}

// Issue 48, loose end of item 13: an open correspondence challenge is kept in the store while
// it waits (not when the challenger leaves), and a new lobby on the same store (a restart)
// holds it again under a new id: the challenged player finds it and accepts it. Its end
// deletes it; a stored one whose days ran out is deleted, not restored.
TEST_F(LobbyTest, ACorrespondenceChallengeOutlivesARestartOfTheLobby) {
    std::map<std::string, StoredChallenge> stored;
    const auto keeping = [&] {
        LobbyServices s = services();
        s.keep_challenge = [&stored](const StoredChallenge& c) { stored[c.id] = c; };
        s.forget_challenge = [&stored](const std::string& id) { stored.erase(id); };
        return s;
    };
    auto before = std::make_unique<Lobby>(keeping());
    before->connect(ada);
    json msg = challenge_msg("Bob");
    msg["clock"] = {{"mode", "days"}, {"days", 3}};
    msg["rated"] = true;
    send_to(*before, ada, msg);
    ASSERT_EQ(ada.last()["type"], "challenge_sent") << ada.last().dump();
    send_to(*before, ada, challenge_msg("Guest-1234"));  // a live one to someone away: refused
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored.begin()->second.expires, 1'700'000'000'000 + now + 3 * 86'400'000LL);
    before->disconnect(ada);
    EXPECT_EQ(before->challenge_count(), 1u) << "it waits for Bob, not for Ada";
    StoredChallenge old = stored.begin()->second;
    old.id = "c-expired";
    old.expires = 1'700'000'000'000 + now - 1;
    stored[old.id] = old;
    before.reset();  // the restart

    now += 3600 * 1000;
    Lobby after(keeping());
    std::vector<StoredChallenge> rows;
    for (const auto& [id, c] : stored) rows.push_back(c);
    after.restore_challenges(rows);
    EXPECT_EQ(after.challenge_count(), 1u);
    ASSERT_EQ(stored.size(), 1u) << "kept under its new id, the expired one deleted";
    EXPECT_EQ(stored.begin()->second.expires, 1'700'000'000'000 + 1000 + 3 * 86'400'000LL)
        << "its days counted from when it was made";
    FakeClient bob_again{2, "Bob"};
    after.connect(bob_again);
    ASSERT_EQ(bob_again.of("challenge").size(), 1u) << "Bob finds it when he comes";
    const json c = bob_again.of("challenge")[0];
    EXPECT_EQ(c["from"], "Ada");
    EXPECT_EQ(c["rated"], true);
    EXPECT_EQ(c["clock"], json({{"mode", "days"}, {"days", 3}}));
    send_to(after, bob_again, {{"type", "challenge_reply"}, {"id", c["id"]}, {"accept", true}});
    ASSERT_EQ(pending.size(), 1u) << bob_again.last().dump();
    EXPECT_TRUE(pending[0].order.clock.correspondence());
    EXPECT_TRUE(pending[0].order.rated);
    EXPECT_TRUE(stored.empty()) << "answered: deleted from the store";
}

TEST_F(LobbyTest, OnlineCountCountsTableSocketsAndIsSentOnChange) {
    lobby.connect(ada);
    lobby.tick();
    EXPECT_EQ(ada.of("online").back()["count"], 1);
    lobby.table_presence({7, "Tab", false}, +1);
    lobby.table_presence({7, "Tab", false}, +1);
    lobby.table_presence({0, "", true}, +1);  // no session: not a player
    EXPECT_EQ(lobby.online(), 2u);
    lobby.tick();
    EXPECT_EQ(ada.of("online").back()["count"], 2);
    const size_t sent = ada.of("online").size();
    lobby.tick();
    EXPECT_EQ(ada.of("online").size(), sent) << "unchanged: not sent again";
    lobby.table_presence({7, "Tab", false}, -1);
    EXPECT_EQ(lobby.online(), 2u);
    lobby.table_presence({7, "Tab", false}, -1);
    EXPECT_EQ(lobby.online(), 1u);
}

TEST_F(LobbyTest, RunningGamesAreListedWithYourTurn) {
    lobby.connect(ada);
    lobby.connect(bob);
    GameEntry g;
    g.table = "t1";
    g.players = {1, 2};
    g.names = {"Ada", "Bob"};
    g.to_move = 0;
    g.setup = {{"board", "8"}};
    lobby.game_changed(g);
    const json mine = ada.of("games").back()["games"];
    ASSERT_EQ(mine.size(), 1u);
    EXPECT_EQ(mine[0]["table"], "t1");
    EXPECT_EQ(mine[0]["your_turn"], true);
    EXPECT_EQ(mine[0]["opponents"], json::array({"Bob"}));
    EXPECT_EQ(bob.of("games").back()["games"][0]["your_turn"], false);
    g.to_move = 1;
    lobby.game_changed(g);
    EXPECT_EQ(ada.of("games").back()["games"][0]["your_turn"], false);
    EXPECT_EQ(bob.of("games").back()["games"][0]["your_turn"], true);
    // A reconnecting tab gets the list at once.
    FakeClient bob_tab2{2, "Bob"};
    lobby.connect(bob_tab2);
    EXPECT_EQ(bob_tab2.got.at(0)["games"].size(), 1u);
    g.running = false;
    lobby.game_changed(g);
    EXPECT_TRUE(ada.of("games").back()["games"].empty());
    EXPECT_EQ(lobby.game_count(1), 0u);
}

// Issue 48 (18, and the review after it): a game against the computer names its level, and
// is its player's turn while they are at the table and for the game's normal life after they
// left it (LobbyLimits::computer_turn_ms, the hub's idle time), then no longer: the list is
// sent again when the turn ends, so the tab title and the badge stop counting it.
TEST_F(LobbyTest, AGameAgainstTheComputerIsYourTurnWhileYouAreThereAndForAWhileAfter) {
    lobby.connect(ada);
    GameEntry g;
    g.table = "c1";
    g.players = {1, 0};
    g.names = {"Ada", ""};
    g.bots = {false, false};
    g.levels = {0, 7};
    g.present = {true, true};
    g.to_move = 0;
    g.setup = {{"board", "8"}};
    lobby.game_changed(g);
    const auto turn = [this] { return ada.of("games").back()["games"].at(0)["your_turn"]; };
    const json mine = ada.of("games").back()["games"];
    ASSERT_EQ(mine.size(), 1u);
    EXPECT_EQ(mine[0]["opponents_level"], json::array({7}));
    EXPECT_EQ(turn(), true) << "at the table, to move";
    g.to_move = 1;
    lobby.game_changed(g);
    EXPECT_EQ(turn(), false) << "the computer to move";
    g.to_move = 0;
    lobby.game_changed(g);
    g.present = {false, true};  // Ada closes the page on her move
    lobby.game_changed(g);
    EXPECT_EQ(turn(), true) << "just left: still her turn";
    const size_t sent = ada.of("games").size();
    now += LobbyLimits{}.computer_turn_ms - 1;
    lobby.tick();
    EXPECT_EQ(ada.of("games").size(), sent) << "nothing changed yet";
    now += 1;
    lobby.tick();
    ASSERT_EQ(ada.of("games").size(), sent + 1) << "the list is sent when the turn ends";
    EXPECT_EQ(turn(), false) << "left for the game's normal life: no longer her turn";
    // A new tab gets the same list.
    FakeClient ada_tab2{1, "Ada"};
    lobby.connect(ada_tab2);
    EXPECT_EQ(ada_tab2.got.at(0)["games"].at(0)["your_turn"], false);
    g.present = {true, true};  // back at the table
    lobby.game_changed(g);
    EXPECT_EQ(turn(), true);
    // Beside a person, a computer seat leaves it their turn whether they are there or not.
    g.table = "c2";
    g.players = {1, 0, 2};
    g.names = {"Ada", "", "Bob"};
    g.bots = {false, false, false};
    g.levels = {0, 3, 0};
    g.present = {false, true, false};
    lobby.game_changed(g);
    now += LobbyLimits{}.computer_turn_ms;
    lobby.tick();
    for (const json& game : ada.of("games").back()["games"])
        if (game["table"] == "c2") {
            EXPECT_EQ(game["your_turn"], true);
            EXPECT_EQ(game["opponents_level"], json::array({3, 0}));
        }
}

// Issue 31: a bot account is marked wherever the lobby names it, from the server's state: its
// seeks ("bot") and the running games of the players it meets ("opponents_bot").
TEST_F(LobbyTest, BotAccountsAreMarkedInSeeksAndRunningGames) {
    FakeClient robo{9, "Robo"};
    robo.identity.bot = true;
    lobby.connect(ada);
    lobby.connect(robo);
    send(robo, seek_msg());
    send(ada, seek_msg());
    const std::vector<json> added = ada.of("seek_added");
    ASSERT_EQ(added.size(), 2u);
    EXPECT_EQ(added[0]["seek"]["player"], "Robo");
    EXPECT_EQ(added[0]["seek"]["bot"], true);
    EXPECT_EQ(added[1]["seek"]["bot"], false) << "a person's seek is not a bot's";
    GameEntry g;
    g.table = "t1";
    g.players = {1, 9};
    g.names = {"Ada", "Robo"};
    g.bots = {false, true};
    g.to_move = 0;
    g.setup = {{"board", "8"}};
    lobby.game_changed(g);
    const json mine = ada.of("games").back()["games"][0];
    EXPECT_EQ(mine["opponents"], json::array({"Robo"}));
    EXPECT_EQ(mine["opponents_bot"], json::array({true}));
    EXPECT_EQ(robo.of("games").back()["games"][0]["opponents_bot"], json::array({false}));
}

// The hub reports every move; the setup is built only for a game new to a list (issue 29:
// building it on every move was a fifth of the hub's time), and a turn without it keeps it.
TEST_F(LobbyTest, ATurnWithoutTheSetupKeepsTheListedSetup) {
    lobby.connect(ada);
    GameEntry g;
    g.table = "t1";
    g.players = {1, 2};
    g.names = {"Ada", "Bob"};
    g.to_move = 0;
    EXPECT_TRUE(lobby.needs_setup(g)) << "new to both lists";
    g.setup = {{"board", "8"}};
    lobby.game_changed(g);
    g.setup = nullptr;
    EXPECT_FALSE(lobby.needs_setup(g));
    g.to_move = 1;
    lobby.game_changed(g);
    const json mine = ada.of("games").back()["games"];
    ASSERT_EQ(mine.size(), 1u);
    EXPECT_EQ(mine[0]["your_turn"], false);
    EXPECT_EQ(mine[0]["setup"], json({{"board", "8"}}));
    GameEntry other = g;
    other.table = "t2";
    EXPECT_TRUE(lobby.needs_setup(other));
    g.running = false;
    EXPECT_FALSE(lobby.needs_setup(g)) << "an ended game leaves the lists";
}

// Issue 27, finding 10: four accounts filled a player's 20 challenge slots and a friend's
// challenge got `busy`; one address posted 183 seeks and the first lobby message weighed 51
// KB. Each sender may have two challenges waiting for one player, an address ten in all and
// six seeks; the lobby message and each page carry at most seeks_per_page seeks.
TEST_F(LobbyTest, SpammersCannotFillAPlayersChallengesOrTheSeekList) {
    lobby.connect(bob);
    std::vector<std::unique_ptr<FakeClient>> spammers;
    for (int i = 0; i < 4; ++i) {
        spammers.push_back(std::make_unique<FakeClient>(100 + i, "Spam" + std::to_string(i)));
        spammers.back()->from = "10.6.6.6";
        lobby.connect(*spammers.back());
        for (int k = 0; k < 5; ++k) send(*spammers.back(), challenge_msg("Bob"));
    }
    EXPECT_EQ(lobby.challenge_count(), 2u) << "two from the spammers' address to Bob";
    lobby.connect(ada);  // a friend, elsewhere
    send(ada, challenge_msg("Bob"));
    EXPECT_EQ(ada.count("challenge_sent"), 1u) << ada.last().dump();

    // Seeks: six from the address, then rate_limited.
    for (auto& s : spammers)
        for (int k = 0; k < 3; ++k) {
            json msg = seek_msg();
            msg["setup"] = {{"board", k == 0 ? "8" : k == 1 ? "6" : "10"}};
            send(*s, msg);
        }
    EXPECT_EQ(lobby.seek_count(), 6u);
    EXPECT_EQ(spammers.back()->last()["code"], "rate_limited");
}

TEST_F(LobbyTest, TheSeekListIsSentAPageAtATime) {
    LobbyLimits limits;
    limits.seeks_per_page = 4;
    Lobby paged(services(), limits);
    std::vector<std::unique_ptr<FakeClient>> posters;
    for (int i = 0; i < 10; ++i) {
        posters.push_back(std::make_unique<FakeClient>(200 + i, "P" + std::to_string(i)));
        paged.connect(*posters.back());
        paged.on_message(*posters.back(), seek_msg().dump());
    }
    ASSERT_EQ(paged.seek_count(), 10u);
    FakeClient reader{300, "Reader"};
    paged.connect(reader);
    const json first = reader.first("lobby");
    EXPECT_EQ(first["seeks"].size(), 4u);
    EXPECT_EQ(first["seeks_total"], 10);
    paged.on_message(reader, json{{"type", "seek_page"}, {"offset", 8}}.dump());
    const json last = reader.last();
    EXPECT_EQ(last["type"], "seek_page");
    EXPECT_EQ(last["offset"], 8);
    EXPECT_EQ(last["seeks"].size(), 2u);
    EXPECT_EQ(last["seeks"][1]["player"], "P9");
    paged.on_message(reader, json{{"type", "seek_page"}, {"offset", -1}}.dump());
    EXPECT_EQ(reader.last()["code"], "bad_request");
}

// Issue 27, finding 5: two accounts of one address are never paired rated: not by a seek,
// not by a challenge, not by quick pairing. Casual games they may play.
TEST_F(LobbyTest, TwoAccountsOfOneAddressAreNeverPairedRated) {
    FakeClient alt{4, "AdaAlt"};
    alt.from = ada.from;
    lobby.connect(ada);
    lobby.connect(alt);
    send(ada, seek_msg(true));
    send(alt, {{"type", "accept"}, {"id", only_seek_id()}});
    EXPECT_EQ(alt.last()["code"], "not_allowed");
    json challenge = challenge_msg("AdaAlt");
    challenge["rated"] = true;
    send(ada, challenge);
    send(alt,
         {{"type", "challenge_reply"}, {"id", alt.of("challenge").back()["id"]}, {"accept", true}});
    EXPECT_EQ(alt.last()["code"], "not_allowed");
    send(ada, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}});
    send(alt, {{"type", "quick"}, {"pool", "8x8"}, {"preset", "3+2"}});
    now += 60'000;
    lobby.tick();
    EXPECT_TRUE(pending.empty()) << "nothing was paired";
    EXPECT_EQ(lobby.quick_count(), 2u);
}

}  // namespace
}  // namespace reversi::server
