// SPDX-License-Identifier: MIT
// The default of a store that keeps every guest.
#include "server/storage/guest_store.h"

namespace reversi::server {

std::vector<int64_t> GuestStore::expire_guests(int64_t, int, const std::vector<int64_t>&) {
    return {};
}

}  // namespace reversi::server
