// SPDX-License-Identifier: MIT
// `reversi admin role --db DB NAME ROLE`: gives a registered player the role of moderator or
// admin on the server's store, or takes it (docs/SITE.md "Moderation"; the work is
// server/moderation/). Roles are given only here, on the server, never through the site.
#include <iostream>

#include "cli/commands.h"
#ifdef REVERSI_HAVE_SERVER
#include "server/server.h"
#endif

namespace reversi::cli {

#ifndef REVERSI_HAVE_SERVER
void add_admin_command(CLI::App&, ExitStatus&) {}
#else
void add_admin_command(CLI::App& app, ExitStatus& status) {
    struct RoleRequest {
        std::string db = "reversi.db", name, role;
    };
    auto request = std::make_shared<RoleRequest>();
    CLI::App* admin = app.add_subcommand("admin", "Site administration on the server");
    admin->require_subcommand(1);
    CLI::App* role = admin->add_subcommand(
        "role", "Give a registered player a role (moderator, admin) or take it (none)");
    role->add_option("--db", request->db,
                     "The server's store: a SQLite file or a postgresql:// URI");
    role->add_option("name", request->name, "The player's name")->required();
    role->add_option("role", request->role, "moderator, admin or none")
        ->required()
        ->check(CLI::IsMember({"moderator", "admin", "none"}));
    role->callback([request, &status] {
        try {
            std::cout << server::set_player_role(request->db, request->name, request->role)
                      << std::endl;
        } catch (const std::exception& e) {
            std::cerr << "admin role: " << e.what() << '\n';
            status.code = 1;
        }
    });
}
#endif

}  // namespace reversi::cli
