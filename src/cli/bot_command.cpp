// SPDX-License-Identifier: MIT
// `reversi bot --server URL --token T --engine "gtp:COMMAND"`: a GTP or NBoard engine plays
// on a reversi site as a bot account (cli/bot_bridge.*, docs/PROTOCOL.md "Bot API").
#include <iostream>
#include <memory>

#include "cli/bot_bridge.h"
#include "cli/commands.h"

namespace reversi::cli {

void add_bot_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<BotOptions>();
    auto casual_only = std::make_shared<bool>(false);
    CLI::App* cmd = app.add_subcommand(
        "bot", "Play on a reversi site as a bot account with a GTP or NBoard engine");
    cmd->add_option("--server", opt->server, "The site, http://HOST[:PORT]")->capture_default_str();
    cmd->add_option("--token", opt->token, "The bot's API token (POST /api/bot/token)")->required();
    cmd->add_option("--engine", opt->engine,
                    "gtp:COMMAND or nboard[@DEPTH]:COMMAND, e.g. \"gtp:/usr/games/gtp-rhino\"")
        ->required();
    cmd->add_option("--games", opt->games, "Stop after this many games (0: never)")
        ->capture_default_str()
        ->check(CLI::Range(0, 1'000'000));
    cmd->add_option("--parallel", opt->parallel, "Games at once (more challenges are declined)")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->add_flag("--casual-only", *casual_only, "Decline rated challenges");
    cmd->callback([opt, casual_only, &status] {
        opt->rated = !*casual_only;
        run_bot(*opt, std::cout);
        status.code = 0;
    });
}

}  // namespace reversi::cli
