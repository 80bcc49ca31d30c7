// SPDX-License-Identifier: MIT
// The defaults of a store one node owns: its throttle counts failures in memory.
#include "server/storage/login_failure_store.h"

namespace reversi::server {

void LoginFailureStore::add_login_failure(const std::string&, const std::string&, int64_t,
                                          int64_t) {}

LoginFailureCounts LoginFailureStore::login_failures(const std::string&, const std::string&,
                                                     int64_t) {
    return {};
}

}  // namespace reversi::server
