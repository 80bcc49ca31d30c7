// SPDX-License-Identifier: MIT
// The Finisher (hub/finisher.h) on a fake host: every end is committed as the stored row of
// the end and makes pending searches stale, a game is settled once and only once it is over,
// the listeners hear of each end once (one that throws does not stop the others), and the
// players of a rated game get the chat log at its end.
#include "server/hub/finisher.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "api_error_code.h"
#include "fake_room_host.h"

namespace reversi::server {
namespace {

using namespace hub_testing;
using testing_support::code_of;

struct FinisherTest : testing::Test {
    net::io_context ioc;
    FakeRoomHost host;
    Finisher finisher{host, [] { return nullptr; }};
};

TEST_F(FinisherTest, ResignationIsCommittedAsAnEndAndMakesSearchesStale) {
    const RoomPtr room = playing_room(ioc);
    bool acknowledged = false;
    finisher.resign(room, {1}, std::nullopt, [&](bool ok) { acknowledged = ok; });
    EXPECT_EQ(room->table.status(), TableStatus::Finished);
    EXPECT_EQ(room->table.result()->reason, EndReason::Resign);
    EXPECT_EQ(room->generation, 1u);
    ASSERT_EQ(host.commits.size(), 1u);
    EXPECT_EQ(host.commits[0].room, room);
    EXPECT_FALSE(acknowledged);  // only once the store has it
    host.finish_commit(true);
    EXPECT_TRUE(acknowledged);
}

TEST_F(FinisherTest, ARefusedEndChangesAndCommitsNothing) {
    const RoomPtr room = playing_room(ioc);
    // A spectator cannot resign, and a game every player has moved in is not aborted.
    EXPECT_EQ(code_of([&] { finisher.resign(room, {}, std::nullopt); }), ErrorCode::NotYourSeat);
    EXPECT_EQ(code_of([&] { finisher.abort(room, {0}); }), ErrorCode::NotAllowed);
    // Without a clock no flag falls.
    finisher.check_flag(room);
    EXPECT_EQ(room->table.status(), TableStatus::Playing);
    EXPECT_EQ(room->generation, 0u);
    EXPECT_TRUE(host.commits.empty());
}

TEST_F(FinisherTest, AGameIsSettledOnceAndOnlyWhenOver) {
    const RoomPtr room = playing_room(ioc);
    EXPECT_FALSE(finisher.settle(*room).write) << "a game going on has nothing to settle";
    finisher.resign(room, {0}, std::nullopt);
    EXPECT_TRUE(finisher.settle(*room).write) << "the players' outcomes";
    EXPECT_TRUE(room->settled);
    EXPECT_FALSE(finisher.settle(*room).write) << "settled twice";
}

TEST_F(FinisherTest, ListenersHearOfEachEndOnceDespiteOneThatThrows) {
    int heard = 0;
    finisher.on_game_over([](const Table&) { throw std::runtime_error("listener failed"); });
    finisher.on_game_over([&](const Table& t) {
        EXPECT_EQ(t.id(), "t1");
        ++heard;
    });
    const RoomPtr room = playing_room(ioc);
    finisher.report_end(*room);
    EXPECT_EQ(heard, 0) << "the game goes on";
    finisher.resign(room, {1}, std::nullopt);
    finisher.report_end(*room);
    finisher.report_end(*room);
    EXPECT_EQ(heard, 1);
    EXPECT_TRUE(host.chat_logs_sent.empty()) << "a casual game showed its players everything";
}

TEST_F(FinisherTest, PlayersOfARatedGameGetTheChatLogAtItsEnd) {
    const RoomPtr room = playing_room(ioc, /*rated=*/true);
    const auto ada = holder({0});
    const auto watcher = holder({});
    room->subscribers = {ada.get(), watcher.get()};
    finisher.resign(room, {0}, std::nullopt);
    finisher.report_end(*room);
    ASSERT_EQ(host.chat_logs_sent.size(), 1u);
    EXPECT_EQ(host.chat_logs_sent[0], ada.get());
}

}  // namespace
}  // namespace reversi::server
