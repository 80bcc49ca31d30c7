// SPDX-License-Identifier: MIT
// Accounts options for the rating tests: hashing at its cheapest, since no test here logs in.
#pragma once

#include "server/accounts/accounts.h"

namespace reversi::server {

inline AccountsOptions cheap_hashing() {
    AccountsOptions o;
    o.hash_ops = 1;
    o.hash_memory = 8192;
    return o;
}

}  // namespace reversi::server
