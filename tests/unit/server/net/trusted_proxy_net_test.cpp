// SPDX-License-Identifier: MIT
// Per-address limits behind a reverse proxy (serve --trusted-proxy): the server started with
// loopback as its trusted proxy counts each client by the X-Forwarded-For its proxy sets, so
// one client's wrong logins do not throttle another's; a peer that is not trusted cannot
// pick its address with the header.
#include <gtest/gtest.h>

#include <chrono>

#include "accounts_client.h"
#include "server_harness.h"

namespace reversi::server {
namespace {

using namespace testing_support;

// A browser behind the proxy at `peer` that forwards it as `client`.
Browser forwarded(unsigned short port, const std::string& client,
                  const std::string& peer = "127.0.0.1") {
    Browser b(port);
    b.set_source(peer);
    b.set_header("X-Forwarded-For", client);
    return b;
}

// Wrong logins from `b` until one is refused 429; expects the address's burst of ten, plus
// the attempts it earned back while they were hashed (one each six seconds: on a loaded
// machine ten password hashes can take that long).
void guess_until_limited(Browser& b, const std::string& name) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 30; ++i) {
        const auto r =
            b.post("/api/login", {{"name", name}, {"password", "guess " + std::to_string(i)}});
        if (r.status == 429) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            EXPECT_GE(i, 10);
            EXPECT_LE(i, 10 + static_cast<int>(seconds / 6.0)) << "after " << seconds << " s";
            return;
        }
        EXPECT_EQ(r.status, 403) << r.body;
    }
    ADD_FAILURE() << "30 wrong logins and never refused";
}

TEST(TrustedProxy, OneClientsWrongLoginsDoNotLimitAnother) {
    TempDir dir("proxy_logins");
    ServerProcess server(dir.path, {"--trusted-proxy", "127.0.0.1", "--trusted-proxy", "::1"});
    Browser owner = forwarded(server.port, "198.51.100.7");
    ASSERT_EQ(owner.post("/api/register", {{"name", "Bea"}, {"password", "bea's secret"}}).status,
              200);
    Browser attacker = forwarded(server.port, "203.0.113.5");
    guess_until_limited(attacker, "Nobody");
    // Another client behind the same proxy logs in at once.
    Browser again = forwarded(server.port, "198.51.100.7");
    const auto login = again.post("/api/login", {{"name", "Bea"}, {"password", "bea's secret"}});
    EXPECT_EQ(login.status, 200) << login.body;
    // A client that puts its own X-Forwarded-For before the proxy's entry gains nothing.
    Browser forger = forwarded(server.port, "198.51.100.99, 203.0.113.5");
    EXPECT_EQ(forger.post("/api/login", {{"name", "Nobody"}, {"password", "x"}}).status, 429);
}

TEST(TrustedProxy, AnUntrustedPeersForwardedForIsIgnored) {
    TempDir dir("proxy_untrusted");
    // 127.0.0.2 is another loopback peer, not the trusted proxy.
    ServerProcess server(dir.path, {"--trusted-proxy", "127.0.0.1"});
    Browser first = forwarded(server.port, "203.0.113.5", "127.0.0.2");
    guess_until_limited(first, "Nobody");
    // The same name from "another client": refused as the peer's, whose ten failures on the
    // name close it (the address's attempts may have come back while the ten were hashed, so
    // only the name's failures are sure to refuse it).
    Browser second = forwarded(server.port, "198.51.100.7", "127.0.0.2");
    EXPECT_EQ(second.post("/api/login", {{"name", "Nobody"}, {"password", "x"}}).status, 429);
    // X-Real-IP is no way round either.
    Browser third(server.port);
    third.set_source("127.0.0.2");
    third.set_header("X-Real-IP", "198.51.100.8");
    EXPECT_EQ(third.post("/api/login", {{"name", "Nobody"}, {"password", "x"}}).status, 429);
}

// Finding 3 of issue 27: guesses from many addresses do not lock the owner out.
TEST(TrustedProxy, GuessesFromManyAddressesDoNotLockTheOwnerOut) {
    TempDir dir("proxy_lockout");
    ServerProcess server(dir.path, {"--trusted-proxy", "127.0.0.1"});
    Browser owner = forwarded(server.port, "198.51.100.7");
    ASSERT_EQ(owner.post("/api/register", {{"name", "Bea"}, {"password", "bea's secret"}}).status,
              200);
    // Three addresses, ten wrong guesses each: within each address's own limits.
    for (int a = 0; a < 3; ++a) {
        Browser attacker = forwarded(server.port, "203.0.113." + std::to_string(a + 1));
        for (int i = 0; i < 10; ++i)
            EXPECT_EQ(attacker
                          .post("/api/login",
                                {{"name", "bea"}, {"password", "guess " + std::to_string(i)}})
                          .status,
                      403);
    }
    // The name has had 30 failures: a fourth address gets one guess, then the name is closed
    // to it as to every address that failed on it...
    Browser fourth = forwarded(server.port, "203.0.113.4");
    EXPECT_EQ(fourth.post("/api/login", {{"name", "Bea"}, {"password", "guess"}}).status, 403);
    EXPECT_EQ(fourth.post("/api/login", {{"name", "Bea"}, {"password", "guess 2"}}).status, 429);
    // ...and open to the owner's.
    Browser again = forwarded(server.port, "198.51.100.8");
    const auto login = again.post("/api/login", {{"name", "Bea"}, {"password", "bea's secret"}});
    EXPECT_EQ(login.status, 200) << login.body;
}

}  // namespace
}  // namespace reversi::server
