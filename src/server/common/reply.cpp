// SPDX-License-Identifier: MIT
#include "server/common/reply.h"

#include <iostream>
#include <utility>

#include "core/variant.h"

namespace reversi::server {

Reply json_reply(int status, const json& body, std::string set_cookie) {
    return {status, "application/json", dump_safe(body), std::move(set_cookie)};
}

Reply error_reply(const ApiError& error, int status) {
    Reply r = json_reply(status ? status : error_status(error.code()), error_json(error));
    r.error = error.code();
    return r;
}

Reply store_failed_reply() {
    return error_reply(ApiError(ErrorCode::Unavailable, "the store failed; try again"));
}

void answer_errors(const Respond& respond, const char* where,
                   const std::function<void()>& handler) {
    try {
        handler();
    } catch (const core::SetupError& e) {
        respond(error_reply(ApiError(ErrorCode::BadSetup, e.what())));
    } catch (const ApiError& e) {
        respond(error_reply(e));
    } catch (const std::exception& e) {
        std::cerr << where << ": handler failed: " << utf8_safe(e.what()) << '\n';
        respond(
            error_reply(ApiError(ErrorCode::Internal, "the server failed to handle this request")));
    } catch (...) {
        std::cerr << where << ": handler failed\n";
        respond(
            error_reply(ApiError(ErrorCode::Internal, "the server failed to handle this request")));
    }
}

}  // namespace reversi::server
