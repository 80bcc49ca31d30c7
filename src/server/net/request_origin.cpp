// SPDX-License-Identifier: MIT
// Origins compare as lower-case text: the browser sends the serialised origin (scheme, host,
// and the port only when it is not the scheme's default), which is how the Host header names
// the site too.
#include "server/net/request_origin.h"

#include <algorithm>
#include <cctype>

namespace reversi::server {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool host_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' ||
           c == '[' || c == ']';
}

}  // namespace

bool valid_origin(std::string_view origin) {
    std::string_view host;
    if (origin.starts_with("http://"))
        host = origin.substr(7);
    else if (origin.starts_with("https://"))
        host = origin.substr(8);
    else
        return false;
    return origin.size() <= 200 && !host.empty() &&
           std::all_of(host.begin(), host.end(), host_char);
}

OriginPolicy::OriginPolicy(std::vector<std::string> allowed) {
    for (const std::string& a : allowed) allowed_.push_back(lower(a));
}

bool OriginPolicy::allows(std::string_view origin, std::string_view host) const {
    if (origin.empty()) return true;
    const std::string o = lower(origin);
    // The site's own pages, whichever scheme reached it (a TLS proxy may not say so).
    const std::string h = lower(host);
    if (!h.empty() && std::all_of(h.begin(), h.end(), host_char) &&
        (o == "http://" + h || o == "https://" + h))
        return true;
    return std::find(allowed_.begin(), allowed_.end(), o) != allowed_.end();
}

bool json_content_type(std::string_view content_type) {
    const std::string_view type = content_type.substr(0, content_type.find(';'));
    std::string_view t = type;
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    return lower(t) == "application/json";
}

}  // namespace reversi::server
