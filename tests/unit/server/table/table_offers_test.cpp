// SPDX-License-Identifier: MIT
// Etiquette at the table (docs/SITE.md "At the table"), driven through the hub: draw,
// takeback and rematch offers with their answers and withdrawals, abort, presence and claim,
// the random seat and the computer's pause. For each message: the happy path, bad input
// (a clear error, nothing changed), and authorisation (a spectator or the other seat cannot
// act for someone). Timing rules (the claim time) are checked on the Table with a fake clock.
#include <gtest/gtest.h>

#include <set>

#include "api_error_code.h"
#include "hub_fixture.h"
#include "server/table/table.h"

namespace reversi::server {
namespace {

using namespace hub_testing;
using testing_support::code_of;

json offers_of(const FakeSubscriber& s) {
    return s.table()["offers"];
}

TEST(TableOffers, DrawDeclinedThenAgreedAndStored) {
    const TempDb db("draw");
    std::string id;
    {
        Hub h(db.path, quick_options());
        TwoPlayers p(h);
        id = p.id;
        play_first_legal(h, p);
        h.send(p.a, {{"type", "offer"}, {"kind", "draw"}});
        ASSERT_TRUE(h.run_until([&] { return offers_of(p.spectator).size() == 1; }));
        EXPECT_EQ(offers_of(p.b), json::parse(R"([{"kind":"draw","from":0}])"));
        // Offering twice, or answering one's own offer, is refused.
        EXPECT_EQ(h.refused(p.a, {{"type", "offer"}, {"kind", "draw"}}), "not_allowed");
        EXPECT_EQ(h.refused(p.a, {{"type", "answer"}, {"kind", "draw"}, {"accept", true}}),
                  "not_allowed");
        h.send(p.b, {{"type", "answer"}, {"kind", "draw"}, {"accept", false}});
        EXPECT_EQ(offers_of(p.a), json::array());
        EXPECT_EQ(p.a.table()["status"], "playing");
        // A declined offer is not made again before a move.
        EXPECT_EQ(h.refused(p.a, {{"type", "offer"}, {"kind", "draw"}}), "not_allowed");
        play_first_legal(h, p);
        h.send(p.b, {{"type", "offer"}, {"kind", "draw"}});
        h.send(p.a, {{"type", "answer"}, {"kind", "draw"}, {"accept", true}});
        const json t = p.b.table();
        EXPECT_EQ(t["status"], "finished");
        EXPECT_EQ(t["result"]["reason"], "agreed");
        EXPECT_TRUE(t["result"]["winner"].is_null());
        EXPECT_EQ(t["offers"], json::array());
        p.leave(h);
    }
    // The result is stored: a new server reads the same.
    Hub h(db.path, quick_options());
    const Reply r = h.call([&](Respond f) { h.hub->get_table(id, f); });
    const json t = json::parse(r.body);
    EXPECT_EQ(t["result"]["reason"], "agreed");
    EXPECT_EQ(t["ply"], 2);
}

TEST(TableOffers, OfferingWhatTheOtherOfferedAcceptsIt) {
    const TempDb db("counter");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    play_first_legal(h, p);
    play_first_legal(h, p);  // both have moved: an agreed draw counts
    h.send(p.a, {{"type", "offer"}, {"kind", "draw"}});
    h.send(p.b, {{"type", "offer"}, {"kind", "draw"}});
    EXPECT_EQ(p.a.table()["result"]["reason"], "agreed");
    p.leave(h);
}

TEST(TableOffers, WithdrawAndMovesClearOffers) {
    const TempDb db("withdraw");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    play_first_legal(h, p);  // Ada (Black) moved
    h.send(p.a, {{"type", "offer"}, {"kind", "takeback"}});
    EXPECT_EQ(offers_of(p.b), json::parse(R"([{"kind":"takeback","from":0}])"));
    // Only the maker withdraws.
    EXPECT_EQ(h.refused(p.b, {{"type", "withdraw"}, {"kind", "takeback"}}), "not_allowed");
    EXPECT_EQ(h.refused(p.spectator, {{"type", "withdraw"}, {"kind", "takeback"}}),
              "not_your_seat");
    h.send(p.a, {{"type", "withdraw"}, {"kind", "takeback"}});
    EXPECT_EQ(offers_of(p.b), json::array());
    EXPECT_EQ(h.refused(p.a, {{"type", "withdraw"}, {"kind", "takeback"}}), "not_allowed");
    // A move makes pending draw and takeback offers lapse.
    h.send(p.a, {{"type", "offer"}, {"kind", "draw"}});
    ASSERT_EQ(offers_of(p.b).size(), 1u);
    play_first_legal(h, p);  // Bob moves
    EXPECT_EQ(offers_of(p.a), json::array());
    EXPECT_EQ(h.refused(p.b, {{"type", "answer"}, {"kind", "draw"}, {"accept", true}}),
              "not_allowed");
    p.leave(h);
}

TEST(TableOffers, BadInputsAndOutsidersChangeNothing) {
    const TempDb db("bad");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    play_first_legal(h, p);
    h.send(p.a, {{"type", "offer"}, {"kind", "draw"}});
    const json before = p.b.table();
    const size_t states = p.b.count("state");
    const std::vector<std::pair<FakeSubscriber*, json>> bad = {
        {&p.a, {{"type", "offer"}}},
        {&p.a, {{"type", "offer"}, {"kind", "truce"}}},
        {&p.a, {{"type", "offer"}, {"kind", 3}}},
        {&p.b, {{"type", "answer"}, {"kind", "draw"}}},
        {&p.b, {{"type", "answer"}, {"kind", "draw"}, {"accept", "yes"}}},
        {&p.b, {{"type", "answer"}, {"accept", true}}},
        {&p.b, {{"type", "withdraw"}}},
    };
    for (const auto& [sub, msg] : bad) EXPECT_EQ(h.refused(*sub, msg), "bad_request") << msg;
    // A spectator can neither offer, answer, withdraw, abort nor claim.
    for (const json& msg : {json{{"type", "offer"}, {"kind", "draw"}},
                            json{{"type", "answer"}, {"kind", "draw"}, {"accept", true}},
                            json{{"type", "withdraw"}, {"kind", "draw"}}, json{{"type", "abort"}},
                            json{{"type", "claim"}}})
        EXPECT_EQ(h.refused(p.spectator, msg), "not_your_seat") << msg;
    // Nothing to answer.
    EXPECT_EQ(h.refused(p.b, {{"type", "answer"}, {"kind", "takeback"}, {"accept", true}}),
              "not_allowed");
    h.settle();
    EXPECT_EQ(p.b.count("state"), states);
    EXPECT_EQ(p.b.table(), before);
    p.leave(h);
}

TEST(TableOffers, TakebackBetweenHumansRestoresClocks) {
    const TempDb db("takeback");
    Hub h(db.path, quick_options());
    TwoPlayers p(h, {{"clock", {{"mode", "game"}, {"seconds", 300}, {"increment", 5}}}});
    // No move of Ada's yet: nothing to take back.
    EXPECT_EQ(h.refused(p.a, {{"type", "offer"}, {"kind", "takeback"}}), "not_allowed");
    play_first_legal(h, p);
    play_first_legal(h, p);
    ASSERT_EQ(p.a.table()["ply"], 2);
    // Ada takes back her move and Bob's reply.
    h.send(p.a, {{"type", "offer"}, {"kind", "takeback"}});
    h.send(p.b, {{"type", "answer"}, {"kind", "takeback"}, {"accept", true}});
    const json t = p.a.table();
    EXPECT_EQ(t["ply"], 0);
    EXPECT_EQ(t["moves"], json::array());
    EXPECT_EQ(t["to_move"], 0);
    // The clocks show what they showed before Ada's move (less the time Ada has been
    // thinking since, a few milliseconds here); the increments are gone.
    EXPECT_LE(t["clock"]["remaining_ms"][0].get<int64_t>(), 300'000);
    EXPECT_GT(t["clock"]["remaining_ms"][0].get<int64_t>(), 290'000);
    EXPECT_EQ(t["clock"]["remaining_ms"][1], 300'000);
    EXPECT_EQ(t["offers"], json::array());
    // Bob, one move in, takes back only his own: Ada's move stays.
    play_first_legal(h, p);
    play_first_legal(h, p);
    play_first_legal(h, p);
    h.send(p.b, {{"type", "offer"}, {"kind", "takeback"}});
    h.send(p.a, {{"type", "answer"}, {"kind", "takeback"}, {"accept", true}});
    EXPECT_EQ(p.b.table()["ply"], 1);
    EXPECT_EQ(p.b.table()["to_move"], 1);
    p.leave(h);
}

TEST(TableOffers, DrawAndTakebackAreForRemoteHumansOnly) {
    const TempDb db("humans");
    Hub h(db.path, quick_options());
    // Against the computer: undo and resign instead.
    const json made = h.create(
        {{"seats", {{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}}}, {"seat", 0}});
    FakeSubscriber a;
    h.subscribe(a, made["table"], made["token"]);
    h.send(a, {{"type", "move"}, {"square", "f5"}});
    EXPECT_EQ(h.refused(a, {{"type", "offer"}, {"kind", "draw"}}), "not_allowed");
    EXPECT_EQ(h.refused(a, {{"type", "offer"}, {"kind", "takeback"}}), "not_allowed");
    h.hub->unsubscribe(a);
    // One screen: undo and resign instead.
    const json local = h.create({{"local", true}});
    FakeSubscriber l;
    h.subscribe(l, local["table"], local["token"]);
    h.send(l, {{"type", "move"}, {"square", "f5"}});
    EXPECT_EQ(h.refused(l, {{"type", "offer"}, {"kind", "draw"}}), "not_allowed");
    h.hub->unsubscribe(l);
    // Not before both seats are taken, not after the end.
    const json waiting = h.create({{"seat", 0}});
    FakeSubscriber w;
    h.subscribe(w, waiting["table"], waiting["token"]);
    EXPECT_EQ(h.refused(w, {{"type", "offer"}, {"kind", "draw"}}), "not_allowed");
    h.hub->unsubscribe(w);
    TwoPlayers p(h);
    h.send(p.a, {{"type", "resign"}});
    EXPECT_EQ(h.refused(p.b, {{"type", "offer"}, {"kind", "draw"}}), "game_over");
    p.leave(h);
}

TEST(TableOffers, RematchWaitsForTheOtherPlayer) {
    const TempDb db("rematch");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    EXPECT_EQ(h.refused(p.a, {{"type", "rematch"}}), "not_allowed");  // not over yet
    h.send(p.b, {{"type", "resign"}});
    const size_t tables = h.hub->live_tables();
    // The old message is an offer now: nobody is moved, no table is made.
    h.send(p.a, {{"type", "rematch"}});
    EXPECT_EQ(offers_of(p.b), json::parse(R"([{"kind":"rematch","from":0}])"));
    EXPECT_EQ(p.b.count("rematch"), 0u);
    EXPECT_EQ(h.hub->live_tables(), tables);
    EXPECT_EQ(h.refused(p.spectator, {{"type", "answer"}, {"kind", "rematch"}, {"accept", true}}),
              "not_your_seat");
    h.send(p.b, {{"type", "answer"}, {"kind", "rematch"}, {"accept", false}});
    EXPECT_EQ(offers_of(p.a), json::array());
    EXPECT_EQ(h.hub->live_tables(), tables);
    // Declined, so Bob asks himself, and Ada accepts.
    h.send(p.b, {{"type", "offer"}, {"kind", "rematch"}});
    h.send(p.a, {{"type", "answer"}, {"kind", "rematch"}, {"accept", true}}, "rematch");
    ASSERT_TRUE(h.run_until([&] { return p.b.count("rematch") && p.spectator.count("rematch"); }));
    const std::string next = p.a.of_type("rematch")[0]["table"];
    EXPECT_EQ(p.b.of_type("rematch")[0]["table"], next);
    EXPECT_EQ(p.a.table()["rematch"], next);
    EXPECT_EQ(h.hub->live_tables(), tables + 1);
    // Seats rotated; each keeps their token.
    FakeSubscriber a2;
    h.subscribe(a2, next, p.token_a);
    EXPECT_EQ(a2.table()["you"], json({1}));
    EXPECT_EQ(a2.table()["seats"][1]["name"], "Ada");
    EXPECT_EQ(a2.table()["status"], "playing");
    // Asking again names the same table.
    h.send(p.b, {{"type", "rematch"}}, "rematch");
    EXPECT_EQ(p.b.of_type("rematch").back()["table"], next);
    h.hub->unsubscribe(a2);
    p.leave(h);
}

// After the game no move comes to lift a refusal, so a rematch may be asked again after a
// "no" (or a withdrawal), but at most MaxRematchOffers times per seat; the state says how
// many are left, so the client can hide the button.
TEST(TableOffers, RematchMayBeAskedAgainAFewTimes) {
    const TempDb db("rematch_again");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    h.send(p.b, {{"type", "resign"}});
    const size_t tables = h.hub->live_tables();
    EXPECT_EQ(p.a.table()["rematch_offers_left"], json({MaxRematchOffers, MaxRematchOffers}));
    for (int i = 1; i <= MaxRematchOffers; ++i) {
        h.send(p.a, {{"type", "offer"}, {"kind", "rematch"}});
        ASSERT_EQ(offers_of(p.b), json::parse(R"([{"kind":"rematch","from":0}])")) << i;
        EXPECT_EQ(p.b.table()["rematch_offers_left"],
                  json({MaxRematchOffers - i, MaxRematchOffers}));
        if (i % 2)
            h.send(p.b, {{"type", "answer"}, {"kind", "rematch"}, {"accept", false}});
        else
            h.send(p.a, {{"type", "withdraw"}, {"kind", "rematch"}});
        EXPECT_EQ(offers_of(p.a), json::array());
    }
    // The fourth is refused and changes nothing; Bob's own allowance is untouched.
    const json before = p.b.table();
    EXPECT_EQ(h.refused(p.a, {{"type", "offer"}, {"kind", "rematch"}}), "not_allowed");
    EXPECT_EQ(h.refused(p.a, {{"type", "rematch"}}), "not_allowed");
    h.settle();
    EXPECT_EQ(p.b.table(), before);
    EXPECT_EQ(h.hub->live_tables(), tables);
    // Ada may still accept Bob's offer: accepting is not offering.
    h.send(p.b, {{"type", "offer"}, {"kind", "rematch"}});
    EXPECT_EQ(p.a.table()["rematch_offers_left"], json({0, MaxRematchOffers - 1}));
    h.send(p.a, {{"type", "answer"}, {"kind", "rematch"}, {"accept", true}}, "rematch");
    EXPECT_EQ(h.hub->live_tables(), tables + 1);
    p.leave(h);
}

// Issue 26, defect 4: a "no" reaches the offerer and the room, and the state says from
// which ply the offerer may offer again (so the button need not be tried to learn it).
TEST(TableOffers, ADeclinedOfferIsToldToTheOffererWithWhenToOfferAgain) {
    const TempDb db("declined_told");
    Hub h(db.path, quick_options());
    TwoPlayers p(h);
    play_first_legal(h, p);
    EXPECT_EQ(p.a.table()["offers_refused"], json::array());
    h.send(p.a, {{"type", "offer"}, {"kind", "draw"}});
    h.send(p.b, {{"type", "answer"}, {"kind", "draw"}, {"accept", false}});
    ASSERT_TRUE(h.run_until(
        [&] { return p.a.count("offer_declined") && p.spectator.count("offer_declined"); }));
    EXPECT_EQ(p.a.of_type("offer_declined")[0],
              json::parse(R"({"type":"offer_declined","kind":"draw","from":0,"by":1})"));
    EXPECT_EQ(p.a.table()["offers_refused"],
              json::parse(R"([{"kind":"draw","from":0,"again_at_ply":2}])"));
    EXPECT_EQ(h.refused(p.a, {{"type", "offer"}, {"kind", "draw"}}), "not_allowed");
    play_first_legal(h, p);
    EXPECT_EQ(p.a.table()["offers_refused"], json::array()) << "a move lifts it";
    // A declined rematch is told the same way; its limit is rematch_offers_left.
    h.send(p.b, {{"type", "resign"}});
    h.send(p.a, {{"type", "offer"}, {"kind", "rematch"}});
    h.send(p.b, {{"type", "answer"}, {"kind", "rematch"}, {"accept", false}}, "offer_declined");
    ASSERT_TRUE(h.run_until([&] { return p.a.count("offer_declined") == 2; }));
    EXPECT_EQ(p.a.of_type("offer_declined")[1]["kind"], "rematch");
    p.leave(h);
}

// Issue 26, defect 14: "Open tables" listed abandoned computer games as "playing · move 0".
// Listed: waiting tables, and running games someone is at where, against the computer, a
// human has moved.
TEST(TableOffers, OpenTablesLeaveOutGamesNobodyIsAt) {
    const TempDb db("open_tables");
    Hub h(db.path, quick_options());
    const auto listed = [&](const std::string& id) {
        const Reply r = h.call([&](Respond f) { h.hub->list_tables(f); });
        const json list = json::parse(r.body);
        for (const json& t : list["tables"])
            if (t["id"] == id) return true;
        return false;
    };
    const json vs = h.create(
        {{"seat", 0}, {"seats", {{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}}}});
    const std::string computer = vs["table"];
    EXPECT_FALSE(listed(computer)) << "nobody ever came, nobody moved";
    FakeSubscriber player;
    h.subscribe(player, computer, vs["token"]);
    EXPECT_FALSE(listed(computer)) << "present, but move 0 against the computer";
    h.send(player, {{"type", "move"}, {"square", player.table()["legal"][0]}});
    EXPECT_TRUE(listed(computer)) << "a game in progress";
    h.hub->unsubscribe(player);
    EXPECT_FALSE(listed(computer)) << "the human left";

    TwoPlayers p(h);
    EXPECT_TRUE(listed(p.id));
    p.leave(h);
    EXPECT_FALSE(listed(p.id)) << "both players left";
    const json waiting = h.create({{"seat", 0}});
    EXPECT_TRUE(listed(waiting["table"])) << "a seat to take";
}

// The limit on a rematch does not loosen draw and takeback: refused until a move is played.
TEST(TableOffers, DeclinedDrawStaysRefusedUntilAMove) {
    TableSpec spec;
    spec.seats.resize(2);
    Table t("d1", spec, 0, 0);
    t.join(0, "Ada", "tokA", 0);
    t.join(1, "Bob", "tokB", 0);
    t.play({0}, "f5", std::nullopt, 0);
    EXPECT_EQ(t.offer({0}, OfferKind::Draw, 0), std::nullopt);
    EXPECT_EQ(t.answer({1}, OfferKind::Draw, false, 0), std::nullopt);
    EXPECT_EQ(code_of([&] { t.offer({0}, OfferKind::Draw, 0); }), ErrorCode::NotAllowed);
    EXPECT_TRUE(t.offers().all().empty());
    t.play({1}, "f6", std::nullopt, 0);
    EXPECT_EQ(t.offer({0}, OfferKind::Draw, 0), std::nullopt);
    EXPECT_EQ(t.offers().all().size(), 1u);
}

TEST(TableOffers, RematchAgainstTheComputerNeedsNoAnswer) {
    const TempDb db("rematch_computer");
    Hub h(db.path, quick_options());
    const json made = h.create(
        {{"seats", {{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}}}, {"seat", 0}});
    FakeSubscriber a;
    h.subscribe(a, made["table"], made["token"]);
    h.send(a, {{"type", "resign"}});
    h.send(a, {{"type", "offer"}, {"kind", "rematch"}}, "rematch");
    EXPECT_NE(a.of_type("rematch")[0]["table"], made["table"]);
    h.hub->unsubscribe(a);
}

TEST(TableOffers, AbortBeforeEveryHumanHasMoved) {
    const TempDb db("abort");
    Hub h(db.path, quick_options());
    {
        // Waiting tables are cancelled, not aborted.
        const json waiting = h.create({{"seat", 0}});
        FakeSubscriber w;
        h.subscribe(w, waiting["table"], waiting["token"]);
        EXPECT_EQ(h.refused(w, {{"type", "abort"}}), "not_allowed");
        h.hub->unsubscribe(w);
    }
    {
        TwoPlayers p(h);
        play_first_legal(h, p);  // only Ada has moved: Bob may still abort
        h.send(p.b, {{"type", "abort"}});
        const json t = p.a.table();
        EXPECT_EQ(t["status"], "finished");
        EXPECT_EQ(t["result"]["reason"], "aborted");
        EXPECT_TRUE(t["result"]["winner"].is_null());
        EXPECT_EQ(h.refused(p.a, {{"type", "abort"}}), "game_over");
        p.leave(h);
    }
    {
        TwoPlayers p(h);
        play_first_legal(h, p);
        play_first_legal(h, p);
        EXPECT_EQ(h.refused(p.a, {{"type", "abort"}}), "not_allowed");
        EXPECT_EQ(p.a.table()["status"], "playing");
        p.leave(h);
    }
}

TEST(TableOffers, PresenceAndClaimAfterTheOpponentLeft) {
    const TempDb db("claim");
    HubOptions options = quick_options();
    options.limits.claim_seconds = 0;  // at once: the waiting is checked on the Table below
    Hub h(db.path, options);
    TwoPlayers p(h);
    // Both move, then Ada again: Bob is to move (issue 48: no claim on one's own turn, nor
    // against a seat that never moved).
    for (int i = 0; i < 3; ++i) play_first_legal(h, p);
    EXPECT_EQ(p.a.table()["presence"], json({true, true}));
    EXPECT_TRUE(p.a.table()["claim_at"].is_null());
    EXPECT_EQ(h.refused(p.a, {{"type", "claim"}}), "not_allowed");  // Bob is here
    const size_t states = p.a.count("state");
    h.hub->unsubscribe(p.b);
    ASSERT_TRUE(h.run_until([&] { return p.a.count("state") > states; }));
    EXPECT_EQ(p.a.table()["presence"], json({true, false}));
    const int64_t claim_at = p.a.table()["claim_at"];
    EXPECT_GT(claim_at, 1'600'000'000'000);  // wall-clock ms
    // A spectator cannot claim for Ada.
    EXPECT_EQ(h.refused(p.spectator, {{"type", "claim"}}), "not_your_seat");
    h.send(p.a, {{"type", "claim"}});
    const json t = p.a.table();
    EXPECT_EQ(t["result"]["reason"], "abandoned");
    EXPECT_EQ(t["result"]["winner"], 0);
    EXPECT_TRUE(t["claim_at"].is_null());
    h.hub->unsubscribe(p.a);
    h.hub->unsubscribe(p.spectator);
}

TEST(TableOffers, ClaimWaitsForTheClaimTime) {
    TableSpec spec;
    spec.seats.resize(2);
    Table t("c1", spec, 0, 0);
    t.set_presence_rules({60'000, 1'000'000});
    t.join(0, "Ada", "tokA", 0);
    t.join(1, "Bob", "tokB", 500);
    t.add_connection({0}, 1, 1000);
    // Nobody claims on their own turn, nor against a seat that has not moved (issue 48).
    EXPECT_EQ(t.claim_at(), std::nullopt);
    t.play({0}, "d3", 0, 1000);
    EXPECT_EQ(t.claim_at(), std::nullopt);
    t.play({1}, "c3", 1, 1100);  // through the API: Bob has no connection
    t.play({0}, "c4", 2, 1200);
    // Bob never connected: gone since he took his seat.
    EXPECT_EQ(t.claim_at(), 60'500);
    EXPECT_EQ(t.state(2000)["claim_at"], 1'060'500);  // shown on the wall clock
    t.add_connection({1}, 1, 2000);
    EXPECT_EQ(t.claim_at(), std::nullopt);
    EXPECT_EQ(code_of([&] { t.claim({0}, 100'000); }), ErrorCode::NotAllowed);
    t.add_connection({1}, -1, 5000);
    EXPECT_EQ(t.presence(), std::vector<bool>({true, false}));
    EXPECT_EQ(t.claim_at(), 65'000);
    EXPECT_EQ(code_of([&] { t.claim({0}, 64'999); }), ErrorCode::NotAllowed);
    EXPECT_EQ(code_of([&] { t.claim({1}, 65'000); }), ErrorCode::NotAllowed);  // Ada is here
    EXPECT_EQ(code_of([&] { t.claim({}, 65'000); }), ErrorCode::NotYourSeat);
    EXPECT_EQ(t.status(), TableStatus::Playing);
    t.claim({0}, 65'000);
    EXPECT_EQ(t.result()->reason, EndReason::Abandoned);
    EXPECT_EQ(t.result()->winner, 0);
}

TEST(TableOffers, NewReasonsSurviveRestoreAndOffersDoNot) {
    for (const char* reason : {"agreed", "aborted", "abandoned"}) {
        TableSpec spec;
        spec.seats.resize(2);
        Table t("r1", spec, 0, 0);
        t.join(0, "Ada", "tokA", 0);
        t.join(1, "Bob", "tokB", 0);
        const json result = {{"winner", std::string(reason) == "abandoned" ? json(1) : json()},
                             {"counts", {2, 2}},
                             {"reason", reason}};
        const Table r = Table::restore("r1", t.spec_json(), 0, {}, result, 0);
        EXPECT_EQ(reason_name(r.result()->reason), reason);
        EXPECT_EQ(r.result_json()["reason"], reason);
    }
    TableSpec spec;
    spec.seats.resize(2);
    Table t("r2", spec, 0, 0);
    EXPECT_THROW(
        Table::restore("r2", t.spec_json(), 0, {},
                       {{"winner", nullptr}, {"counts", {2, 2}}, {"reason", "mystery"}}, 0),
        std::runtime_error);
    // Offers are not stored: a restarted server starts without them.
    const TempDb db("transient");
    std::string id, token_a;
    {
        Hub h(db.path, quick_options());
        TwoPlayers p(h);
        id = p.id;
        token_a = p.token_a;
        play_first_legal(h, p);
        h.send(p.a, {{"type", "offer"}, {"kind", "draw"}});
        ASSERT_EQ(offers_of(p.b).size(), 1u);
        p.leave(h);
    }
    Hub h(db.path, quick_options());
    FakeSubscriber a;
    h.subscribe(a, id, token_a);
    EXPECT_EQ(a.table()["offers"], json::array());
    EXPECT_EQ(a.table()["ply"], 1);
    h.hub->unsubscribe(a);
}

TEST(TableOffers, RandomSeatIsAHumanSeat) {
    const TempDb db("random");
    Hub h(db.path, quick_options());
    std::set<int> seen;
    for (int i = 0; i < 24; ++i) {
        const json made = h.create({{"seat", "random"}}, "10.0.1." + std::to_string(i));
        seen.insert(made["seat"].get<int>());
        EXPECT_EQ(made["table_state"]["you"], json({made["seat"]}));
    }
    EXPECT_EQ(seen, std::set<int>({0, 1}));  // all alike 24 times: 1 in 8 million
    for (int i = 0; i < 6; ++i) {
        const json made =
            h.create({{"seats", {{{"type", "computer"}, {"level", 1}}, {{"type", "human"}}}},
                      {"seat", "random"}},
                     "10.0.2." + std::to_string(i));
        EXPECT_EQ(made["seat"], 1);
    }
    const Reply r =
        h.call([&](Respond f) { h.hub->create_table(R"({"seat":"left"})", f, "10.0.3.1"); });
    EXPECT_EQ(r.status, 400);
}

TEST(TableOffers, ComputerWaitsThePauseBeforeItsReply) {
    const TempDb db("pause");
    HubOptions options = quick_options();
    options.limits.computer_pause_ms = 60'000;
    Hub h(db.path, options);
    const json made = h.create(
        {{"seats", {{{"type", "human"}}, {{"type", "computer"}, {"level", 1}}}}, {"seat", 0}});
    FakeSubscriber a;
    h.subscribe(a, made["table"], made["token"]);
    h.send(a, {{"type", "move"}, {"square", "f5"}});
    // A level-1 search takes milliseconds; the reply still waits for the pause.
    h.settle(300ms);
    EXPECT_EQ(a.table()["ply"], 1);
    EXPECT_EQ(a.table()["to_move"], 1);
    // Undo during the pause: the pending reply is dropped, the human moves again.
    h.send(a, {{"type", "undo"}});
    EXPECT_EQ(a.table()["ply"], 0);
    h.hub->unsubscribe(a);
}

}  // namespace
}  // namespace reversi::server
