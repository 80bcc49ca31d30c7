// SPDX-License-Identifier: MIT
// Guests that left nothing behind, as a store forgets them (issue 27, finding 11): a guest
// row with no game and no session seen since a cut-off is deleted with its sessions, so
// visitors who never come back do not keep a row each for ever. Methods throw
// std::runtime_error on failure and run on the storage thread (storage.h).
#pragma once

#include <cstdint>
#include <vector>

namespace reversi::server {

class GuestStore {
  public:
    virtual ~GuestStore() = default;

    // Deletes at most `limit` guests (players without a password) created before
    // `idle_before` (wall ms) that hold no seat in any table and no session seen since
    // `idle_before`, except those in `keep` (online now); returns their ids.
    // guest_store.cpp has the default, for a store that keeps every guest: none.
    virtual std::vector<int64_t> expire_guests(int64_t idle_before, int limit,
                                               const std::vector<int64_t>& keep);
};

}  // namespace reversi::server
