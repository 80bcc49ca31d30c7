// SPDX-License-Identifier: MIT
// What a store does when an account is deleted (issue 48, docs/SITE.md "Identity"): the tables
// whose seats name the player are found by its id, so their specs can be rewritten under
// deleted-<id>, and the chat lines sent under its name go. The store does not read a spec:
// its caller rewrites it (table/records.cpp). Methods throw std::runtime_error on failure and
// run on the storage thread, inside the transaction of the Storage they belong to (storage.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace reversi::server {

// A table's id and its spec as stored.
struct StoredSpec {
    std::string table;
    std::string spec;
};

// The rows a deleted account leaves.
class ClosedAccountStore {
  public:
    virtual ~ClosedAccountStore() = default;

    // The spec of every table `player` held a seat at (table_players), in no order.
    virtual std::vector<StoredSpec> table_specs_of(int64_t player) = 0;
    // Replaces a table's spec and nothing else; no lease is taken, as no move or state changes.
    virtual void set_table_spec(const std::string& table, const std::string& spec) = 0;
    // Deletes every chat line sent under `sender`, at every table.
    virtual void delete_chat_from(const std::string& sender) = 0;
};

}  // namespace reversi::server
