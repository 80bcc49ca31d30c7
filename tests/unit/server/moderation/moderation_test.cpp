// SPDX-License-Identifier: MIT
// Moderation against the real server (docs/SITE.md "Moderation"): roles given only by
// `reversi admin role`, a mute that refuses chat with its own code, a ban that ends the
// sessions, closes the sockets and refuses the login, players' reports of chat lines in the
// moderators' queue, a hidden line gone from every log, and every action in the audit log.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// Runs `reversi admin role --db DB NAME ROLE`; returns its exit status.
int admin_role(const std::filesystem::path& dir, const std::string& name, const std::string& role) {
    const pid_t pid = fork();
    if (pid == 0) {
        const std::string db = (dir / "test.db").string();
        execl(REVERSI_BINARY, REVERSI_BINARY, "admin", "role", "--db", db.c_str(), name.c_str(),
              role.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void sign_up(Browser& browser, const std::string& name) {
    const auto r = browser.post("/api/register", {{"name", name}, {"password", "long enough"}});
    ASSERT_EQ(r.status, 200) << r.body;
}

std::string code_of(const BrowserReply& r) {
    return r.data().value("code", "");
}

bool chat_error(const json& m) {
    return m.value("type", "") == "error" || m.value("type", "") == "chat";
}

class ModerationServer : public testing::Test {
  protected:
    // Ada, Bob and Moe registered; Moe made a moderator by the server command (the server
    // restarted so that the test need not wait for its refresh).
    void SetUp() override {
        server_ = std::make_unique<ServerProcess>(dir_.path);
        const std::pair<Browser*, const char*> players[] = {
            {&ada_, "Ada"}, {&bob_, "Bob"}, {&mo_, "Moe"}};
        for (const auto& [browser, name] : players) {
            *browser = Browser(server_->port);
            sign_up(*browser, name);
        }
        EXPECT_EQ(code_of(mo_.get("/api/mod/audit")), "forbidden");
        EXPECT_EQ(admin_role(dir_.path, "Moe", "moderator"), 0);
        EXPECT_EQ(admin_role(dir_.path, "Nobody", "moderator"), 1);
        server_.reset();
        server_ = std::make_unique<ServerProcess>(dir_.path);
        for (Browser* b : {&ada_, &bob_, &mo_}) {
            Browser moved(server_->port);
            moved.set_cookie(b->cookie());
            *b = moved;
        }
    }
    json table_for(Browser& browser) {
        const auto r = browser.post("/api/tables", {{"seat", 0}});
        EXPECT_EQ(r.status, 200) << r.body;
        return r.data();
    }

    TempDir dir_{"moderation"};
    std::unique_ptr<ServerProcess> server_;
    Browser ada_{0}, bob_{0}, mo_{0};
};

TEST_F(ModerationServer, AMuteRefusesChatAndABanEndsSessionsAndLogins) {
    EXPECT_EQ(mo_.get("/api/mod/me").data()["role"], "moderator");
    EXPECT_EQ(ada_.get("/api/mod/me").data()["role"], "");
    // Only a moderator acts, always with a reason, never on another moderator.
    EXPECT_EQ(code_of(ada_.post("/api/mod/sanctions",
                                {{"player", "Bob"}, {"kind", "mute"}, {"reason", "x"}})),
              "forbidden");
    EXPECT_EQ(code_of(mo_.post("/api/mod/sanctions", {{"player", "Bob"}, {"kind", "mute"}})),
              "reason_required");
    EXPECT_EQ(code_of(mo_.post("/api/mod/sanctions",
                               {{"player", "Moe"}, {"kind", "ban"}, {"reason", "x"}})),
              "forbidden");
    EXPECT_EQ(mo_.post("/api/mod/sanctions",
                       {{"player", "Bob"}, {"kind", "mute"}, {"minutes", -1}, {"reason", "x"}})
                  .status,
              400);
    const auto muted = mo_.post(
        "/api/mod/sanctions",
        {{"player", "bob"}, {"kind", "mute"}, {"minutes", 60}, {"reason", "insults in chat"}});
    ASSERT_EQ(muted.status, 200) << muted.body;
    EXPECT_EQ(muted.data()["player"], "Bob");
    EXPECT_GT(muted.data()["until"].get<int64_t>(), 0);

    const json table = table_for(ada_);
    const std::string target = "/ws?table=" + table["table"].get<std::string>();
    CookieSocket bob_ws(server_->port, target, bob_.cookie());
    CookieSocket ada_ws(server_->port, target + "&token=" + table["token"].get<std::string>(),
                        ada_.cookie());
    bob_ws.send({{"type", "chat"}, {"text", "you fool"}});
    const json refused = bob_ws.read_until(chat_error);
    EXPECT_EQ(refused["type"], "error");
    EXPECT_EQ(refused["code"], "muted");
    ada_ws.send({{"type", "chat"}, {"text", "hello"}});
    EXPECT_EQ(ada_ws.read_until(chat_error)["type"], "chat");

    // The ban: Bob's session ends, his sockets close, his password no longer logs him in.
    CookieSocket bob_lobby(server_->port, "/ws/lobby", bob_.cookie());
    bob_lobby.read_until([](const json& m) { return m["type"] == "lobby"; });
    const auto banned = mo_.post("/api/mod/sanctions",
                                 {{"player", "Bob"}, {"kind", "ban"}, {"reason", "ban evasion"}});
    ASSERT_EQ(banned.status, 200) << banned.body;
    EXPECT_EQ(banned.data()["until"], 0);
    for (CookieSocket* socket : {&bob_ws, &bob_lobby}) {
        try {
            socket->read_until([](const json&) { return false; }, 5);
            ADD_FAILURE() << "a socket stayed open";
        } catch (const std::runtime_error& e) {
            EXPECT_EQ(std::string(e.what()).find("timed out"), std::string::npos) << e.what();
        }
    }
    Browser bob_again(server_->port);
    bob_again.set_cookie(bob_.cookie());
    EXPECT_NE(bob_again.get("/api/me").data()["name"], "Bob");
    Browser login(server_->port);
    EXPECT_EQ(code_of(login.post("/api/login", {{"name", "Bob"}, {"password", "long enough"}})),
              "banned");
    EXPECT_EQ(code_of(login.post("/api/login", {{"name", "Bob"}, {"password", "wrong one!"}})),
              "bad_login");
    // Lifted, the login works again.
    ASSERT_EQ(mo_.post("/api/mod/sanctions",
                       {{"player", "Bob"}, {"kind", "ban"}, {"lift", true}, {"reason", "appeal"}})
                  .status,
              200);
    EXPECT_EQ(login.post("/api/login", {{"name", "Bob"}, {"password", "long enough"}}).status, 200);

    // Every action is in the audit log, newest first, with who, whom and why.
    const auto audit = mo_.get("/api/mod/audit?limit=10");
    ASSERT_EQ(audit.status, 200) << audit.body;
    const json entries = audit.data()["entries"];
    ASSERT_EQ(entries.size(), 4u) << entries.dump();
    EXPECT_EQ(entries[0]["action"], "lift_ban");
    EXPECT_EQ(entries[0]["reason"], "appeal");
    EXPECT_EQ(entries[1]["action"], "ban");
    EXPECT_EQ(entries[1]["moderator"], "Moe");
    EXPECT_EQ(entries[1]["player"], "Bob");
    EXPECT_EQ(entries[2]["action"], "mute");
    EXPECT_EQ(entries[2]["reason"], "insults in chat");
    EXPECT_EQ(entries[3]["action"], "role");
    // The command line is no player: no name a player could register stands for it.
    EXPECT_TRUE(entries[3]["moderator"].is_null());
    EXPECT_EQ(entries[3]["detail"], "moderator");
    EXPECT_EQ(
        mo_.get("/api/mod/audit?limit=1&before=" + std::to_string(entries[1]["id"].get<int>()))
            .data()["entries"][0]["action"],
        "mute");
}

TEST_F(ModerationServer, AReportedChatLineReachesTheQueueAndAHiddenLineLeavesTheLog) {
    const json table = table_for(ada_);
    const std::string target = "/ws?table=" + table["table"].get<std::string>();
    CookieSocket bob_ws(server_->port, target, bob_.cookie());
    bob_ws.send({{"type", "chat"}, {"text", "you fool"}});
    const json line = bob_ws.read_until(chat_error);
    ASSERT_EQ(line["type"], "chat") << line.dump();
    const int64_t seq = line["seq"];

    // Bounded input: a known reason, a line that exists, registered reporters only.
    const json report = {
        {"table", table["table"]}, {"seq", seq}, {"reason", "abuse"}, {"text", "rude"}};
    EXPECT_EQ(ada_.post("/api/reports", {{"table", table["table"]}, {"seq", seq}, {"reason", "x"}})
                  .status,
              400);
    EXPECT_EQ(
        ada_.post("/api/reports", {{"table", table["table"]}, {"seq", 99}, {"reason", "spam"}})
            .status,
        404);
    Browser guest(server_->port);
    EXPECT_EQ(code_of(guest.post("/api/reports", report)), "guest");
    EXPECT_EQ(code_of(bob_.post("/api/reports", report)), "bad_request");  // himself
    EXPECT_EQ(code_of(ada_.get("/api/mod/reports")), "forbidden");
    const auto filed = ada_.post("/api/reports", report);
    ASSERT_EQ(filed.status, 200) << filed.body;
    // One open report per reporter and player (issue 48, 9): the profile's is refused.
    EXPECT_EQ(code_of(ada_.post("/api/reports", {{"player", "Bob"}, {"reason", "name"}})),
              "already_reported");
    // Limited per reporter.
    int refused = 0;
    for (int i = 0; i < 6; ++i)
        refused += code_of(ada_.post("/api/reports", {{"player", "Bob"}, {"reason", "spam"}})) ==
                   "rate_limited";
    EXPECT_GE(refused, 1);

    // The queue groups the reports by player; the chat report is found by its id.
    const json groups = mo_.get("/api/mod/reports").data()["groups"];
    ASSERT_EQ(groups.size(), 1u) << groups.dump();
    EXPECT_EQ(groups[0]["player"], "Bob");
    EXPECT_EQ(groups[0]["count"], 1);
    const json queue = groups[0]["reports"];
    ASSERT_EQ(queue.size(), 1u);
    const auto chat_report = std::find_if(
        queue.begin(), queue.end(), [&](const json& r) { return r["id"] == filed.data()["id"]; });
    ASSERT_NE(chat_report, queue.end()) << queue.dump();
    EXPECT_EQ((*chat_report)["player"], "Bob");
    EXPECT_EQ((*chat_report)["reporter"], "Ada");
    EXPECT_EQ((*chat_report)["chat"], "Bob: you fool");
    EXPECT_EQ((*chat_report)["reason"], "abuse");

    // Hidden: every subscriber gets the log again without it, and so does a newcomer.
    ASSERT_EQ(mo_.post("/api/mod/chat/hide",
                       {{"table", table["table"]}, {"seq", seq}, {"reason", "insult"}})
                  .status,
              200);
    const json log = bob_ws.read_until([](const json& m) { return m["type"] == "chat_log"; });
    EXPECT_TRUE(log["messages"].empty()) << log.dump();
    CookieSocket newcomer(server_->port, target, "");
    EXPECT_TRUE(
        newcomer.read_until([](const json& m) { return m["type"] == "chat_log"; })["messages"]
            .empty());

    const std::string id = filed.data()["id"];
    EXPECT_EQ(
        mo_.post("/api/mod/reports/" + id + "/resolve", {{"resolution", "maybe"}, {"reason", "x"}})
            .status,
        400);
    ASSERT_EQ(mo_.post("/api/mod/reports/" + id + "/resolve",
                       {{"resolution", "actioned"}, {"reason", "line hidden"}})
                  .status,
              200);
    EXPECT_EQ(mo_.post("/api/mod/reports/" + id + "/resolve",
                       {{"resolution", "actioned"}, {"reason", "again"}})
                  .status,
              404);
    EXPECT_TRUE(mo_.get("/api/mod/reports").data()["groups"].empty());
    const json entries = mo_.get("/api/mod/audit").data()["entries"];
    ASSERT_GE(entries.size(), 2u);
    EXPECT_EQ(entries[0]["action"], "resolve_report");
    EXPECT_EQ(entries[0]["player"], "Bob");
    EXPECT_EQ(entries[1]["action"], "hide_chat");
    EXPECT_NE(entries[1]["detail"].get<std::string>().find("you fool"), std::string::npos);
}

// Issue 48, 9 and 20: one reporter cannot bury the queue (one open report per reporter and
// player, however often they press Report); the queue is grouped by reported player with
// counts, the most reported first and then the most recently reported; a player's group is
// resolved at once, up to the newest report the moderator saw; a missing reason is named.
// A report from a profile may name one of the reported player's games against the reporter
// (ui48); the queue gives it as the report's table. A game the reporter did not play against
// that player, or none, is refused, and a chat line's fields never come with it.
TEST_F(ModerationServer, AProfilesReportNamesAGameAgainstTheReporter) {
    const std::string game = table_for(ada_)["table"];
    const auto joined = bob_.post("/api/tables/" + game + "/join", {{"seat", 1}});
    ASSERT_EQ(joined.status, 200) << joined.body;
    const std::string others = table_for(mo_)["table"];  // Moe's: neither Ada nor Bob sat
    const std::string lone = table_for(ada_)["table"];   // Ada's, Bob not at it
    const json report = {{"player", "Bob"}, {"reason", "cheating"}, {"text", "engine"}};
    const auto with = [&](const json& id) {
        json r = report;
        r["game"] = id;
        return r;
    };
    EXPECT_EQ(code_of(ada_.post("/api/reports", with(others))), "not_found");
    EXPECT_EQ(code_of(ada_.post("/api/reports", with(lone))), "not_found");
    EXPECT_EQ(code_of(ada_.post("/api/reports", with("nosuchgame"))), "not_found");
    EXPECT_EQ(code_of(ada_.post("/api/reports", with(std::string(65, 'x')))), "bad_request");
    EXPECT_EQ(code_of(ada_.post("/api/reports", with(42))), "bad_request");
    const auto filed = ada_.post("/api/reports", with(game));
    ASSERT_EQ(filed.status, 200) << filed.body;
    const json groups = mo_.get("/api/mod/reports").data()["groups"];
    ASSERT_EQ(groups.size(), 1u) << groups.dump();
    const json filed_report = groups[0]["reports"].at(0);
    EXPECT_EQ(filed_report["id"], filed.data()["id"]);
    EXPECT_EQ(filed_report["player"], "Bob");
    EXPECT_EQ(filed_report["table"], game);
    EXPECT_FALSE(filed_report.contains("seq")) << "a game, not a chat line";
    EXPECT_FALSE(filed_report.contains("chat"));
    // Without a game, as before: Bob's report of Ada names none.
    const auto plain = bob_.post("/api/reports", {{"player", "Ada"}, {"reason", "name"}});
    ASSERT_EQ(plain.status, 200) << plain.body;
    for (const json& g : mo_.get("/api/mod/reports").data()["groups"]) {
        if (g["player"] == "Ada") {
            EXPECT_FALSE(g["reports"].at(0).contains("table"));
        }
    }
}

TEST_F(ModerationServer, TheQueueGroupsReportsByPlayerMostReportedAndNewestFirst) {
    std::vector<Browser> others;
    for (const char* name : {"Cyd", "Dee", "Eve"}) {
        others.emplace_back(server_->port);
        sign_up(others.back(), name);
    }
    Browser& cyd = others[0];
    Browser& dee = others[1];
    Browser& eve = others[2];
    const auto report = [](Browser& who, const char* player) {
        return who.post("/api/reports", {{"player", player}, {"reason", "abuse"}});
    };
    // Ada presses Report on Bob five times: one report.
    ASSERT_EQ(report(ada_, "Bob").status, 200);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(code_of(report(ada_, "Bob")), "already_reported");
    usleep(5'000);
    ASSERT_EQ(report(cyd, "Bob").status, 200);
    usleep(5'000);
    ASSERT_EQ(report(eve, "Cyd").status, 200);  // Cyd once, earlier than Dee
    usleep(5'000);
    ASSERT_EQ(report(dee, "Bob").status, 200);
    usleep(5'000);
    ASSERT_EQ(report(eve, "Dee").status, 200);  // Dee once, the newest

    const auto queue = [&] { return mo_.get("/api/mod/reports").data(); };
    json q = queue();
    ASSERT_EQ(q["groups"].size(), 3u) << q.dump();
    EXPECT_EQ(q["more"], false);
    EXPECT_EQ(q["groups"][0]["player"], "Bob");
    EXPECT_EQ(q["groups"][0]["count"], 3);
    EXPECT_EQ(q["groups"][1]["player"], "Dee");
    EXPECT_EQ(q["groups"][2]["player"], "Cyd");
    const json bobs = q["groups"][0]["reports"];
    ASSERT_EQ(bobs.size(), 3u);
    EXPECT_EQ(bobs[0]["reporter"], "Dee");  // newest first
    EXPECT_EQ(bobs[2]["reporter"], "Ada");
    EXPECT_EQ(q["groups"][0]["newest"], bobs[0]["at"]);

    // Resolved as a group, without a reason: named as such, nothing changes.
    const std::string bob_group = "/api/mod/reports/player/Bob/resolve";
    EXPECT_EQ(code_of(mo_.post(bob_group, {{"resolution", "dismissed"}})), "reason_required");
    EXPECT_EQ(code_of(mo_.post(bob_group, {{"resolution", "dismissed"}, {"reason", "  "}})),
              "reason_required");
    EXPECT_EQ(code_of(ada_.post(bob_group, {{"resolution", "dismissed"}, {"reason", "x"}})),
              "forbidden");
    // Up to what the moderator saw: a report filed after Ada's stays open.
    const int64_t seen = bobs[2]["at"];
    const auto first = mo_.post(
        bob_group, {{"resolution", "dismissed"}, {"reason", "old quarrel"}, {"until", seen}});
    ASSERT_EQ(first.status, 200) << first.body;
    EXPECT_EQ(first.data()["resolved"], 1);
    q = queue();
    ASSERT_EQ(q["groups"].size(), 3u) << q.dump();
    EXPECT_EQ(q["groups"][0]["player"], "Bob");
    EXPECT_EQ(q["groups"][0]["count"], 2);
    const auto rest = mo_.post(bob_group, {{"resolution", "actioned"}, {"reason", "warned"}});
    ASSERT_EQ(rest.status, 200) << rest.body;
    EXPECT_EQ(rest.data()["resolved"], 2);
    q = queue();
    ASSERT_EQ(q["groups"].size(), 2u) << q.dump();
    EXPECT_EQ(q["groups"][0]["player"], "Dee");
    // Cyd's report resolved, Cyd may report Bob again.
    EXPECT_EQ(report(cyd, "Bob").status, 200);

    const json entries = mo_.get("/api/mod/audit?limit=2").data()["entries"];
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0]["action"], "resolve_reports");
    EXPECT_EQ(entries[0]["player"], "Bob");
    EXPECT_EQ(entries[0]["reason"], "warned");
    EXPECT_EQ(entries[1]["reason"], "old quarrel");
}

TEST_F(ModerationServer, AFarmedGameIsTakenBackOnceAndAnUnlistedPlayerLeavesTheBoard) {
    // A rated game, Bob from an address of his own; Ada resigns after a move each.
    const std::string table =
        ada_.post("/api/tables", {{"seat", 0}, {"rated", true}}).data()["table"];
    Browser bob(server_->port, "127.0.0.1", "127.0.0.2");
    bob.set_cookie(bob_.cookie());
    ASSERT_EQ(bob.post("/api/tables/" + table + "/join", {{"seat", 1}}).status, 200);
    const auto state_at = [](int ply) {
        return [ply](const json& m) { return m["type"] == "state" && m["table"]["ply"] == ply; };
    };
    CookieSocket a(server_->port, "/ws?table=" + table, ada_.cookie());
    CookieSocket b(server_->port, "/ws?table=" + table, bob.cookie(), bob.from());
    a.read_until(state_at(0));
    a.send({{"type", "move"}, {"square", "d3"}});
    b.read_until(state_at(1));
    b.send({{"type", "move"}, {"square", "c3"}});
    a.read_until(state_at(2));
    a.send({{"type", "resign"}});
    const json end = a.read_until(
        [](const json& m) { return m["type"] == "state" && m["table"]["status"] == "finished"; });
    ASSERT_EQ(end["table"]["result"]["ratings"].size(), 2u) << end.dump();
    const auto rating_of = [](Browser& who) { return who.get("/api/me").data()["ratings"]["8x8"]; };
    ASSERT_LT(rating_of(ada_)["rating"].get<double>(), 1500);

    const auto board = [&] {
        std::vector<std::string> names;
        const json listed = ada_.get("/api/leaderboard?pool=8x8").data();
        for (const json& p : listed["players"]) names.push_back(p["name"]);
        return names;
    };
    EXPECT_EQ(board().size(), 2u);
    ASSERT_EQ(mo_.post("/api/mod/sanctions",
                       {{"player", "Ada"}, {"kind", "unlisted"}, {"reason", "farming"}})
                  .status,
              200);
    EXPECT_EQ(board(), std::vector<std::string>{"Bob"});

    EXPECT_EQ(code_of(ada_.post("/api/mod/reverse", {{"games", {table}}, {"reason", "x"}})),
              "forbidden");
    EXPECT_EQ(mo_.post("/api/mod/reverse", {{"games", json::array()}, {"reason", "x"}}).status,
              400);
    const auto reversed =
        mo_.post("/api/mod/reverse", {{"games", {table, "nosuchtable"}}, {"reason", "farmed"}});
    ASSERT_EQ(reversed.status, 200) << reversed.body;
    EXPECT_EQ(reversed.data()["reversed"].size(), 1u);
    EXPECT_EQ(reversed.data()["skipped"], json({"nosuchtable"}));
    // Back exactly where they began, with no game counted.
    const json players = reversed.data()["reversed"][0]["players"];
    ASSERT_EQ(players.size(), 2u);
    for (const json& p : players) {
        EXPECT_NEAR(p["rating"].get<double>(), 1500, 1e-9) << p.dump();
        EXPECT_EQ(p["games"], 0);
    }
    for (Browser* who : {&ada_, &bob})
        EXPECT_FALSE(who->get("/api/me").data()["ratings"].contains("8x8"));
    // Once only.
    const auto again = mo_.post("/api/mod/reverse", {{"games", {table}}, {"reason", "again"}});
    EXPECT_TRUE(again.data()["reversed"].empty()) << again.body;
    EXPECT_FALSE(ada_.get("/api/me").data()["ratings"].contains("8x8"));
    const json entries = mo_.get("/api/mod/audit?limit=2").data()["entries"];
    EXPECT_EQ(entries[0]["action"], "reverse_game");
    EXPECT_EQ(entries[0]["reason"], "farmed");
    EXPECT_EQ(entries[1]["action"], "unlisted");
}

}  // namespace
}  // namespace reversi::server
