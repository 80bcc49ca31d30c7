// SPDX-License-Identifier: MIT
// The hub's side of a deleted account (issue 48, docs/SITE.md "Identity"): every table that
// names the player shows deleted-<id> instead, in memory (its watchers get the new state) and
// in the store (each table it held a seat at, found by its id), and what it said in chat
// leaves every table's log and the store.
#include <iostream>

#include "server/accounts/player_names.h"
#include "server/hub/hub.h"
#include "server/hub/room.h"

namespace reversi::server {

void GameHub::anonymize_player(int64_t player, const std::string& old_name, bool in_store) {
    const std::string name = deleted_name(player);
    // Step 1. The tables in memory: renamed and stored (their watchers get the state after the
    // commit), their chat logs sent again without the player's lines.
    for (const auto& [id, room] : rooms_) {
        if (room->dropped) continue;
        if (room->chat.forget_from(player, old_name))
            for (Subscriber* sub : room->subscribers) send_chat_log(*sub, *room);
        if (!room->table.rename_player(player, name)) continue;
        commit(
            room, [st = stored(room->table)](Storage& s) { s.save_table(st); }, snapshot(*room));
    }
    if (!in_store) return;
    // Step 2. The store: every table the player sat at (after the commits above, so a table
    // in memory is stored renamed either way), and its chat lines at any table.
    storage_.write(
        [player, name, old_name](Storage& s) {
            for (const StoredSpec& row : s.table_specs_of(player)) {
                json spec = json::parse(row.spec, nullptr, false);
                if (spec.is_discarded() || !rename_player_in_spec(spec, player, name)) continue;
                s.set_table_spec(row.table, dump_safe(spec));
            }
            if (!old_name.empty()) s.delete_chat_from(old_name);
        },
        [player](bool ok) {
            if (!ok)
                std::cerr << "account deletion: the tables and chat of player " << player
                          << " could not be rewritten\n";
        });
}

}  // namespace reversi::server
