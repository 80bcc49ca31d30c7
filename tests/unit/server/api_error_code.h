// SPDX-License-Identifier: MIT
// Test helper: the error code an API call refuses with.
#pragma once

#include <gtest/gtest.h>

#include <functional>

#include "server/common/protocol.h"

namespace reversi::server::testing_support {

// The ApiError code `f` throws; a test failure (and Internal) when it throws none.
inline ErrorCode code_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const ApiError& e) {
        return e.code();
    }
    ADD_FAILURE() << "no ApiError thrown";
    return ErrorCode::Internal;
}

}  // namespace reversi::server::testing_support
