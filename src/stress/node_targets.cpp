// SPDX-License-Identifier: MIT
// Following a node's redirects (node_targets.h). A redirect only ever names another node of
// the same site, so an owner that is not a plain http://IP:PORT is refused rather than
// resolved: the load test connects to nothing it was not pointed at in that form.
#include "stress/node_targets.h"

#include <charconv>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace reversi::stress::client {

std::optional<Target> target_of_url(const std::string& url) {
    constexpr std::string_view Scheme = "http://";
    if (url.size() > 200 || !url.starts_with(Scheme)) return std::nullopt;
    const std::string rest = url.substr(Scheme.size());
    const size_t colon = rest.rfind(':');
    if (colon == std::string::npos || colon == 0) return std::nullopt;
    const std::string host = rest.substr(0, colon);
    const std::string port_text = rest.substr(colon + 1);
    int port = 0;
    const auto [end, ec] =
        std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (ec != std::errc() || end != port_text.data() + port_text.size() || port < 1 || port > 65535)
        return std::nullopt;
    error_code bad;
    // IPv6 literals come in brackets in a URL.
    const bool bracketed = host.size() > 2 && host.front() == '[' && host.back() == ']';
    const auto address =
        net::ip::make_address(bracketed ? host.substr(1, host.size() - 2) : host, bad);
    if (bad) return std::nullopt;
    return Target{tcp::endpoint(address, static_cast<unsigned short>(port)), host};
}

std::vector<Target> targets_of_urls(const std::vector<std::string>& urls) {
    if (urls.size() > 64) throw std::runtime_error("at most 64 --connect nodes");
    std::vector<Target> out;
    for (const std::string& url : urls) {
        const auto node = target_of_url(url);
        if (!node) throw std::runtime_error("--connect needs http://IP:PORT, not " + url);
        out.push_back(*node);
    }
    return out;
}

std::string owner_named(const std::string& json_text) {
    const auto parsed = nlohmann::json::parse(json_text, nullptr, false);
    if (!parsed.is_object()) return {};
    const auto owner = parsed.find("owner");
    return owner != parsed.end() && owner->is_string() ? owner->get<std::string>() : std::string();
}

awaitable<HttpAnswer> http_call_following(Target target, const net::ip::address& source,
                                          http::verb method, const std::string& path,
                                          const std::string& body, uint64_t& redirects,
                                          const std::string& cookie) {
    for (int hop = 0;; ++hop) {
        HttpAnswer answer = co_await http_call(target, source, method, path, body, 30, cookie);
        if (answer.status != 307 || hop == 3) co_return answer;
        const auto owner = target_of_url(owner_named(answer.body));
        if (!owner)
            throw std::runtime_error("a 307 without an owner to follow: " +
                                     answer.body.substr(0, 200));
        redirects++;
        target = *owner;
    }
}

}  // namespace reversi::stress::client
