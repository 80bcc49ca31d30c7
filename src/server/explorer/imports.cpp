// SPDX-License-Identifier: MIT
// Reading a GGF or WTHOR upload: each game through core's reader, then the checks that make it
// an explorer game (two players, a rating pool, the standard start, a result).
#include "server/explorer/imports.h"

#include <cstdlib>

#include "core/ggf.h"
#include "core/wthor.h"
#include "server/common/protocol.h"
#include "server/rating/ratings.h"

namespace reversi::server {

namespace {

// The winner from GGF's RE ("+18.000", "-4", "0.000:r"): Black's disc margin first.
std::optional<int> winner_of_result(const std::string& result) {
    const char* begin = result.c_str();
    char* end = nullptr;
    const double margin = std::strtod(begin, &end);
    if (end == begin) return std::nullopt;
    return margin > 0 ? 0 : margin < 0 ? 1 : -1;
}

// Why `record` is not an explorer game, or empty; fills `out` when it is.
std::string check_game(const core::GgfRecord& record, ImportedGame& out, size_t name_bytes) {
    const core::Game& g = record.game;
    const core::Setup& setup = g.variant().setup();
    const auto pool = pool_of(setup);
    if (!pool || setup.players != 2) return "not a game of a rating pool";
    if (!(g.start() == core::Game(setup).start())) return "not from the standard start";
    if (g.moves().empty()) return "no moves";
    std::optional<int> winner;
    if (g.position().is_over())
        winner = g.position().outcome().winner;
    else
        winner = winner_of_result(record.info.result);
    if (!winner) return "unfinished, and no result (RE)";
    out.game.pool = *pool;
    out.game.moves = g.moves();
    out.game.winner = *winner;
    out.black = utf8_safe(record.info.black, name_bytes);
    out.white = utf8_safe(record.info.white, name_bytes);
    return {};
}

// Counts a skipped game and keeps its reason while there is room.
auto skipper(GameImport& out, const ImportLimits& limits) {
    return [&out, &limits](size_t index, const std::string& why) {
        ++out.skipped;
        if (out.errors.size() < limits.max_errors)
            out.errors.push_back("game " + std::to_string(index + 1) + ": " + utf8_safe(why, 120));
    };
}

// Black's disc count against half the board, for a game that stopped before its end.
int winner_of_discs(int black_discs) {
    constexpr int Half = 32;
    return black_discs > Half ? 0 : black_discs < Half ? 1 : -1;
}

}  // namespace

GameImport read_ggf_import(std::string_view text, const ImportLimits& limits) {
    GameImport out;
    const core::GgfFileGames split = core::split_ggf_file(text, limits.max_games);
    out.more = split.more;
    const auto skip = skipper(out, limits);
    for (size_t i = 0; i < split.games.size(); ++i) {
        ImportedGame game;
        try {
            const std::string why =
                check_game(core::parse_ggf(split.games[i]), game, limits.max_name_bytes);
            if (!why.empty()) {
                skip(i, why);
                continue;
            }
        } catch (const std::exception& e) {
            skip(i, e.what());
            continue;
        }
        out.games.push_back(std::move(game));
    }
    return out;
}

GameImport read_wthor_import(std::string_view bytes, const ImportLimits& limits) {
    GameImport out;
    const core::WthorFile split = core::split_wthor_file(bytes, limits.max_games);
    out.error = split.error;
    out.more = split.more;
    const auto skip = skipper(out, limits);
    const std::string pool = *pool_of(core::Setup{});
    for (size_t i = 0; i < split.records.size(); ++i) {
        const core::WthorGame read = core::read_wthor_game(split.records[i]);
        if (!read.error.empty()) {
            skip(i, read.error);
            continue;
        }
        if (read.game.moves().empty()) {
            skip(i, "no moves");
            continue;
        }
        ImportedGame game;
        game.game.pool = pool;
        game.game.moves = read.game.moves();
        game.game.winner =
            read.game.is_over() ? read.game.outcome().winner : winner_of_discs(read.black_discs);
        game.black = "WTHOR #" + std::to_string(read.black);
        game.white = "WTHOR #" + std::to_string(read.white);
        out.games.push_back(std::move(game));
    }
    return out;
}

}  // namespace reversi::server
