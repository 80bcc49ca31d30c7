// SPDX-License-Identifier: MIT
// What a store keeps of post-game analyses (docs/SITE.md "Analysis"): one JSON document per
// table. Methods throw std::runtime_error on failure and run on the storage thread, inside
// the transaction of the Storage they belong to (storage.h).
#pragma once

#include <optional>
#include <string>

namespace reversi::server {

// Post-game analyses.
class AnalysisStore {
  public:
    virtual ~AnalysisStore() = default;

    // The table's analysis, a JSON document the store does not interpret, replaced when
    // saved again. analysis_store.cpp has the defaults, for a store without analyses: saving
    // throws, loading finds none.
    virtual void save_analysis(const std::string& table, const std::string& analysis);
    virtual std::optional<std::string> load_analysis(const std::string& table);
};

}  // namespace reversi::server
