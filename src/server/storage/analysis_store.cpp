// SPDX-License-Identifier: MIT
// The defaults of a store without analyses: saving throws, loading finds none.
#include "server/storage/analysis_store.h"

#include <stdexcept>

namespace reversi::server {

void AnalysisStore::save_analysis(const std::string&, const std::string&) {
    throw std::runtime_error("this store keeps no analyses");
}

std::optional<std::string> AnalysisStore::load_analysis(const std::string&) {
    return std::nullopt;
}

}  // namespace reversi::server
