// SPDX-License-Identifier: MIT
// A RoomHost without a hub or a store, for the unit tests of the hub's small classes
// (finisher, offer_handler, moderation_hooks): it keeps each commit (its `then` runs only when
// a test says) and each message, and a room is a Table of two remote humans with players.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hub_fixture.h"
#include "server/hub/room.h"
#include "server/hub/room_host.h"

namespace reversi::server::hub_testing {

struct FakeRoomHost : RoomHost {
    struct Commit {
        RoomPtr room;
        std::function<void(Storage&)> op;
        std::function<void(bool)> then;
    };
    int64_t clock = 1'000;
    int snapshots = 0;
    std::vector<Commit> commits;
    std::vector<std::string> sent_to_all;
    std::vector<const Subscriber*> chat_logs_sent;

    int64_t now() const override { return clock; }
    std::shared_ptr<const std::string> snapshot(Room&) override {
        ++snapshots;
        return std::make_shared<const std::string>("state");
    }
    void commit(const RoomPtr& room, std::function<void(Storage&)> op,
                std::shared_ptr<const std::string>, std::function<void(bool)> then) override {
        commits.push_back({room, std::move(op), std::move(then)});
    }
    void send_to_all(Room&, const std::shared_ptr<const std::string>& message) override {
        sent_to_all.push_back(*message);
    }
    void send_chat_log(Subscriber& sub, Room&) override { chat_logs_sent.push_back(&sub); }
    // Ends the last commit as the store would: `then(ok)`.
    void finish_commit(bool ok) {
        ASSERT_FALSE(commits.empty());
        const auto then = commits.back().then;  // it may commit again
        if (then) then(ok);
    }
};

// A room whose table is being played by two remote humans, players 11 (Ada, seat 0, token
// "ta") and 12 (Bob, seat 1, token "tb"), after a move of each (the game counts).
inline RoomPtr playing_room(net::io_context& ioc, bool rated = false) {
    TableSpec spec;
    spec.seats.resize(2);
    spec.rated = rated;
    Table table("t1", spec, 0, 0);
    table.join(0, "Ada", "ta", 0);
    table.join(1, "Bob", "tb", 0);
    table.set_seat_player(0, Identity{11, "Ada", false}, 0);
    table.set_seat_player(1, Identity{12, "Bob", false}, 0);
    table.play({0}, "d3", std::nullopt, 0);
    table.play({1}, "c5", std::nullopt, 0);
    return std::make_shared<Room>(std::move(table), ioc);
}

// A connection holding `seats` at the table, from `address`.
inline std::unique_ptr<FakeSubscriber> holder(std::vector<int> seats,
                                              const std::string& address = "10.0.0.1") {
    auto sub = std::make_unique<FakeSubscriber>();
    sub->seats = std::move(seats);
    sub->address = address;
    return sub;
}

}  // namespace reversi::server::hub_testing
