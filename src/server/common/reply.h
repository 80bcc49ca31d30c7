// SPDX-License-Identifier: MIT
// An HTTP answer as the API handlers produce it, and the helpers every handler shares: a JSON
// body, an error's answer, and a guard that turns whatever a handler throws into one answer.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "server/common/protocol.h"

namespace reversi::server {

struct Reply {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::string set_cookie = {};          // a Set-Cookie value to send with it (accounts), or empty
    std::string location = {};            // a Location header (a redirect to a table's owner node)
    std::optional<ErrorCode> error = {};  // the refusal's code, counted by the metrics
};
using Respond = std::function<void(Reply)>;

// `body` as a JSON answer with `status`.
Reply json_reply(int status, const json& body, std::string set_cookie = {});

// The API error's status (or `status`, where a route answers its code with another) and its
// JSON document, counted by the metrics under the error's code.
Reply error_reply(const ApiError& error, int status = 0);
// The answer to a request whose write the store refused: nothing of it was saved (503).
Reply store_failed_reply();

// Runs `handler`; an ApiError or bad setup it throws is answered as that error, any other
// exception as an internal error (logged under `where`), so no request goes unanswered.
void answer_errors(const Respond& respond, const char* where, const std::function<void()>& handler);

}  // namespace reversi::server
