// SPDX-License-Identifier: MIT
// The OfferHandler (hub/offer_handler.h) on a fake host: malformed messages change nothing,
// a "no" is told to everyone only after its commit, a granted draw is an end and a granted
// takeback makes searches stale, and a rematch is checked with the hub before anything
// changes and made by the hub once granted.
#include "server/hub/offer_handler.h"

#include <gtest/gtest.h>

#include "api_error_code.h"
#include "fake_room_host.h"

namespace reversi::server {
namespace {

using namespace hub_testing;
using testing_support::code_of;

struct OfferHandlerTest : testing::Test {
    net::io_context ioc;
    FakeRoomHost host;
    Finisher finisher{host, [] { return nullptr; }};
    std::vector<std::string> checked;  // the addresses RematchTables::check was asked about
    std::vector<RoomPtr> opened;       // the rooms RematchTables::open made a rematch of
    std::optional<ApiError> refuse;    // what check throws, when set
    OfferHandler offers{
        host, finisher,
        RematchTables{[this](const std::string& address) {
                          checked.push_back(address);
                          if (refuse) throw *refuse;
                      },
                      [this](Subscriber&, const RoomPtr& room) { opened.push_back(room); }}};
    RoomPtr room = playing_room(ioc);
    std::unique_ptr<FakeSubscriber> ada = holder({0}, "10.0.0.1");
    std::unique_ptr<FakeSubscriber> bob = holder({1}, "10.0.0.2");
};

TEST_F(OfferHandlerTest, MalformedMessagesChangeNothing) {
    EXPECT_EQ(code_of([&] {
                  offers.offer(*ada, room, {{"type", "offer"}});
              }),
              ErrorCode::BadRequest);
    EXPECT_EQ(code_of([&] {
                  offers.offer(*ada, room, {{"type", "offer"}, {"kind", "tea"}});
              }),
              ErrorCode::BadRequest);
    EXPECT_EQ(code_of([&] {
                  offers.answer(*bob, room, {{"type", "answer"}, {"kind", "draw"}, {"accept", 1}});
              }),
              ErrorCode::BadRequest);
    EXPECT_EQ(code_of([&] {
                  offers.withdraw(*ada, room, {{"type", "withdraw"}});
              }),
              ErrorCode::BadRequest);
    EXPECT_TRUE(room->table.offers().all().empty());
    EXPECT_TRUE(host.commits.empty());
}

TEST_F(OfferHandlerTest, ADeclineIsToldToEveryoneOnlyAfterItsCommit) {
    offers.offer(*ada, room, {{"type", "offer"}, {"kind", "draw"}});
    ASSERT_EQ(host.commits.size(), 1u);  // only the offers changed: broadcast in write order
    offers.answer(*bob, room, {{"type", "answer"}, {"kind", "draw"}, {"accept", false}});
    ASSERT_EQ(host.commits.size(), 2u);
    EXPECT_TRUE(host.sent_to_all.empty());
    host.finish_commit(true);
    ASSERT_EQ(host.sent_to_all.size(), 1u);
    EXPECT_EQ(json::parse(host.sent_to_all[0]),
              json::parse(R"({"type":"offer_declined","kind":"draw","from":0,"by":1})"));
    EXPECT_EQ(room->table.status(), TableStatus::Playing);
}

TEST_F(OfferHandlerTest, AnAgreedDrawIsAnEnd) {
    offers.offer(*ada, room, {{"type", "offer"}, {"kind", "draw"}});
    offers.answer(*bob, room, {{"type", "answer"}, {"kind", "draw"}, {"accept", true}});
    EXPECT_EQ(room->table.status(), TableStatus::Finished);
    EXPECT_EQ(room->table.result()->reason, EndReason::Agreed);
    EXPECT_EQ(room->generation, 1u);
    EXPECT_EQ(host.commits.size(), 2u);
}

TEST_F(OfferHandlerTest, AGrantedTakebackMakesSearchesStale) {
    offers.offer(*bob, room, {{"type", "offer"}, {"kind", "takeback"}});
    offers.answer(*ada, room, {{"type", "answer"}, {"kind", "takeback"}, {"accept", true}});
    EXPECT_EQ(room->table.ply(), 1);
    EXPECT_EQ(room->generation, 1u);
    EXPECT_EQ(host.commits.size(), 2u);
}

TEST_F(OfferHandlerTest, ARematchIsCheckedBeforeAnythingChangesAndMadeByTheHub) {
    finisher.resign(room, {0}, std::nullopt);
    host.commits.clear();
    refuse = ApiError(ErrorCode::Busy, "full");
    EXPECT_EQ(code_of([&] { offers.offer(*ada, room, {{"type", "rematch"}}); }), ErrorCode::Busy);
    EXPECT_TRUE(room->table.offers().all().empty());
    EXPECT_TRUE(host.commits.empty());
    refuse.reset();
    offers.offer(*ada, room, {{"type", "rematch"}});
    EXPECT_TRUE(opened.empty()) << "Bob has not accepted";
    offers.answer(*bob, room, {{"type", "answer"}, {"kind", "rematch"}, {"accept", true}});
    EXPECT_EQ(checked, (std::vector<std::string>{"10.0.0.1", "10.0.0.1", "10.0.0.2"}));
    ASSERT_EQ(opened.size(), 1u);
    EXPECT_EQ(opened[0], room);
}

TEST_F(OfferHandlerTest, ARematchMadeBeforeIsNamedToTheAskerOnly) {
    finisher.resign(room, {0}, std::nullopt);
    host.commits.clear();
    room->table.set_rematch("t2");
    offers.offer(*bob, room, {{"type", "rematch"}});
    ASSERT_EQ(bob->received.size(), 1u);
    EXPECT_EQ(bob->received[0], json::parse(R"({"type":"rematch","table":"t2"})"));
    EXPECT_TRUE(checked.empty());
    EXPECT_TRUE(host.commits.empty());
    EXPECT_TRUE(host.sent_to_all.empty());
}

}  // namespace
}  // namespace reversi::server
