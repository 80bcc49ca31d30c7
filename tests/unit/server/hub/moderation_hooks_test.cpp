// SPDX-License-Identifier: MIT
// The ModerationHooks (hub/moderation_hooks.h) on a fake host, without a Moderation attached
// (nobody is muted, nobody moderates): a report finds its chat line among the live rooms,
// naming the player behind a line read back by name, and a ban closes only that player's
// sockets. With a Moderation, the server tests (moderation/) drive the same hooks.
#include "server/hub/moderation_hooks.h"

#include <gtest/gtest.h>

#include "api_error_code.h"
#include "fake_room_host.h"

namespace reversi::server {
namespace {

using namespace hub_testing;
using testing_support::code_of;

struct ModerationHooksTest : testing::Test {
    net::io_context ioc;
    FakeRoomHost host;
    ModerationHooks::Rooms rooms;
    ModerationHooks::Subscribers subscribers;
    ModerationHooks hooks{host, rooms, subscribers, [](const std::string& name) -> int64_t {
                              return name == "Bob" ? 12 : 0;
                          }};

    // A chat line said at room t1 (live) by `from`, as player `player` (0: read back by name).
    int64_t say(const std::string& from, int64_t player, const std::string& text) {
        if (!rooms.count("t1")) rooms["t1"] = playing_room(ioc);
        ChatLine line;
        line.seat = -1;
        line.from = from;
        line.text = text;
        line.player = player;
        return rooms["t1"]->chat.append(std::move(line)).seq;
    }
};

TEST_F(ModerationHooksTest, AReportFindsItsLineAndThePlayerBehindAName) {
    const int64_t first = say("Ada", 11, "hello");
    const int64_t second = say("Bob", 0, "after a restart");
    const auto line = hooks.chat_line("t1", first);
    ASSERT_TRUE(line);
    EXPECT_EQ(line->player, 11);
    EXPECT_EQ(line->from, "Ada");
    EXPECT_EQ(line->text, "hello");
    const auto named = hooks.chat_line("t1", second);
    ASSERT_TRUE(named);
    EXPECT_EQ(named->player, 12);
    EXPECT_FALSE(hooks.chat_line("t1", second + 1));
    EXPECT_FALSE(hooks.chat_line("t2", first));
}

TEST_F(ModerationHooksTest, ABanClosesOnlyThatPlayersSockets) {
    const auto ada = holder({0});
    const auto ada_again = holder({});
    const auto bob = holder({1});
    ada->identity.player = ada_again->identity.player = 11;
    bob->identity.player = 12;
    subscribers = {{1, ada.get()}, {2, bob.get()}, {3, ada_again.get()}};
    hooks.disconnect_player(11);
    EXPECT_TRUE(ada->closed);
    EXPECT_TRUE(ada_again->closed);
    EXPECT_FALSE(bob->closed);
}

TEST_F(ModerationHooksTest, WithoutModerationNobodyIsMutedOrModerates) {
    EXPECT_NO_THROW(hooks.check_mute(11));
    hooks.attach(nullptr);
    EXPECT_NO_THROW(hooks.check_mute(11));
    Identity moderator{11, "Ada", false};
    EXPECT_EQ(code_of([&] {
                  hooks.hide_chat(moderator, R"({"table":"t1","seq":1,"reason":"spam"})",
                                  [](Reply) { ADD_FAILURE() << "answered"; });
              }),
              ErrorCode::NotFound);
}

}  // namespace
}  // namespace reversi::server
