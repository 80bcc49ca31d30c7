// SPDX-License-Identifier: MIT
// The layout rule is core's (core/random_blocked.h); the server answers its refusals as
// bad setups.
#include "server/table/random_blocked.h"

#include "core/random_blocked.h"
#include "server/common/protocol.h"

namespace reversi::server {

std::vector<core::Coord> random_blocked(const core::Setup& setup, int count, uint64_t seed) {
    try {
        return core::random_blocked_layout(setup, count, seed);
    } catch (const core::SetupError& e) {
        throw ApiError(ErrorCode::BadSetup, e.what());
    }
}

}  // namespace reversi::server
