// SPDX-License-Identifier: MIT
// `reversi-stress loadtest --signup-flood N`. Step 1 registers one player per login address
// (before the clock starts); step 2 starts every sign-up of the flood at once and, 200 ms
// later, the logins, each address logging in again and again; a login's latency is from its
// request to its answer. Sign-ups and logins come from distinct loopback addresses, so each
// stays within the server's per-address limits, as a real flood from many addresses would.
// clang-format off
#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs std::exchange
// clang-format on

#include "stress/loadtest_signups.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "stress/loadtest_lobby.h"
#include "stress/percentile.h"
#include "stress/server_child.h"
#include "stress/ws_client.h"

namespace reversi::stress {

namespace {

using namespace reversi::server;
using client::HttpAnswer;
using net::awaitable;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct FloodStats {
    std::map<int, int> signups;  // HTTP status -> count
    std::map<int, int> logins;
    std::vector<double> login_ms;
    int retry_after_missing = 0;
    Clock::time_point first_login{}, last_login{};
    std::vector<std::string> errors;
};

const std::string Password = "flood-test-password";

json credentials(const std::string& name) {
    return {{"name", name}, {"password", Password}};
}

void on_error(FloodStats& stats, std::exception_ptr e) {
    if (!e) return;
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& x) {
        if (stats.errors.size() < 5) stats.errors.push_back(x.what());
    }
}

}  // namespace

int run_signup_flood(const SignupFloodOptions& options) {
    client::raise_open_file_limit();
    std::optional<TemporaryServer> started;
    int port = options.port;
    if (port == 0) {
        started.emplace("reversi_signupflood", options.engine_threads, options.serve_args,
                        options.server_binary);
        port = started->child.port;
    }
    const client::Target target{
        tcp::endpoint(net::ip::make_address(options.host), static_cast<unsigned short>(port)),
        options.host};
    const client::SourceAddresses sources(options.flood_addresses + options.login_addresses);
    const auto login_source = [&](int i) { return sources.at(options.flood_addresses + i); };
    const std::string tag = std::to_string((getpid() * 7 + time(nullptr)) % 1000000);
    const auto login_name = [&](int i) { return "lg" + tag + "_" + std::to_string(i); };
    FloodStats stats;
    net::io_context ioc{1};
    // Step 1: the players who will log in.
    for (int i = 0; i < options.login_addresses; ++i)
        net::co_spawn(
            ioc,
            [&, i]() -> awaitable<void> {
                const HttpAnswer r =
                    co_await client::http_call(target, login_source(i), http::verb::post,
                                               "/api/register", credentials(login_name(i)).dump());
                if (r.status != 200)
                    throw std::runtime_error("register: HTTP " + std::to_string(r.status));
            },
            [&](std::exception_ptr e) { on_error(stats, e); });
    ioc.run();
    ioc.restart();
    // Step 2: the flood, then the logins beside it.
    const auto start = Clock::now();
    for (int a = 0; a < options.flood_addresses; ++a)
        for (int k = 0; k < options.signups_per_address; ++k)
            net::co_spawn(
                ioc,
                [&, a, k]() -> awaitable<void> {
                    const std::string name =
                        "sf" + tag + "_" + std::to_string(a) + "_" + std::to_string(k);
                    const HttpAnswer r =
                        co_await client::http_call(target, sources.at(a), http::verb::post,
                                                   "/api/register", credentials(name).dump(), 600);
                    stats.signups[r.status]++;
                },
                [&](std::exception_ptr e) { on_error(stats, e); });
    net::steady_timer delay(ioc, std::chrono::milliseconds(200));
    delay.async_wait([&](error_code) {
        for (int i = 0; i < options.login_addresses; ++i)
            net::co_spawn(
                ioc,
                [&, i]() -> awaitable<void> {
                    for (int n = 0; n < options.logins_per_address; ++n) {
                        const auto asked = Clock::now();
                        if (stats.first_login == Clock::time_point{}) stats.first_login = asked;
                        const HttpAnswer r = co_await client::http_call(
                            target, login_source(i), http::verb::post, "/api/login",
                            credentials(login_name(i)).dump(), 600);
                        stats.last_login = Clock::now();
                        stats.logins[r.status]++;
                        stats.login_ms.push_back(
                            std::chrono::duration<double, std::milli>(stats.last_login - asked)
                                .count());
                    }
                },
                [&](std::exception_ptr e) { on_error(stats, e); });
    });
    ioc.run();
    const double flood_s = std::chrono::duration<double>(Clock::now() - start).count();
    const double login_s =
        std::max(1e-3, std::chrono::duration<double>(stats.last_login - stats.first_login).count());
    started.reset();
    const auto statuses = [](const std::map<int, int>& m) {
        std::string s;
        for (const auto& [status, n] : m)
            s += " " + std::to_string(status) + ":" + std::to_string(n);
        return s;
    };
    const int ok = stats.logins.count(200) ? stats.logins.at(200) : 0;
    std::cout << "sign-up flood: " << options.flood_addresses << " addresses x "
              << options.signups_per_address << " sign-ups at once, over " << flood_s
              << " s; answers" << statuses(stats.signups) << '\n';
    std::cout << "logins beside it: " << options.login_addresses << " addresses x "
              << options.logins_per_address << "; answers" << statuses(stats.logins) << "; "
              << ok / login_s << " logins/s\n";
    std::cout << "login latency ms: p50 " << percentile(stats.login_ms, 0.50) << ", p99 "
              << percentile(stats.login_ms, 0.99) << ", max "
              << (stats.login_ms.empty()
                      ? 0
                      : *std::max_element(stats.login_ms.begin(), stats.login_ms.end()))
              << '\n';
    std::cout << "errors " << stats.errors.size() << '\n';
    for (const std::string& e : stats.errors) std::cout << "  " << e.substr(0, 300) << '\n';
    return stats.errors.empty() && ok == options.login_addresses * options.logins_per_address ? 0
                                                                                              : 1;
}

}  // namespace reversi::stress
