// SPDX-License-Identifier: MIT
// Who the client is behind trusted proxies (net/client_address.h): the right-most untrusted
// X-Forwarded-For address, X-Real-IP without it, the peer for untrusted peers and for
// malformed headers; blocks of IPv4 and IPv6.
#include "server/net/client_address.h"

#include <gtest/gtest.h>

namespace reversi::server {
namespace {

net::ip::address ip(const char* text) {
    return net::ip::make_address(text);
}

ClientAddresses behind(std::initializer_list<const char*> proxies) {
    std::vector<Network> trusted;
    for (const char* p : proxies) trusted.push_back(parse_network(p).value());
    return ClientAddresses(trusted);
}

TEST(ClientAddress, NetworksParseAndContain) {
    const auto v4 = parse_network("10.1.0.0/16").value();
    EXPECT_TRUE(v4.contains(ip("10.1.200.3")));
    EXPECT_TRUE(v4.contains(ip("::ffff:10.1.2.3")));
    EXPECT_FALSE(v4.contains(ip("10.2.0.1")));
    EXPECT_FALSE(v4.contains(ip("2001:db8::1")));
    const auto one = parse_network("127.0.0.1").value();
    EXPECT_TRUE(one.contains(ip("127.0.0.1")));
    EXPECT_FALSE(one.contains(ip("127.0.0.2")));
    const auto v6 = parse_network("2001:db8:aa::/48").value();
    EXPECT_TRUE(v6.contains(ip("2001:db8:aa:ffff::9")));
    EXPECT_FALSE(v6.contains(ip("2001:db8:ab::9")));
    EXPECT_TRUE(parse_network("::1").value().contains(ip("::1")));
    for (const char* bad : {"", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/x", "example.com",
                            "2001:db8::/129", "1.2.3.4:80", "10.0.0.0/8/8", "fe80::1%eth0"})
        EXPECT_FALSE(parse_network(bad)) << bad;
}

TEST(ClientAddress, ATrustedProxyNamesTheRightMostUntrustedAddress) {
    const auto addresses = behind({"127.0.0.1", "10.0.0.0/8"});
    const auto proxy = ip("127.0.0.1");
    // The client wrote the first entry itself: only what our proxies appended counts.
    EXPECT_EQ(addresses.client(proxy, {"6.6.6.6, 203.0.113.5, 10.0.0.7", "", ""}), "203.0.113.5");
    EXPECT_EQ(addresses.client(proxy, {"203.0.113.5", "", ""}), "203.0.113.5");
    // Several header fields are one list.
    EXPECT_EQ(addresses.client(proxy, {"203.0.113.5,10.0.0.7", "", ""}), "203.0.113.5");
    // X-Real-IP when there is no X-Forwarded-For.
    EXPECT_EQ(addresses.client(proxy, {"", "198.51.100.9", ""}), "198.51.100.9");
    EXPECT_EQ(addresses.client(proxy, {"198.51.100.1", "198.51.100.9", ""}), "198.51.100.1");
    // IPv6 clients count by their /64, bracketed or not.
    EXPECT_EQ(addresses.client(proxy, {"[2001:db8:1:2::77]", "", ""}), "2001:db8:1:2::/64");
    // Every hop trusted: the left-most.
    EXPECT_EQ(addresses.client(proxy, {"10.0.0.1, 10.0.0.2", "", ""}), "10.0.0.1");
    // No header: the proxy itself.
    EXPECT_EQ(addresses.client(proxy, {}), "127.0.0.1");
}

TEST(ClientAddress, MalformedHeadersAndUntrustedPeersNameThePeer) {
    const auto addresses = behind({"127.0.0.1", "::1"});
    const auto proxy = ip("127.0.0.1");
    for (const char* bad : {"203.0.113.5, junk", "203.0.113.5:4444", ",203.0.113.5", "203.0.113.5,",
                            "unknown", "203.0.113.5 198.51.100.1"})
        EXPECT_EQ(addresses.client(proxy, {bad, "", ""}), "127.0.0.1") << bad;
    EXPECT_EQ(addresses.client(proxy, {"", "not an address", ""}), "127.0.0.1");
    EXPECT_EQ(addresses.client(proxy, {std::string(5000, '1'), "", ""}), "127.0.0.1");
    std::string many;
    for (int i = 0; i < 100; ++i) many += (i ? "," : "") + std::string("198.51.100.1");
    EXPECT_EQ(addresses.client(proxy, {many, "", ""}), "127.0.0.1");
    // An untrusted peer's headers say nothing.
    EXPECT_EQ(addresses.client(ip("192.0.2.1"), {"203.0.113.5", "203.0.113.6", ""}), "192.0.2.1");
    EXPECT_EQ(ClientAddresses().client(proxy, {"203.0.113.5", "", ""}), "127.0.0.1");
    // IPv6 proxies too.
    EXPECT_EQ(addresses.client(ip("::1"), {"203.0.113.5", "", ""}), "203.0.113.5");
    // HTTPS only on a trusted proxy's word.
    EXPECT_TRUE(addresses.https(proxy, {"", "", "https"}));
    EXPECT_FALSE(addresses.https(proxy, {"", "", "http"}));
    EXPECT_FALSE(addresses.https(ip("192.0.2.1"), {"", "", "https"}));
}

}  // namespace
}  // namespace reversi::server
