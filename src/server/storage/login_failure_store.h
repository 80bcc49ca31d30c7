// SPDX-License-Identifier: MIT
// Wrong logins as a shared store keeps them, so several nodes count one name's and one
// address's failures together (accounts/login_throttle.h). Methods throw std::runtime_error on
// failure and run on the storage thread (storage.h).
#pragma once

#include <cstdint>
#include <string>

namespace reversi::server {

// Failures within a window: of one (name, address) pair, and of the name from any address.
struct LoginFailureCounts {
    int pair = 0;
    int name = 0;
};

class LoginFailureStore {
  public:
    virtual ~LoginFailureStore() = default;

    // A wrong password for `name_key` from `address` at `at` (wall ms); failures before
    // `forget_before` may be dropped meanwhile. login_failure_store.cpp has the defaults, for
    // a store one node owns (its throttle counts in memory): nothing is kept, none are found.
    virtual void add_login_failure(const std::string& name_key, const std::string& address,
                                   int64_t at, int64_t forget_before);
    // The failures of the pair and of the name since `since` (wall ms).
    virtual LoginFailureCounts login_failures(const std::string& name_key,
                                              const std::string& address, int64_t since);
};

}  // namespace reversi::server
