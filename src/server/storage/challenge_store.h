// SPDX-License-Identifier: MIT
// Open correspondence challenges as a store keeps them (docs/SITE.md "Lobby"): such a challenge
// waits days for a player who is away, so a restart must not lose it. Live challenges (two
// minutes) are not stored. Methods throw std::runtime_error on failure and run on the storage
// thread (storage.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace reversi::server {

// One pending challenge: its id, the node that holds it ("" on a store of one node), the
// challenge as the lobby writes it (JSON: players, address, setup, clock, rated) and when it
// expires, milliseconds since the epoch.
struct StoredChallenge {
    std::string id;
    std::string node;
    std::string challenge;
    int64_t expires = 0;
};

class ChallengeStore {
  public:
    virtual ~ChallengeStore() = default;

    // Upserts by id. challenge_store.cpp has the defaults, for a store without challenges:
    // saving throws, claiming finds none.
    virtual void save_challenge(const StoredChallenge& challenge);
    virtual void delete_challenge(const std::string& id);
    // The challenges that no live node holds, now held by `node` (returned with their old
    // ids): on one node every stored one; with several nodes those of nodes that stopped or
    // died (their lobby's `lobby_nodes` row expired), so two nodes never hold one challenge.
    virtual std::vector<StoredChallenge> claim_challenges(const std::string& node);
};

}  // namespace reversi::server
