// SPDX-License-Identifier: MIT
// Where the scripted clients of `reversi-stress loadtest` connect when a load is spread over
// several server nodes (docs/MULTINODE.md): the nodes' addresses from their URLs, HTTP calls that
// follow a node's 307 to the table's owner, and the owner named by a WebSocket `moved` error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stress/ws_client.h"

namespace reversi::stress::client {

// The node at `url`: "http://IP:PORT" (an IP literal, a port 1-65535, nothing after it), as
// `reversi serve` names itself by default; nothing for anything else. Bounded and total: an
// owner address read from a server's answer goes through it.
std::optional<Target> target_of_url(const std::string& url);

// The nodes of --connect (at most 64); throws std::runtime_error naming a URL that is not
// "http://IP:PORT".
std::vector<Target> targets_of_urls(const std::vector<std::string>& urls);

// The owner's address that a 307 body ({"owner": ...}) or a `moved` error names; empty when
// the text names none or does not parse.
std::string owner_named(const std::string& json_text);

// One HTTP call to `target` that follows up to three 307s to the owner (of a table, or the
// node that runs the tournaments), counting each in `redirects`, with `cookie` at every hop;
// the last answer, whatever its status. Throws as http_call does, and when a 307 names no
// owner it can reach.
awaitable<HttpAnswer> http_call_following(Target target, const net::ip::address& source,
                                          http::verb method, const std::string& path,
                                          const std::string& body, uint64_t& redirects,
                                          const std::string& cookie = {});

}  // namespace reversi::stress::client
