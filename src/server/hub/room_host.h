// SPDX-License-Identifier: MIT
// What the hub's small classes (hub/finisher.h, hub/offer_handler.h, hub/moderation_hooks.h)
// ask of the hub that owns the rooms: its clock, the one commit path (a change is committed
// before anyone sees it, in the room's write order) and the messages to a room's subscribers.
// GameHub implements it; a unit test implements it with a fake.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace reversi::server {

class Storage;
class Subscriber;
struct Room;  // hub/room.h
using RoomPtr = std::shared_ptr<Room>;

class RoomHost {
  public:
    // Steady milliseconds, the clock of the tables' rules.
    virtual int64_t now() const = 0;
    // The room's table state as every subscriber is sent it (GameHub::snapshot).
    virtual std::shared_ptr<const std::string> snapshot(Room& room) = 0;
    // Commits `op` and then broadcasts `state`; `then(ok)` runs after the commit or after its
    // failure, which drops the room (GameHub::commit).
    virtual void commit(const RoomPtr& room, std::function<void(Storage&)> op,
                        std::shared_ptr<const std::string> state,
                        std::function<void(bool)> then = {}) = 0;
    // Sends `message` to every subscriber of the room.
    virtual void send_to_all(Room& room, const std::shared_ptr<const std::string>& message) = 0;
    // Sends the chat kept with the room, as this subscriber may see it.
    virtual void send_chat_log(Subscriber& sub, Room& room) = 0;

  protected:
    ~RoomHost() = default;
};

}  // namespace reversi::server
