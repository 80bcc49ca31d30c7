// SPDX-License-Identifier: MIT
// The sign-up flood mode of `reversi-stress loadtest` (issue 27, finding 4): many addresses
// each sign up as many new players as their limits allow, all at once, while other clients
// log in; reports how the logins fare (logins per second, latency p50/p99/max) and how the
// sign-ups were answered (200, 503 busy with Retry-After, 429).
#pragma once

#include <string>
#include <vector>

namespace reversi::stress {

struct SignupFloodOptions {
    int flood_addresses = 120;     // addresses that sign up
    int signups_per_address = 10;  // at once, each
    int login_addresses = 20;      // addresses that log in, one player each
    int logins_per_address = 9;    // one after another (the sign-up spent the tenth attempt)
    int port = 0;                  // 0: start a server
    std::string host = "127.0.0.1";
    int engine_threads = 1;
    std::vector<std::string> serve_args;
    std::string server_binary;  // empty: the `reversi` beside this executable
};

// Runs the flood and prints its figures; 0 when every login succeeded.
int run_signup_flood(const SignupFloodOptions& options);

}  // namespace reversi::stress
