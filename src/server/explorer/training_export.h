// SPDX-License-Identifier: MIT
// The site's finished games of one rating pool as training positions (`reversi sitegames`,
// docs/TRAINING.md "Training data from the site's games"). The store is read as hostile input:
// a row that does not read or a game that does not replay is counted and skipped, never stops
// the rest, and only games played to their end are kept (a resigned one has no result).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "engine/training_data.h"
#include "server/storage/table_store.h"

namespace reversi::server {

struct TrainingExportOptions {
    // A two-player rating pool: 8x8, 8x8-anti, 6x6, 10x10, octagon (its correspondence games
    // included: the same board's positions).
    std::string pool = "8x8";
    int min_rating = 0;      // both seats rated at least this (0: every game, unrated too)
    size_t max_reasons = 5;  // reasons kept for the report
};

struct TrainingExport {
    size_t games = 0;                  // finished tables read
    size_t kept = 0;                   // games written
    size_t positions = 0;              // positions written
    size_t other_pool = 0;             // another pool, or a casual setup
    size_t below_rating = 0;           // a seat under min_rating
    size_t unreadable = 0;             // the stored row does not read
    size_t refused = 0;                // did not replay to its end (resigned, timed out, ...)
    std::vector<std::string> reasons;  // the first ones: "table ID: why"
};

// Appends the pool's games in `store` to `out` (a training file of the pool's variant).
// Throws std::invalid_argument for a pool that is not a two-player rating pool.
TrainingExport export_training_games(TableStore& store, const TrainingExportOptions& options,
                                     engine::TrainingWriter& out);

// A writer appending to the training file at `path` for the pool's variant (the variant key
// and board words selfplay would use). Throws std::invalid_argument for a pool that is not a
// two-player rating pool, std::runtime_error when the file holds another variant.
std::unique_ptr<engine::TrainingWriter> training_writer_for_pool(const std::string& path,
                                                                 const std::string& pool);

}  // namespace reversi::server
