// SPDX-License-Identifier: MIT
// The live tables' side of moderation (docs/SITE.md "Moderation"): a muted player's chat line
// is refused, a ban closes the player's table sockets, a report finds its chat line among the
// live tables, and a moderator's hidden line leaves the table's log in memory and in the store
// (every subscriber gets the log again). Without a Moderation attached nobody is muted and
// nobody moderates.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/common/identity.h"
#include "server/common/reply.h"
#include "server/hub/room_host.h"
#include "server/moderation/moderation.h"

namespace reversi::server {

class ModerationHooks {
  public:
    using Rooms = std::unordered_map<std::string, RoomPtr>;
    using Subscribers = std::unordered_map<uint64_t, Subscriber*>;
    // Reads the hub's live `rooms` and `subscribers` (which must outlive it); `player_named`
    // gives the player shown under a name (0: none), for a chat line read back after a
    // restart, which knows only the name it shows.
    ModerationHooks(RoomHost& host, const Rooms& rooms, const Subscribers& subscribers,
                    std::function<int64_t(const std::string& name)> player_named);

    // The site's moderation (null: none): its bans close sockets here, its reports read chat
    // lines here. Call before serving.
    void attach(Moderation* moderation);
    // Throws ApiError Muted when a moderator muted `player` (0: nobody, never muted).
    void check_mute(int64_t player) const;
    // A moderator hides a chat line ({"table", "seq", "reason"}); answers through `respond`
    // once the store has it (GameHub::hide_chat).
    void hide_chat(const Identity& who, const std::string& body, Respond respond);
    // Closes every table socket of `player` (a ban).
    void disconnect_player(int64_t player);
    // A live table's chat line, as a report needs it.
    std::optional<ReportedLine> chat_line(const std::string& table, int64_t seq) const;

  private:
    RoomHost& host_;
    const Rooms& rooms_;
    const Subscribers& subscribers_;
    std::function<int64_t(const std::string&)> player_named_;
    Moderation* moderation_ = nullptr;
};

}  // namespace reversi::server
