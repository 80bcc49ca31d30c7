// SPDX-License-Identifier: MIT
// Who the client of a request is, the one owner of that answer: every per-address limit
// (logins, sign-ups, guests, tables, connections, chat) asks it. A connection from a trusted
// proxy (`serve --trusted-proxy`) speaks for its client through X-Forwarded-For (the
// right-most address that is not itself a trusted proxy) or, without it, X-Real-IP; from any
// other peer those headers are ignored, and a malformed header counts as none (the peer is
// the client). Addresses are named by address_key, so IPv6 visitors count by their /64.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/common/net.h"

namespace reversi::server {

// The name under which a client is counted and rate limited: an IPv4 address as is, also
// when it arrives IPv4-mapped ("::ffff:1.2.3.4"); an IPv6 address by its /64 prefix
// ("2001:db8:1:2::/64"), since one visitor usually holds a whole /64.
std::string address_key(const net::ip::address& address);

// An address block, "ADDR" or "ADDR/BITS", IPv4 or IPv6.
struct Network {
    net::ip::address address;  // with the bits past the prefix cleared
    int prefix = 0;
    // Whether `a` lies in the block (an IPv4-mapped IPv6 address counts as its IPv4 address).
    bool contains(const net::ip::address& a) const;
};

// The block `text` names, or nothing when it is not "ADDR" or "ADDR/BITS".
std::optional<Network> parse_network(std::string_view text);

// What a request says about its client, as read from its headers (each at most a few KiB).
struct ForwardedHeaders {
    std::string forwarded_for;  // every X-Forwarded-For field, joined by ","
    std::string real_ip;        // X-Real-IP
    std::string proto;          // X-Forwarded-Proto
};

// The headers of `req` that ClientAddresses reads.
template <class Fields>
ForwardedHeaders forwarded_headers(const Fields& fields) {
    ForwardedHeaders out;
    for (const auto& f : fields) {
        const auto name = f.name_string();
        const std::string_view value(f.value().data(), f.value().size());
        if (beast::iequals(name, "X-Forwarded-For"))
            out.forwarded_for += (out.forwarded_for.empty() ? "" : ",") + std::string(value);
        else if (beast::iequals(name, "X-Real-IP"))
            out.real_ip = value;
        else if (beast::iequals(name, "X-Forwarded-Proto"))
            out.proto = value;
    }
    return out;
}

class ClientAddresses {
  public:
    explicit ClientAddresses(std::vector<Network> trusted_proxies = {});

    // Whether `peer` is one of the trusted proxies.
    bool trusted(const net::ip::address& peer) const;
    // The client's address (its address_key) for a request that `peer` sent with `headers`.
    std::string client(const net::ip::address& peer, const ForwardedHeaders& headers) const;
    // Whether the request reached the site over HTTPS: a trusted proxy says so in
    // X-Forwarded-Proto.
    bool https(const net::ip::address& peer, const ForwardedHeaders& headers) const;

  private:
    std::optional<net::ip::address> forwarded_client(const ForwardedHeaders& headers) const;

    std::vector<Network> trusted_;
};

}  // namespace reversi::server
