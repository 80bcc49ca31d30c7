// SPDX-License-Identifier: MIT
// The defaults of a store without challenges: saving throws, claiming finds none.
#include "server/storage/challenge_store.h"

#include <stdexcept>

namespace reversi::server {

void ChallengeStore::save_challenge(const StoredChallenge&) {
    throw std::runtime_error("this store keeps no challenges");
}

void ChallengeStore::delete_challenge(const std::string&) {
    throw std::runtime_error("this store keeps no challenges");
}

std::vector<StoredChallenge> ChallengeStore::claim_challenges(const std::string&) {
    return {};
}

}  // namespace reversi::server
