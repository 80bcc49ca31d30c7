// SPDX-License-Identifier: MIT
// Sessions a visitor can trust (issue 27, finding 7): registering a guest rotates its session
// token, so a token planted in the browser before does not become the new account; over HTTPS
// (a trusted proxy's X-Forwarded-Proto) the cookie is Secure and HSTS is sent, never on plain
// HTTP or on an untrusted peer's word.
#include <gtest/gtest.h>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

TEST(SessionTrust, RegisteringAGuestRotatesItsSessionToken) {
    TempDir dir("session_rotate");
    ServerProcess server(dir.path);
    Browser victim(server.port);
    const auto guest = victim.get("/api/me");
    ASSERT_EQ(guest.status, 200);
    // The attacker planted this cookie in the victim's browser and kept a copy.
    Browser attacker(server.port);
    attacker.set_cookie(victim.cookie());
    const auto reg =
        victim.post("/api/register", {{"name", "Victim"}, {"password", "victim's secret"}});
    ASSERT_EQ(reg.status, 200) << reg.body;
    EXPECT_EQ(reg.data()["id"], guest.data()["id"]);  // the guest's games stay its own
    EXPECT_FALSE(reg.set_cookie.empty());
    EXPECT_NE(victim.cookie(), attacker.cookie());
    EXPECT_EQ(victim.get("/api/me").data()["name"], "Victim");
    // The planted token is no session any more: the attacker is a new guest.
    const auto theirs = attacker.get("/api/me");
    EXPECT_NE(theirs.data()["id"], guest.data()["id"]);
    EXPECT_TRUE(theirs.data()["guest"]);
}

TEST(SessionTrust, OverHttpsTheCookieIsSecureAndHstsIsSent) {
    TempDir dir("session_https");
    ServerProcess server(dir.path, {"--trusted-proxy", "127.0.0.1"});
    Browser https(server.port);
    https.set_header("X-Forwarded-For", "203.0.113.5");
    https.set_header("X-Forwarded-Proto", "https");
    const auto secure = https.get("/api/me");
    EXPECT_NE(secure.set_cookie.find("; Secure"), std::string::npos) << secure.set_cookie;
    EXPECT_EQ(secure.headers["Strict-Transport-Security"], "max-age=31536000");
    const auto page = https.get("/");
    EXPECT_EQ(page.headers["Strict-Transport-Security"], "max-age=31536000");
    // Plain HTTP, and a peer that is not the proxy, get neither.
    Browser plain(server.port);
    const auto http_answer = plain.get("/api/me");
    EXPECT_EQ(http_answer.set_cookie.find("Secure"), std::string::npos);
    EXPECT_EQ(http_answer.headers.count("Strict-Transport-Security"), 0u);
    Browser forger(server.port);
    forger.set_source("127.0.0.2");
    forger.set_header("X-Forwarded-Proto", "https");
    const auto forged = forger.get("/api/me");
    EXPECT_EQ(forged.set_cookie.find("Secure"), std::string::npos);
    EXPECT_EQ(forged.headers.count("Strict-Transport-Security"), 0u);
}

// Issue 27, finding 13: asking name after name whether it is taken is limited like logins.
TEST(SessionTrust, NameTakenAnswersAreRateLimited) {
    TempDir dir("session_taken");
    ServerProcess server(dir.path);
    Browser owner(server.port);
    owner.set_source("127.0.0.3");
    ASSERT_EQ(
        owner.post("/api/register", {{"name", "Taken"}, {"password", "a long password"}}).status,
        200);
    Browser prober(server.port);
    int taken = 0, limited = 0;
    for (int i = 0; i < 12; ++i) {
        const auto r =
            prober.post("/api/register", {{"name", "taken"}, {"password", "a long password"}});
        if (r.status == 409) ++taken;
        if (r.status == 429) ++limited;
    }
    EXPECT_EQ(taken, 10);
    EXPECT_EQ(limited, 2);
}

}  // namespace
}  // namespace reversi::server
