// SPDX-License-Identifier: MIT
// The hub with several nodes on one database (docs/MULTINODE.md): the hooks between the hub's
// rooms and TableOwnership (table_ownership.*). A room enters memory only under this node's
// lease; a lost lease drops the room and sends its clients to reconnect; tables of dead
// nodes are taken over and resumed as a restart resumes them (Table::restore: the running
// clock starts again at the takeover, so the failover time is charged to nobody).
#include <iostream>

#include "server/hub/hub.h"
#include "server/hub/room.h"
#include "server/hub/table_ownership.h"

namespace reversi::server {

void GameHub::set_ownership(TableOwnership& ownership) {
    ownership_ = &ownership;
    ownership.start([this](const std::vector<std::string>& ids) { lose_tables(ids); },
                    [this](std::vector<StoredTable> tables) { adopt_tables(std::move(tables)); },
                    [this] { return table_room(); });
}

void GameHub::release_room(const std::string& id) {
    if (ownership_) ownership_->release(id);
}

void GameHub::claim_room(const std::string& id, std::function<void(RoomPtr)> next,
                         std::function<void(const std::string& owner)> moved) {
    TableOwnership* ownership = ownership_;
    // First who holds it, in one statement that needs none of this node's queued writes (and
    // answers every visitor asking meanwhile): with several nodes most visitors of a table not
    // in memory here belong to another node, and a claim (the table read, the lease tried,
    // the owner read) cost the queue six round trips and a commit of the writes gathered
    // before it, for each of them.
    ownership->ask_owner(id, [this, ownership, id, next = std::move(next),
                              moved = std::move(moved)](
                                 const std::optional<std::string>& elsewhere) mutable {
        if (RoomPtr room = find(id)) return next(room);  // loaded meanwhile
        if (elsewhere && moved) return moved(*elsewhere);
        auto claimed = std::make_shared<ClaimedTable>();
        storage_.read([ownership, id, claimed](Storage& s) { *claimed = ownership->claim(s, id); },
                      [this, id, claimed, next = std::move(next), moved = std::move(moved)] {
                          if (RoomPtr room = find(id)) return next(room);  // loaded meanwhile
                          if (claimed->table) return next(load_room(*claimed->table, "load"));
                          if (claimed->elsewhere && moved) return moved(claimed->owner);
                          next(nullptr);
                      });
    });
}

void GameHub::lose_tables(const std::vector<std::string>& ids) {
    const auto notice = std::make_shared<const std::string>(moved_message(""));
    int count = 0;
    for (const std::string& id : ids) {
        if (RoomPtr room = find(id)) {
            drop_room(room, notice);
            ++count;
        }
    }
    if (count) std::cerr << "ownership: lost the lease of " << count << " tables\n";
}

void GameHub::adopt_tables(std::vector<StoredTable> tables) {
    int count = 0;
    for (const StoredTable& st : tables) {
        if (find(st.id)) continue;
        if (RoomPtr room = load_room(st, "takeover")) {
            ++count;
            after_change(room);
        }
    }
    if (count) std::cout << "took over " << count << " tables" << std::endl;
}

}  // namespace reversi::server
