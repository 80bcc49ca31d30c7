// SPDX-License-Identifier: MIT
// Guests that expire (issue 27, finding 11; storage/guest_store.h), the same body against
// SQLite and PostgreSQL: only a guest with no seat, no recent session and not kept (online)
// goes, with its sessions; registered players and guests with games stay.
#include <gtest/gtest.h>

#include <algorithm>

#include "storage_backends.h"

namespace reversi::server {
namespace {

class GuestConformance : public testing_backends::BackendTest {};

TEST_P(GuestConformance, OnlyGuestsThatLeftNothingExpire) {
    auto store = db_->open();
    store->begin();
    store->save_player({1, "Guest-1", "guest-1", "", 10});  // idle: goes
    store->save_session({"h1", 1, 10, 20});
    store->save_player({2, "Guest-2", "guest-2", "", 10});  // a seat: stays
    store->save_table_player("t1", 0, 2);
    store->save_player({3, "Guest-3", "guest-3", "", 10});  // seen lately: stays
    store->save_session({"h3", 3, 10, 500});
    store->save_player({4, "Ada", "ada", "$argon2id$x", 10});  // registered: stays
    store->save_player({5, "Guest-5", "guest-5", "", 900});    // new: stays
    store->save_player({6, "Guest-6", "guest-6", "", 10});     // online now: stays
    store->save_player({7, "Guest-7", "guest-7", "", 10});     // idle, no session: goes
    store->commit();
    store->begin();
    auto gone = store->expire_guests(100, 50, {6});
    store->commit();
    std::sort(gone.begin(), gone.end());
    EXPECT_EQ(gone, (std::vector<int64_t>{1, 7}));
    std::vector<int64_t> left;
    for (const StoredPlayer& p : store->players()) left.push_back(p.id);
    std::sort(left.begin(), left.end());
    EXPECT_EQ(left, (std::vector<int64_t>{2, 3, 4, 5, 6}));
    for (const StoredSession& s : store->sessions()) EXPECT_NE(s.player, 1);
    // The limit bounds one sweep.
    store->begin();
    store->save_player({8, "Guest-8", "guest-8", "", 10});
    store->save_player({9, "Guest-9", "guest-9", "", 10});
    store->commit();
    store->begin();
    EXPECT_EQ(store->expire_guests(100, 1, {6}).size(), 1u);
    store->commit();
}

INSTANTIATE_TEST_SUITE_P(Backends, GuestConformance, testing_backends::ConformanceBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
