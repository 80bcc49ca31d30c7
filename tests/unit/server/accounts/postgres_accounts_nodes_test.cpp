// SPDX-License-Identifier: MIT
// Accounts across nodes (docs/MULTINODE.md "Accounts across nodes"): two Accounts, each with
// its own PostgreSQL store and storage thread (two nodes), on one database and one network
// loop. Player ids never collide, a session made on one node identifies on the other, logout
// and a password change on one end the session on the other at its next check, one name
// registered on both at once gives one player and `name_taken`, and a rated end starts from
// the stored ratings even when this node's cache is stale. Needs $REVERSI_TEST_PG.
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>
#include <sodium.h>

#include <chrono>
#include <set>

#include "server/accounts/accounts.h"
#include "server/rating/rated_end.h"
#include "server/storage/postgres/storage.h"
#include "storage_backends.h"

namespace reversi::server {
namespace {

struct Node {
    Node(net::io_context& ioc, const std::string& uri, AccountsOptions options)
        : store(uri),
          queue(store, [&ioc](std::function<void()> f) { net::post(ioc, std::move(f)); }),
          accounts(ioc, queue, options) {
        accounts.restore(store);
    }
    ~Node() { queue.stop(); }
    PostgresStorage store;
    StorageQueue queue;
    Accounts accounts;
};

AccountsOptions shared_options(int64_t recheck_ms) {
    AccountsOptions o;
    o.hash_ops = crypto_pwhash_OPSLIMIT_MIN;
    o.hash_memory = crypto_pwhash_MEMLIMIT_MIN;
    o.guests_per_minute = 100'000;
    o.logins.attempts_per_minute = 1'000;
    o.shared_store = true;
    o.session_recheck_ms = recheck_ms;
    return o;
}

// "rv_session=TOKEN" from a Set-Cookie value.
std::string cookie_of(const std::string& set_cookie) {
    return set_cookie.substr(0, set_cookie.find(';'));
}

class PostgresAccountsNodes : public testing::Test {
  protected:
    void SetUp() override {
        const std::string server = testing_backends::test_server_uri();
        if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
        db_ = std::make_unique<testing_backends::PostgresDb>(server);
        // The first store made migrates the database; b checks every session on each request.
        a_ = std::make_unique<Node>(ioc_, db_->uri(), shared_options(60'000));
        b_ = std::make_unique<Node>(ioc_, db_->uri(), shared_options(0));
    }
    void TearDown() override {
        b_.reset();
        a_.reset();
    }
    // Runs the loop until `done` holds; fails the test after 5 s rather than hanging.
    void run_until(const std::function<bool()>& done) {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        while (!done() && std::chrono::steady_clock::now() < give_up) {
            ioc_.restart();
            ioc_.run_for(std::chrono::milliseconds(5));
        }
        ASSERT_TRUE(done()) << "gave up waiting";
    }
    // Waits until every write `node` queued so far has committed (a read queues behind them).
    void settle(Node& node) {
        bool done = false;
        node.queue.read([](Storage&) {}, [&done] { done = true; });
        run_until([&] { return done; });
    }
    Identity identify(Node& node, const std::string& cookie) {
        bool resolved = false;
        node.accounts.resolve(cookie, [&resolved] { resolved = true; });
        run_until([&] { return resolved; });
        return node.accounts.identify(cookie);
    }
    Reply call(const std::function<void(Respond)>& start) {
        std::optional<Reply> reply;
        start([&reply](Reply r) { reply = std::move(r); });
        run_until([&] { return reply.has_value(); });
        return reply.value_or(Reply{});
    }
    // A new guest on `node`, committed.
    struct Guest {
        Identity who;
        std::string cookie;
    };
    Guest guest(Node& node) {
        const Accounts::Ensured made = node.accounts.ensure({}, "192.0.2.1");
        settle(node);
        return {made.identity, cookie_of(made.set_cookie)};
    }
    // Another connection to the database, for checks behind the nodes' backs.
    std::unique_ptr<PostgresStorage> look() {
        return std::make_unique<PostgresStorage>(db_->uri());
    }
    static std::string login_body(const std::string& name, const std::string& password) {
        return json{{"name", name}, {"password", password}}.dump();
    }

    net::io_context ioc_;
    std::unique_ptr<testing_backends::PostgresDb> db_;
    std::unique_ptr<Node> a_, b_;
};

TEST_F(PostgresAccountsNodes, IdsAndGuestNamesNeverCollide) {
    std::set<int64_t> ids;
    std::set<std::string> names;
    int made = 0;
    // 150 guests per node: more than two blocks each, refilled while guests keep coming.
    for (int i = 0; i < 150; ++i) {
        for (Node* node : {a_.get(), b_.get()}) {
            Accounts::Ensured e = node->accounts.ensure({}, "192.0.2.1");
            // The block ran out before its refill landed (the loop has not run meanwhile):
            // the refill is on its way.
            const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
            while (!e.identity.player && std::chrono::steady_clock::now() < give_up) {
                ioc_.restart();
                ioc_.run_for(std::chrono::milliseconds(5));
                e = node->accounts.ensure({}, "192.0.2.1");
            }
            ASSERT_NE(e.identity.player, 0);
            ids.insert(e.identity.player);
            names.insert(e.identity.name);
            ++made;
        }
    }
    EXPECT_EQ(static_cast<int>(ids.size()), made);
    EXPECT_EQ(static_cast<int>(names.size()), made);
    settle(*a_);
    settle(*b_);
    EXPECT_EQ(static_cast<int>(look()->players().size()), made);
}

TEST_F(PostgresAccountsNodes, ASessionMadeOnOneNodeIdentifiesOnTheOther) {
    const Guest g = guest(*a_);
    const Identity ada = g.who;
    const std::string cookie = g.cookie;
    const Identity seen = identify(*b_, cookie);
    EXPECT_EQ(seen.player, ada.player);
    EXPECT_EQ(seen.name, ada.name);

    // Registered on a: b sees the new name, and b logs the player in with its password.
    const Reply reg = call([&](Respond r) {
        a_->accounts.register_player(ada, login_body("AdaAcross", "correct horse"), "192.0.2.1", r);
    });
    ASSERT_EQ(reg.status, 200) << reg.body;
    // The registration set a new token (issue 27, finding 7): the guest's one ends on b too.
    const std::string registered = cookie_of(reg.set_cookie);
    EXPECT_NE(registered, cookie);
    EXPECT_EQ(identify(*b_, registered).name, "AdaAcross");
    const Reply login = call([&](Respond r) {
        b_->accounts.login("", login_body("adaacross", "correct horse"), "192.0.2.2", r);
    });
    ASSERT_EQ(login.status, 200) << login.body;
    EXPECT_EQ(json::parse(login.body)["id"], ada.player);
    const Reply profile = call([&](Respond r) { b_->accounts.profile("AdaAcross", r); });
    EXPECT_EQ(profile.status, 200) << profile.body;

    // An unknown token is asked once, then remembered as unknown.
    const std::string forged = "rv_session=0123456789abcdef0123456789abcdef";
    EXPECT_EQ(identify(*b_, forged).player, 0);
    bool at_once = false;
    b_->accounts.resolve(forged, [&at_once] { at_once = true; });
    EXPECT_TRUE(at_once);
}

TEST_F(PostgresAccountsNodes, LogoutAndPasswordChangeOnOneNodeEndTheSessionOnTheOther) {
    const Guest g = guest(*a_);
    const Identity ada = g.who;
    const Reply reg = call([&](Respond r) {
        a_->accounts.register_player(ada, login_body("AdaLogout", "correct horse"), "192.0.2.1", r);
    });
    ASSERT_EQ(reg.status, 200);
    const std::string cookie = cookie_of(reg.set_cookie);
    ASSERT_EQ(identify(*b_, cookie).player, ada.player);
    call([&](Respond r) { a_->accounts.logout(cookie, r); });
    settle(*a_);
    // b checks its cached session again (its interval here: every request) and drops it.
    EXPECT_EQ(identify(*b_, cookie).player, 0);

    // A password change on a ends every other session, b's included.
    const Reply on_a = call([&](Respond r) {
        a_->accounts.login("", login_body("AdaLogout", "correct horse"), "192.0.2.1", r);
    });
    const Reply on_b = call([&](Respond r) {
        b_->accounts.login("", login_body("AdaLogout", "correct horse"), "192.0.2.2", r);
    });
    ASSERT_EQ(on_a.status, 200) << on_a.body;
    ASSERT_EQ(on_b.status, 200) << on_b.body;
    settle(*b_);
    const std::string a_cookie = cookie_of(on_a.set_cookie);
    const std::string b_cookie = cookie_of(on_b.set_cookie);
    ASSERT_EQ(identify(*b_, b_cookie).player, ada.player);
    ASSERT_EQ(identify(*a_, a_cookie).player, ada.player);
    const Reply changed = call([&](Respond r) {
        a_->accounts.change_password(
            a_cookie, json{{"old", "correct horse"}, {"new", "battery staple"}}.dump(), "192.0.2.1",
            r);
    });
    ASSERT_EQ(changed.status, 200) << changed.body;
    settle(*a_);
    EXPECT_EQ(identify(*b_, b_cookie).player, 0);
    EXPECT_EQ(identify(*a_, a_cookie).player, ada.player);
    // The new password works on b, the old one no longer.
    EXPECT_EQ(call([&](Respond r) {
                  b_->accounts.login("", login_body("AdaLogout", "correct horse"), "192.0.2.3", r);
              }).status,
              403);
    EXPECT_EQ(call([&](Respond r) {
                  b_->accounts.login("", login_body("AdaLogout", "battery staple"), "192.0.2.3", r);
              }).status,
              200);
}

// Issue 48, 8: a bot's tokens are counted across nodes, so five made on two nodes fill its
// allowance on both, and one revoked on one node leaves the other's list.
TEST_F(PostgresAccountsNodes, ABotsTokensAreCountedAcrossNodes) {
    const Guest g = guest(*a_);
    const Reply reg = call([&](Respond r) {
        a_->accounts.register_player(g.who, login_body("BotAcross", "correct horse"), "192.0.2.1",
                                     r);
    });
    ASSERT_EQ(reg.status, 200) << reg.body;
    const std::string owner = cookie_of(reg.set_cookie);
    ASSERT_EQ(call([&](Respond r) { a_->accounts.become_bot(identify(*a_, owner), r); }).status,
              200);
    settle(*a_);
    const auto make = [&](Node& node) {
        const Identity who = identify(node, owner);
        const Reply made = call([&](Respond r) { node.accounts.bot_token(owner, who, r); });
        if (made.status == 200) settle(node);
        return made;
    };
    const auto listed = [&](Node& node) {
        const Identity who = identify(node, owner);
        return json::parse(call([&](Respond r) { node.accounts.bot_tokens(who, r); }).body);
    };
    std::vector<std::string> ids;
    for (Node* node : {a_.get(), a_.get(), a_.get(), b_.get(), b_.get()}) {
        const Reply made = make(*node);
        ASSERT_EQ(made.status, 200) << made.body;
        ids.push_back(json::parse(made.body)["id"]);
    }
    for (Node* node : {a_.get(), b_.get()}) {
        const Reply sixth = make(*node);
        EXPECT_EQ(sixth.status, 409) << sixth.body;
        EXPECT_EQ(json::parse(sixth.body)["code"], "token_limit");
    }
    EXPECT_EQ(listed(*b_)["tokens"].size(), 5u);

    const Reply revoked = call([&](Respond r) {
        a_->accounts.revoke_bot_token(owner, identify(*a_, owner), ids[4], r);  // b's token
    });
    ASSERT_EQ(revoked.status, 200) << revoked.body;
    settle(*a_);
    const json left = listed(*b_)["tokens"];
    ASSERT_EQ(left.size(), 4u) << left.dump();
    for (const json& t : left) EXPECT_NE(t["id"], ids[4]);
    EXPECT_EQ(make(*b_).status, 200);
}

TEST_F(PostgresAccountsNodes, OneNameRegisteredOnBothNodesAtOnceGivesOnePlayer) {
    const Guest on_a = guest(*a_), on_b = guest(*b_);
    const Identity ga = on_a.who, gb = on_b.who;
    const std::string ca = on_a.cookie, cb = on_b.cookie;
    std::optional<Reply> ra, rb;
    a_->accounts.register_player(ga, login_body("Twin", "correct horse"), "192.0.2.1",
                                 [&ra](Reply r) { ra = std::move(r); });
    b_->accounts.register_player(gb, login_body("twin", "correct horse"), "192.0.2.2",
                                 [&rb](Reply r) { rb = std::move(r); });
    run_until([&] { return ra && rb; });
    ASSERT_TRUE(ra && rb);
    const std::multiset<int> statuses{ra->status, rb->status};
    EXPECT_EQ(statuses, (std::multiset<int>{200, 409})) << ra->body << " / " << rb->body;
    const Reply& refused = ra->status == 409 ? *ra : *rb;
    EXPECT_EQ(json::parse(refused.body)["code"], "name_taken");
    int twins = 0;
    for (const StoredPlayer& p : look()->players()) twins += p.name_key == "twin";
    EXPECT_EQ(twins, 1);
    // The refused guest is still a guest, on its own node and in the store.
    const Identity loser = ra->status == 409 ? identify(*a_, ca) : identify(*b_, cb);
    EXPECT_TRUE(loser.guest);
}

TEST_F(PostgresAccountsNodes, ARatedEndStartsFromTheStoredRatingsNotAStaleCache) {
    const Identity ada = guest(*a_).who;
    const Identity bob = guest(*b_).who;
    // b settled a game meanwhile: ada's stored rating moved; a's cache still has the start.
    StoredRating moved{ada.player, "8x8", 1620.5, 180.25, 0.0601, 3};
    bool written = false;
    b_->queue.write([moved](Storage& s) { s.save_rating(moved); },
                    [&written](bool ok) { written = ok; });
    run_until([&] { return written; });
    const StoredRating cached_a = a_->accounts.rating(ada.player, "8x8");
    ASSERT_EQ(cached_a.games, 0);

    TableResult result;
    result.winner = 1;  // bob wins
    result.counts = {20, 44};
    RatedEnd end;
    end.result = result;
    end.changes = rate_game(result, false, {cached_a, a_->accounts.rating(bob.player, "8x8")});
    std::vector<StoredRating> rerated;
    end.rerated = [&rerated](const std::vector<StoredRating>& r) { rerated = r; };
    std::vector<RatingChange> saved;
    std::optional<bool> committed;
    a_->queue.write([&saved, &end](Storage& s) { saved = save_rated_end(s, end, true); },
                    [&committed](bool ok) { committed = ok; });
    run_until([&] { return committed.has_value(); });
    ASSERT_TRUE(committed.value_or(false));

    const std::vector<RatingChange> expected =
        rate_game(result, false, {moved, StoredRating{bob.player, "8x8"}});
    ASSERT_EQ(saved.size(), 2u);
    EXPECT_EQ(saved[0].before.rating, moved.rating);
    EXPECT_EQ(saved[0].after.rating, expected[0].after.rating);
    EXPECT_EQ(saved[0].after.games, moved.games + 1);
    EXPECT_NE(saved[0].after.rating, end.changes[0].after.rating);
    ASSERT_EQ(rerated.size(), 2u);
    int stored_rows = 0;
    for (const StoredRating& r : look()->ratings_of(ada.player)) {
        if (r.pool != "8x8") continue;
        ++stored_rows;
        EXPECT_EQ(r.rating, expected[0].after.rating);
    }
    EXPECT_EQ(stored_rows, 1);

    // The leaderboard on either node is the store's.
    const Reply board = call([&](Respond r) { b_->accounts.leaderboard("8x8", 10, r); });
    const json players = json::parse(board.body)["players"];
    ASSERT_EQ(players.size(), 2u) << board.body;
    std::set<std::string> names{players[0]["name"], players[1]["name"]};
    EXPECT_EQ(names, (std::set<std::string>{ada.name, bob.name}));
}

}  // namespace
}  // namespace reversi::server
#endif
