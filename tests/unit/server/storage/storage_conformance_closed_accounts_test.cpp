// SPDX-License-Identifier: MIT
// The rows a deleted account leaves (ClosedAccountStore, issue 48), the same bodies against
// SQLite and PostgreSQL: the specs of every table the player sat at are found by its id,
// whatever their state; a spec is replaced without touching the row's state, result or moves;
// and the chat lines sent under a name go from every table, and no other line does.
#include <gtest/gtest.h>

#include <algorithm>

#include "storage_backends.h"

namespace reversi::server {
namespace {

using testing_backends::Backend;

class ClosedAccountsConformance : public testing_backends::BackendTest {
  protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (IsSkipped()) return;
        store_ = db_->open();
    }
    // Runs `body` in one committed transaction.
    template <class Body>
    void write(Body&& body) {
        store_->begin();
        body(*store_);
        store_->commit();
    }
    std::unique_ptr<Storage> store_;
};

TEST_P(ClosedAccountsConformance, TablesAreFoundByThePlayersIdAndOnlyTheirSpecChanges) {
    write([](Storage& s) {
        StoredTable done = testing_backends::row("done", "finished", 1);
        done.spec = R"({"seats":[{"name":"Dave","player":7}]})";
        s.save_table(done);
        s.add_move("done", {0, "d3", {1000, 2000}});
        StoredTable live = testing_backends::row("live", "playing", 2);
        live.spec = R"({"seats":[{"name":"Bob","player":8},{"name":"Dave","player":7}]})";
        s.save_table(live);
        s.save_table(testing_backends::row("other", "finished", 3));
        s.save_table_player("done", 0, 7);
        s.save_table_player("live", 1, 7);
        s.save_table_player("live", 0, 8);
        s.save_table_player("other", 0, 8);
    });
    auto specs = store_->table_specs_of(7);
    std::sort(specs.begin(), specs.end(),
              [](const StoredSpec& a, const StoredSpec& b) { return a.table < b.table; });
    ASSERT_EQ(specs.size(), 2u);
    EXPECT_EQ(specs[0].table, "done");
    EXPECT_EQ(specs[0].spec, R"({"seats":[{"name":"Dave","player":7}]})");
    EXPECT_EQ(specs[1].table, "live");
    EXPECT_TRUE(store_->table_specs_of(99).empty());

    const std::string renamed = R"({"seats":[{"name":"deleted-7","player":7}]})";
    write([&](Storage& s) { s.set_table_spec("done", renamed); });
    const auto done = store_->load("done");
    ASSERT_TRUE(done);
    EXPECT_EQ(done->spec, renamed);
    EXPECT_EQ(done->status, "finished");
    EXPECT_EQ(done->result, R"({"r":1})");
    EXPECT_EQ(done->created, 1);
    ASSERT_EQ(done->moves.size(), 1u);
    EXPECT_EQ(done->moves[0].square, "d3");
    EXPECT_EQ(store_->load("other")->spec, R"({"spec":1})");
}

TEST_P(ClosedAccountsConformance, ChatLinesOfOneSenderGoFromEveryTable) {
    write([](Storage& s) {
        s.add_chat("a", {1, 10, 0, "Dave", "my phone is 555-0100"});
        s.add_chat("a", {2, 11, 1, "Bob", "hi Dave"});
        s.add_chat("b", {1, 12, -1, "Dave", "watching"});
        s.add_chat("b", {2, 13, -1, "Davey", "me too"});
    });
    write([](Storage& s) { s.delete_chat_from("Dave"); });
    const auto a = store_->chat_lines("a");
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].from, "Bob");
    EXPECT_EQ(a[0].text, "hi Dave");
    const auto b = store_->chat_lines("b");
    ASSERT_EQ(b.size(), 1u);
    EXPECT_EQ(b[0].from, "Davey");
}

INSTANTIATE_TEST_SUITE_P(Backends, ClosedAccountsConformance,
                         testing_backends::ConformanceBackends(),
                         testing_backends::BackendTestName());

}  // namespace
}  // namespace reversi::server
