// SPDX-License-Identifier: MIT
#include "server/explorer/training_export.h"

#include <stdexcept>

#include "engine/game_positions.h"
#include "engine/multiplayer_pattern_eval.h"
#include "server/explorer/service.h"
#include "server/rating/ratings.h"
#include "server/table/table.h"

namespace reversi::server {

namespace {

// The variant of a two-player rating pool, or an exception naming the pools there are.
core::Variant variant_of_pool(const std::string& pool) {
    const auto setup = pool_setup(pool);
    if (!setup || setup->players != 2)
        throw std::invalid_argument("not a two-player rating pool: '" + pool +
                                    "' (8x8, 8x8-anti, 6x6, 10x10, octagon)");
    return core::Variant(*setup);
}

}  // namespace

std::unique_ptr<engine::TrainingWriter> training_writer_for_pool(const std::string& path,
                                                                 const std::string& pool) {
    const core::Variant variant = variant_of_pool(pool);
    return std::make_unique<engine::TrainingWriter>(path, engine::weight_variant_key(variant),
                                                    variant.geometry().narrow() ? 8 : 16);
}

TrainingExport export_training_games(TableStore& store, const TrainingExportOptions& options,
                                     engine::TrainingWriter& out) {
    const core::Variant variant = variant_of_pool(options.pool);
    TrainingExport report;
    const auto note = [&](size_t& count, const std::string& id, const std::string& why) {
        ++count;
        if (report.reasons.size() < options.max_reasons)
            report.reasons.push_back("table " + id.substr(0, 40) + ": " + why);
    };
    constexpr int Page = 500;  // rows held at once, whatever the store's size
    for (int offset = 0;; offset += Page) {
        const std::vector<StoredTable> page = store.finished(Page, offset);
        for (const StoredTable& row : page) {
            ++report.games;
            ExplorerGame game;
            try {
                const Table table =
                    Table::restore(row.id, json::parse(row.spec), row.created, row.moves,
                                   row.result.empty() ? json() : json::parse(row.result), 0);
                if (!explorer_game_of(table, game)) {
                    ++report.other_pool;  // not finished, no moves, or not a rating pool's
                    continue;
                }
            } catch (const std::exception& e) {
                note(report.unreadable, row.id, e.what());
                continue;
            }
            if (game.pool != options.pool) {
                ++report.other_pool;
                continue;
            }
            if (options.min_rating > 0 &&
                (game.ratings[0] < options.min_rating || game.ratings[1] < options.min_rating)) {
                ++report.below_rating;
                continue;
            }
            const engine::GamePositions positions =
                engine::training_positions_of_game(variant, game.moves);
            if (!positions.refused.empty() || positions.positions.empty()) {
                note(report.refused, row.id,
                     positions.refused.empty() ? "no position" : positions.refused);
                continue;
            }
            out.append(positions.positions);
            ++report.kept;
            report.positions += positions.positions.size();
        }
        if (static_cast<int>(page.size()) < Page) break;
    }
    return report;
}

}  // namespace reversi::server
