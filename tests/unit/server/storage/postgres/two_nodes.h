// SPDX-License-Identifier: MIT
// Two stores, node-a and node-b, on one fresh PostgreSQL database: the fixture of the tests
// of what several nodes share (leases, fences). Skipped without $REVERSI_TEST_PG.
#pragma once
#ifdef REVERSI_WITH_POSTGRES
#include <gtest/gtest.h>

#include <memory>

#include "server/storage/postgres/storage.h"
#include "storage_backends.h"

namespace reversi::server::testing_backends {

class TwoPostgresNodes : public testing::Test {
  protected:
    void SetUp() override {
        const std::string server = test_server_uri();
        if (server.empty()) GTEST_SKIP() << "REVERSI_TEST_PG is not set (scripts/pg-temp.sh)";
        db_ = std::make_unique<PostgresDb>(server);
        a_ = std::make_unique<PostgresStorage>(db_->uri());
        b_ = std::make_unique<PostgresStorage>(db_->uri());
        a_->set_node("node-a");
        b_->set_node("node-b");
    }
    std::unique_ptr<PostgresDb> db_;
    std::unique_ptr<PostgresStorage> a_, b_;
};

}  // namespace reversi::server::testing_backends
#endif
