// SPDX-License-Identifier: MIT
// Which pages may act for a visitor: the one owner of the cross-site rule (issue 27, finding
// 6). A browser sends the session cookie with any request to the site, whoever's page makes
// it; what it cannot forge is the Origin header and, without the site's consent (CORS, which
// this server never gives), a JSON Content-Type. So every WebSocket upgrade and every request
// that changes something must come from the site's own origin (http:// or https:// and the
// Host header) or one of `serve --allowed-origin`, and a state-changing request must say
// `Content-Type: application/json`, which no cross-site form or simple request can send. A
// request without Origin is not a browser's page acting cross-site and passes the origin rule.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace reversi::server {

// Whether `origin` is a plain origin for --allowed-origin: http:// or https://, a host of
// letters, digits, '.', '-', an optional port, no path, at most 200 characters.
bool valid_origin(std::string_view origin);

class OriginPolicy {
  public:
    explicit OriginPolicy(std::vector<std::string> allowed = {});
    // Whether a request from a page of `origin` (empty: no Origin header) to the site at
    // `host` (its Host header) may act for the visitor.
    bool allows(std::string_view origin, std::string_view host) const;

  private:
    std::vector<std::string> allowed_;  // lower case
};

// Whether a Content-Type header value says JSON ("application/json", any parameters).
bool json_content_type(std::string_view content_type);

}  // namespace reversi::server
