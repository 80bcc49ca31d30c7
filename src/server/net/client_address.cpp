// SPDX-License-Identifier: MIT
// The client's address behind trusted proxies. X-Forwarded-For is read from the right: each
// proxy appends the address it saw, so the right-most entries were written by our own
// proxies and the first untrusted one from the right is the client as our first proxy saw
// it; anything left of it was written by the client and proves nothing. Headers are bounded
// (MaxHeaderBytes, MaxHops) and any entry that is not a plain address makes the whole header
// count as absent, so a forged or garbled header can never pick an arbitrary key.
#include "server/net/client_address.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace reversi::server {

namespace {

constexpr std::size_t MaxHeaderBytes = 4096;
constexpr int MaxHops = 64;

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// A plain address ("1.2.3.4", "2001:db8::1", "[2001:db8::1]"); no port, no zone.
std::optional<net::ip::address> plain_address(std::string_view text) {
    text = trimmed(text);
    if (text.size() > 2 && text.front() == '[' && text.back() == ']')
        text = text.substr(1, text.size() - 2);
    if (text.empty() || text.size() > 45 || text.find('%') != std::string_view::npos)
        return std::nullopt;
    error_code ec;
    const auto a = net::ip::make_address(std::string(text), ec);
    if (ec) return std::nullopt;
    return a;
}

// `a` as IPv4 when it is an IPv4-mapped IPv6 address.
net::ip::address unmapped(const net::ip::address& a) {
    if (a.is_v6() && a.to_v6().is_v4_mapped())
        return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6());
    return a;
}

template <std::size_t N>
std::array<unsigned char, N> masked(std::array<unsigned char, N> bytes, int prefix) {
    for (int i = 0; i < static_cast<int>(N); ++i) {
        const int keep = std::clamp(prefix - 8 * i, 0, 8);
        bytes[i] &= static_cast<unsigned char>(0xFF00u >> keep);
    }
    return bytes;
}

}  // namespace

std::string address_key(const net::ip::address& address) {
    const auto a = unmapped(address);
    if (a.is_v4()) return a.to_string();
    return net::ip::address_v6(masked(a.to_v6().to_bytes(), 64)).to_string() + "/64";
}

bool Network::contains(const net::ip::address& raw) const {
    const auto a = unmapped(raw);
    if (a.is_v4() != address.is_v4()) return false;
    if (a.is_v4()) return net::ip::address_v4(masked(a.to_v4().to_bytes(), prefix)) == address;
    return net::ip::address_v6(masked(a.to_v6().to_bytes(), prefix)) == address;
}

std::optional<Network> parse_network(std::string_view text) {
    const auto slash = text.find('/');
    const auto address = plain_address(text.substr(0, slash));
    if (!address || (slash != std::string_view::npos && text.front() == '[')) return std::nullopt;
    const auto a = unmapped(*address);
    const int bits = a.is_v4() ? 32 : 128;
    int prefix = bits;
    if (slash != std::string_view::npos) {
        const std::string_view p = text.substr(slash + 1);
        const auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), prefix);
        if (p.empty() || ec != std::errc() || end != p.data() + p.size() || prefix < 0 ||
            prefix > bits)
            return std::nullopt;
    }
    Network n;
    n.prefix = prefix;
    if (a.is_v4())
        n.address = net::ip::address_v4(masked(a.to_v4().to_bytes(), prefix));
    else
        n.address = net::ip::address_v6(masked(a.to_v6().to_bytes(), prefix));
    return n;
}

ClientAddresses::ClientAddresses(std::vector<Network> trusted_proxies)
    : trusted_(std::move(trusted_proxies)) {}

bool ClientAddresses::trusted(const net::ip::address& peer) const {
    return std::any_of(trusted_.begin(), trusted_.end(),
                       [&](const Network& n) { return n.contains(peer); });
}

std::optional<net::ip::address> ClientAddresses::forwarded_client(
    const ForwardedHeaders& headers) const {
    if (!headers.forwarded_for.empty()) {
        if (headers.forwarded_for.size() > MaxHeaderBytes) return std::nullopt;
        std::vector<net::ip::address> hops;
        std::string_view rest = headers.forwarded_for;
        for (;;) {
            const auto comma = rest.find(',');
            const auto hop = plain_address(rest.substr(0, comma));
            if (!hop || static_cast<int>(hops.size()) >= MaxHops) return std::nullopt;
            hops.push_back(*hop);
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
        }
        // Every hop trusted: the left-most is as near the client as the chain goes.
        const auto client =
            std::find_if(hops.rbegin(), hops.rend(), [&](const auto& a) { return !trusted(a); });
        return client != hops.rend() ? *client : hops.front();
    }
    if (!headers.real_ip.empty()) return plain_address(headers.real_ip);
    return std::nullopt;
}

std::string ClientAddresses::client(const net::ip::address& peer,
                                    const ForwardedHeaders& headers) const {
    if (!trusted(peer)) return address_key(peer);
    return address_key(forwarded_client(headers).value_or(peer));
}

bool ClientAddresses::https(const net::ip::address& peer, const ForwardedHeaders& headers) const {
    const std::string_view proto = trimmed(headers.proto);
    return trusted(peer) && beast::iequals(beast::string_view(proto.data(), proto.size()), "https");
}

}  // namespace reversi::server
