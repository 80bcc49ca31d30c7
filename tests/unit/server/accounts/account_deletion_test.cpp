// SPDX-License-Identifier: MIT
// Issue 27, "Moderation": a player deletes their account with their password. The rated game
// stays (under deleted-<id>; before, its owner downloads it as GGF), the name is closed for
// good (issue 48), the sessions and the open socket end, the rating leaves the leaderboard, and the
// anonymous name cannot be registered.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "accounts_client.h"
#include "core/ggf.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// Issue 48, loose end of item 3: the bytes of a deleted account's name and of its chat leave
// the SQLite file (secure_delete), not only its rows: after the deletion and a clean stop (the
// WAL checkpointed into the file), neither is found anywhere in the database's bytes.
TEST(AccountDeletion, TheDeletedNameAndChatLeaveNoBytesInTheDatabaseFile) {
    const auto is = [](const json& m, const char* type) { return m.value("type", "") == type; };
    TempDir dir("acc_delete_bytes");
    const std::string name = "Xyzzyqual", said = "my number is 555-0142 qwfpgj";
    {
        ServerProcess server(dir.path);
        Browser x(server.port);
        ASSERT_EQ(x.post("/api/register", {{"name", name}, {"password", "xyz password"}}).status,
                  200);
        const std::string table = x.post("/api/tables", {{"seat", 0}}).data()["table"];
        CookieSocket s(server.port, "/ws?table=" + table, x.cookie());
        s.read_until([&](const json& m) { return is(m, "state"); });
        s.send({{"type", "chat"}, {"text", said}});
        s.read_until([&](const json& m) { return is(m, "chat"); });
        const auto deleted = x.post("/api/account/delete", {{"password", "xyz password"}});
        ASSERT_EQ(deleted.status, 200) << deleted.body;
    }  // a clean stop: the last writes committed, the WAL checkpointed into the file
    std::string bytes;
    for (const char* file : {"test.db", "test.db-wal"}) {
        std::ifstream in(dir.path / file, std::ios::binary);
        bytes += std::string(std::istreambuf_iterator<char>(in), {});
    }
    ASSERT_GT(bytes.size(), 4096u);
    EXPECT_EQ(bytes.find(name), std::string::npos) << "the name is still in the file";
    EXPECT_EQ(bytes.find("xyzzyqual"), std::string::npos) << "its folded key is still there";
    EXPECT_EQ(bytes.find("qwfpgj"), std::string::npos) << "the chat is still in the file";
}

TEST(AccountDeletion, GamesStayUnderAnAnonymousNameAndEverythingElseGoes) {
    const auto is_state = [](const json& m) { return m.value("type", "") == "state"; };
    TempDir dir("acc_delete");
    ServerProcess server(dir.path);
    Browser ada(server.port), bob(server.port, "127.0.0.1", "127.0.0.2");
    ASSERT_EQ(ada.post("/api/register", {{"name", "Ada"}, {"password", "ada password"}}).status,
              200);
    ASSERT_EQ(bob.post("/api/register", {{"name", "Bob"}, {"password", "bob password"}}).status,
              200);
    const int64_t ada_id = ada.get("/api/me").data()["id"];
    const std::string table =
        ada.post("/api/tables", {{"seat", 0}, {"rated", true}}).data()["table"];
    ASSERT_EQ(bob.post("/api/tables/" + table + "/join", {{"seat", 1}}).status, 200);
    CookieSocket a(server.port, "/ws?table=" + table, ada.cookie());
    a.read_until(is_state);
    CookieSocket b(server.port, "/ws?table=" + table, bob.cookie(), bob.from());
    a.send({{"type", "move"}, {"square", "d3"}});
    b.read_until([&](const json& m) { return is_state(m) && m["table"]["ply"] == 1; });
    b.send({{"type", "move"}, {"square", "c3"}});
    a.read_until([&](const json& m) { return is_state(m) && m["table"]["ply"] == 2; });
    a.send({{"type", "resign"}});
    a.read_until([&](const json& m) { return is_state(m) && m["table"]["status"] == "finished"; });
    ASSERT_EQ(ada.get("/api/leaderboard?pool=8x8").data()["players"].size(), 2u);
    // Download my games (GGF): the finished game, read back by the GGF reader.
    const auto ggf = ada.request(http::verb::get, "/api/account/games.ggf");
    ASSERT_EQ(ggf.status, 200);
    const core::GgfFileGames file = core::split_ggf_file(ggf.body, 100);
    ASSERT_EQ(file.games.size(), 1u) << ggf.body;
    const core::GgfRecord record = core::parse_ggf(file.games[0]);
    EXPECT_EQ(record.info.black, "Ada");
    EXPECT_EQ(record.info.white, "Bob");
    EXPECT_EQ(record.game.moves().size(), 2u);
    EXPECT_FALSE(record.info.result.empty());
    Browser newcomer(server.port, "127.0.0.1", "127.0.0.6");
    newcomer.get("/api/me");
    const auto none = newcomer.request(http::verb::get, "/api/account/games.ggf");
    EXPECT_EQ(none.status, 200);
    EXPECT_TRUE(core::split_ggf_file(none.body, 100).games.empty());
    CookieSocket table_socket(server.port, "/ws?table=" + table, ada.cookie());
    table_socket.read_until(is_state);

    // Not without the right password, and never for a guest.
    const auto wrong = ada.post("/api/account/delete", {{"password", "not it at all"}});
    EXPECT_NE(wrong.status, 200);
    EXPECT_EQ(wrong.data()["code"], "bad_login");
    Browser guest(server.port, "127.0.0.1", "127.0.0.3");
    guest.get("/api/me");
    EXPECT_NE(guest.post("/api/account/delete", {{"password", "whatever it is"}}).status, 200);
    EXPECT_EQ(ada.get("/api/me").data()["name"], "Ada");

    const std::string old_cookie = ada.cookie();
    const auto deleted = ada.post("/api/account/delete", {{"password", "ada password"}});
    ASSERT_EQ(deleted.status, 200) << deleted.body;
    // The open socket closes (a lobby socket the same way: Lobby::disconnect_player).
    EXPECT_THROW(table_socket.read_until([](const json&) { return false; }, 5), std::runtime_error);
    // The old session is gone; the name is free, the anonymous one is not.
    Browser stale(server.port, "127.0.0.1", "127.0.0.4");
    stale.set_cookie(old_cookie);
    EXPECT_TRUE(stale.get("/api/me").data()["guest"]);
    EXPECT_EQ(bob.get("/api/players/Ada").status, 404);
    const std::string anonymous = "deleted-" + std::to_string(ada_id);
    const json profile = bob.get("/api/players/" + anonymous).data();
    EXPECT_EQ(profile["stats"]["games"], 1);  // the game stays
    const json board = bob.get("/api/leaderboard?pool=8x8").data();
    ASSERT_EQ(board["players"].size(), 1u);
    EXPECT_EQ(board["players"][0]["name"], "Bob");
    Browser other(server.port, "127.0.0.1", "127.0.0.5");
    EXPECT_EQ(
        other.post("/api/register", {{"name", anonymous}, {"password", "long enough"}}).status,
        400);
    EXPECT_EQ(
        other.post("/api/login", {{"name", anonymous}, {"password", "ada password"}}).status == 200,
        false);
    // Issue 48: the old name is never given again (account_anonymised_test.cpp).
    EXPECT_EQ(other.post("/api/register", {{"name", "Ada"}, {"password", "new ada pass"}}).status,
              409);
}

}  // namespace
}  // namespace reversi::server
