// SPDX-License-Identifier: MIT
// A bot's API tokens through the real server (docs/PROTOCOL.md "Bot API"; issue 48, 8): at
// most five live at once, listed by id (never the token), revoked one by one, made and revoked
// only from a login (a token cannot replace itself), a revoked one's socket closed; they
// outlive a restart, and a bot that held thousands before the limit keeps the five it used
// last.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <set>

#include "accounts_client.h"
#include "server/accounts/accounts.h"
#include "server/common/secrets.h"
#include "server/storage/sqlite/storage.h"
#include "server_harness.h"

namespace reversi::server::testing_support {
namespace {

std::string code_of(const BrowserReply& r) {
    return r.data().value("code", "");
}

// The bot's owner, logged in as the new bot account `name`.
Browser bot_owner(unsigned short port, const std::string& name) {
    Browser b(port);
    b.get("/api/me");
    EXPECT_EQ(b.post("/api/register", {{"name", name}, {"password", "correct horse"}}).status, 200);
    EXPECT_EQ(b.post("/api/bot/account", json::object()).status, 200);
    return b;
}

// A client that sends `token` as its bearer, as the bridge does.
Browser with_token(unsigned short port, const std::string& token) {
    Browser b(port);
    b.set_header("Authorization", "Bearer " + token);
    return b;
}

std::set<std::string> listed_ids(Browser& owner) {
    const BrowserReply listed = owner.get("/api/bot/tokens");
    EXPECT_EQ(listed.status, 200) << listed.body;
    std::set<std::string> ids;
    const json data = listed.data();
    for (const json& t : data["tokens"]) {
        EXPECT_FALSE(t.contains("token")) << "a listed token shows its secret: " << t.dump();
        ids.insert(t["id"].get<std::string>());
    }
    return ids;
}

TEST(BotTokens, ABotHoldsAtMostFiveListedRevocableTokens) {
    TempDir dir("bot_tokens");
    auto server = std::make_unique<ServerProcess>(dir.path);
    Browser owner = bot_owner(server->port, "TokenBot");

    std::vector<json> made;
    for (int i = 0; i < MaxBotTokens; ++i) {
        const BrowserReply r = owner.post("/api/bot/token", json::object());
        ASSERT_EQ(r.status, 200) << r.body;
        made.push_back(r.data());
        EXPECT_EQ(made.back()["token"].get<std::string>().size(), 32u);
        EXPECT_EQ(made.back()["name"], "TokenBot");
    }
    // The sixth is refused until one is revoked.
    const BrowserReply sixth = owner.post("/api/bot/token", json::object());
    EXPECT_EQ(sixth.status, 409) << sixth.body;
    EXPECT_EQ(code_of(sixth), "token_limit");

    std::set<std::string> ids;
    for (const json& m : made) ids.insert(m["id"].get<std::string>());
    EXPECT_EQ(ids.size(), made.size());
    EXPECT_EQ(listed_ids(owner), ids);
    EXPECT_EQ(owner.get("/api/bot/tokens").data()["max"], MaxBotTokens);

    // Every token is the bot; one cannot make, or revoke, tokens.
    Browser first = with_token(server->port, made[0]["token"]);
    EXPECT_EQ(first.get("/api/me").data()["name"], "TokenBot");
    EXPECT_EQ(listed_ids(first), ids);
    EXPECT_EQ(code_of(first.post("/api/bot/tokens/" + made[1]["id"].get<std::string>() + "/revoke",
                                 json::object())),
              "not_allowed");
    EXPECT_EQ(code_of(first.post("/api/bot/token", json::object())), "not_allowed");

    // Revoked: its socket closes, it is gone from the list, no longer the bot, and there is
    // room for a new one.
    CookieSocket lobby(server->port, "/ws/lobby",
                       "rv_session=" + made[0]["token"].get<std::string>());
    EXPECT_EQ(
        lobby.read_until([](const json& m) { return m.value("type", "") == "lobby"; })["me"]["bot"],
        true);
    const std::string gone = made[0]["id"];
    const BrowserReply revoked = owner.post("/api/bot/tokens/" + gone + "/revoke", json::object());
    ASSERT_EQ(revoked.status, 200) << revoked.body;
    EXPECT_EQ(code_of(owner.post("/api/bot/tokens/" + gone + "/revoke", json::object())),
              "not_found");
    EXPECT_NE(first.get("/api/me").data()["name"], "TokenBot");
    try {
        lobby.read_until([](const json&) { return false; }, 5);
        ADD_FAILURE() << "the revoked token's socket stayed open";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()).find("timed out"), std::string::npos) << e.what();
    }
    ids.erase(gone);
    EXPECT_EQ(listed_ids(owner), ids);
    const BrowserReply again = owner.post("/api/bot/token", json::object());
    ASSERT_EQ(again.status, 200) << again.body;
    ids.insert(again.data()["id"].get<std::string>());

    // A person has no tokens to list.
    Browser ada(server->port);
    ada.get("/api/me");
    ASSERT_EQ(
        ada.post("/api/register", {{"name", "AdaPerson"}, {"password", "correct horse"}}).status,
        200);
    EXPECT_EQ(code_of(ada.get("/api/bot/tokens")), "not_allowed");

    // The tokens, and their limit, outlive a restart.
    server.reset();
    server = std::make_unique<ServerProcess>(dir.path);
    Browser owner_again(server->port);
    owner_again.set_cookie(owner.cookie());
    EXPECT_EQ(listed_ids(owner_again), ids);
    EXPECT_EQ(code_of(owner_again.post("/api/bot/token", json::object())), "token_limit");
    Browser second = with_token(server->port, made[1]["token"]);
    EXPECT_EQ(second.get("/api/me").data()["name"], "TokenBot");
}

TEST(BotTokens, ABotThatHeldManyTokensKeepsTheFiveUsedLast) {
    TempDir dir("bot_tokens_trim");
    auto server = std::make_unique<ServerProcess>(dir.path);
    Browser owner = bot_owner(server->port, "OldBot");
    const int64_t bot = owner.get("/api/me").data()["id"];
    server.reset();

    // Eight tokens as a store from before the limit holds them: the later used, the kept.
    std::vector<std::string> tokens;
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    {
        SqliteStorage store((dir.path / "test.db").string());
        store.begin();
        for (int i = 0; i < 8; ++i) {
            tokens.push_back(random_token());
            store.save_session({token_hash(tokens.back()), bot, 1000, now - (8 - i) * 1000, true});
        }
        store.commit();
    }
    server = std::make_unique<ServerProcess>(dir.path);
    for (int i = 0; i < 8; ++i) {
        Browser b = with_token(server->port, tokens[i]);
        EXPECT_EQ(b.get("/api/me").data()["name"] == "OldBot", i >= 3) << "token " << i;
    }
    Browser owner_again(server->port);
    owner_again.set_cookie(owner.cookie());
    EXPECT_EQ(listed_ids(owner_again).size(), static_cast<std::size_t>(MaxBotTokens));
}

}  // namespace
}  // namespace reversi::server::testing_support
