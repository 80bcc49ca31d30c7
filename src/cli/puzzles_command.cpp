// SPDX-License-Identifier: MIT
// `reversi puzzles generate|filter|check` (docs/PUZZLES.md): mines endgame puzzles from
// self-play games (or a store's finished games, --db) with the exact solver into a puzzle file,
// resumably (the file keeps the next game, and is rewritten whole every few games), keeps the
// puzzles of a file whose best result the criteria ask for, and checks a file, printing its
// figures.
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <unordered_set>
#include <vector>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/bitboard.h"
#include "engine/puzzle.h"

#ifdef REVERSI_HAVE_SERVER
#include "server/explorer/service.h"
#include "server/puzzles/puzzle_file.h"
#include "server/rating/ratings.h"
#include "server/storage/sqlite/storage.h"
#endif

namespace reversi::cli {

#ifndef REVERSI_HAVE_SERVER
// Built without the server: the puzzle file lives in the server's puzzles module.
void add_puzzles_command(CLI::App&, ExitStatus&) {}
#else

namespace {

struct GenerateOptions {
    std::string out;
    int games = 100;
    uint64_t seed = 1;
    int per_game = 2;
    std::string db;  // mine this store's finished games instead of self-play
    int save_every = 10;
    int hash_mb = 64;
    engine::PuzzleCriteria criteria;
    SetupOptions setup;
};

struct FileFigures {
    size_t puzzles = 0;
    size_t single = 0;
    size_t wins = 0, draws = 0, losses = 0;  // what the best result asks to keep
    std::map<std::string, int> themes;
};

FileFigures figures_of(const server::PuzzleFile& file) {
    FileFigures f;
    f.puzzles = file.puzzles.size();
    for (const server::PuzzleRecord& p : file.puzzles) {
        if (p.tree.solutions == 1) ++f.single;
        ++(p.tree.best > 0 ? f.wins : p.tree.best == 0 ? f.draws : f.losses);
        for (const std::string& t : engine::theme_names(p.tree.themes)) ++f.themes[t];
    }
    return f;
}

void print_figures(const FileFigures& f, std::ostream& out) {
    const auto share = [&](size_t n) {
        return f.puzzles ? 100.0 * static_cast<double>(n) / static_cast<double>(f.puzzles) : 0;
    };
    out << "Puzzles: " << f.puzzles << ", single solution: " << f.single << " (" << std::fixed
        << std::setprecision(1) << share(f.single) << "%)\nAsk for a win: " << f.wins << " ("
        << share(f.wins) << "%), a draw: " << f.draws << " (" << share(f.draws)
        << "%), to keep a loss: " << f.losses << " (" << share(f.losses) << "%)\nThemes:";
    for (const auto& [name, count] : f.themes) out << ' ' << name << ' ' << count;
    out << '\n';
}

// Looks for puzzles along one game (engine::mine_game: at most --per-game, never a position
// the file holds), adding them to `file` with ids `stem-pPLY`.
void mine_game(engine::Engine& engine, const core::Variant& variant,
               const std::vector<core::Square>& moves, const GenerateOptions& opt,
               const std::string& stem, server::PuzzleFile& file,
               std::unordered_set<uint64_t>& seen) {
    for (engine::MinedPuzzle& m :
         engine::mine_game(engine, variant, moves, opt.criteria, opt.per_game, seen)) {
        server::PuzzleRecord record;
        record.id = stem + "-p" + std::to_string(m.ply);
        record.moves.assign(moves.begin(), moves.begin() + static_cast<long>(m.ply));
        record.rating = engine::puzzle_starting_rating(m.tree);
        record.tree = std::move(m.tree);
        file.puzzles.push_back(std::move(record));
    }
}

// --db: the finished games of the pool in a SQLite store of `reversi serve`, each mined once
// (its puzzles' ids name the table, and a position already in the file is skipped).
void mine_database(engine::Engine& engine, const core::Variant& variant, const std::string& pool,
                   const GenerateOptions& opt, server::PuzzleFile& file,
                   std::unordered_set<uint64_t>& seen) {
    server::SqliteStorage store(opt.db);
    constexpr int Page = 500;
    int games = 0;
    for (int offset = 0;; offset += Page) {
        const std::vector<server::StoredTable> page = store.finished(Page, offset);
        for (const server::StoredTable& row : page) {
            server::ExplorerGame game;
            try {
                const server::Table table = server::Table::restore(
                    row.id, server::json::parse(row.spec), row.created, row.moves,
                    row.result.empty() ? server::json() : server::json::parse(row.result), 0);
                if (!server::explorer_game_of(table, game) || game.pool != pool) continue;
            } catch (const std::exception&) {
                continue;  // a row that does not read is not mined
            }
            mine_game(engine, variant, game.moves, opt, pool + "-db-" + row.id, file, seen);
            ++games;
        }
        if (static_cast<int>(page.size()) < Page) break;
    }
    std::cerr << "games of " << pool << " in " << opt.db << ": " << games << '\n';
}

int run_generate(const GenerateOptions& opt) {
    const core::Setup setup = opt.setup.setup();
    const auto pool = server::pool_of(setup);
    if (!pool || setup.players != 2)
        throw std::runtime_error(
            "puzzles: a two-player rating pool only (8x8, 8x8 --anti, 6, "
            "10, octagon)");
    if (opt.criteria.min_empties > opt.criteria.max_empties)
        throw std::runtime_error("puzzles: --min-empties above --max-empties");
    server::PuzzleFile file{*pool, opt.seed, 0, {}};
    if (std::filesystem::exists(opt.out)) {
        file = server::read_puzzle_file(opt.out);
        if (file.pool != *pool || file.seed != opt.seed)
            throw std::runtime_error("puzzles: " + opt.out + " holds pool " + file.pool + " seed " +
                                     std::to_string(file.seed));
        std::cerr << "resuming at game " << file.next_game << " with " << file.puzzles.size()
                  << " puzzles\n";
    }
    const core::Variant variant(setup);
    std::unordered_set<uint64_t> seen;
    for (const server::PuzzleRecord& p : file.puzzles)
        seen.insert(server::puzzle_game(*pool, p).position().key());
    engine::Engine engine(engine::EngineOptions{opt.hash_mb});
    const auto start = std::chrono::steady_clock::now();
    const size_t before = file.puzzles.size();
    const auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    if (!opt.db.empty()) mine_database(engine, variant, *pool, opt, file, seen);
    for (int g = file.next_game; opt.db.empty() && g < opt.games; ++g) {
        const std::vector<core::Square> moves = engine::puzzle_selfplay_game(
            variant, opt.seed, static_cast<uint64_t>(g), opt.criteria.min_empties, engine);
        mine_game(engine, variant, moves, opt,
                  *pool + "-s" + std::to_string(opt.seed) + "-g" + std::to_string(g), file, seen);
        file.next_game = g + 1;
        if (file.next_game % opt.save_every == 0 || file.next_game == opt.games) {
            server::write_puzzle_file(opt.out, file);
            const double s = elapsed();
            std::cerr << "games " << file.next_game << "/" << opt.games << ", puzzles "
                      << file.puzzles.size() << " (+" << file.puzzles.size() - before << " in "
                      << std::fixed << std::setprecision(0) << s << " s, "
                      << static_cast<double>(file.puzzles.size() - before) * 3600 /
                             std::max(s, 1e-9)
                      << "/hour)\n";
        }
    }
    if (!opt.db.empty() || file.next_game < opt.games || !std::filesystem::exists(opt.out))
        server::write_puzzle_file(opt.out, file);
    const double s = elapsed();
    std::cout << "Pool " << *pool << ": " << file.puzzles.size() - before << " new puzzles in "
              << std::fixed << std::setprecision(1) << s << " s ("
              << static_cast<double>(file.puzzles.size() - before) * 3600 / std::max(s, 1e-9)
              << " per hour)\n";
    print_figures(figures_of(file), std::cout);
    return 0;
}

struct FilterOptions {
    std::string in;
    std::string out;
    engine::PuzzleCriteria criteria;
};

// Keeps the puzzles of a file whose best result the criteria ask for (engine::asks_for); the
// header (pool, seed, next game) stays, so `generate` can resume the kept file.
int run_filter(const FilterOptions& opt) {
    server::PuzzleFile file = server::read_puzzle_file(opt.in);
    std::cout << opt.in << ":\n";
    print_figures(figures_of(file), std::cout);
    std::erase_if(file.puzzles, [&](const server::PuzzleRecord& p) {
        return !engine::asks_for(p.tree.best, opt.criteria);
    });
    server::write_puzzle_file(opt.out, file);
    std::cout << opt.out << ":\n";
    print_figures(figures_of(file), std::cout);
    return 0;
}

int run_check(const std::string& path) {
    const server::PuzzleFile file = server::read_puzzle_file(path);
    std::cout << path << ": pool " << file.pool << ", seed " << file.seed << ", next game "
              << file.next_game << ", checksum ok\n";
    print_figures(figures_of(file), std::cout);
    return 0;
}

}  // namespace

void add_puzzles_command(CLI::App& app, ExitStatus& status) {
    CLI::App* cmd = app.add_subcommand("puzzles", "Endgame puzzles graded by the exact solver");
    cmd->require_subcommand(1);

    auto opt = std::make_shared<GenerateOptions>();
    CLI::App* gen = cmd->add_subcommand("generate", "Mine puzzles from self-play (resumable)");
    opt->setup.add_to(*gen);
    gen->add_option("--out", opt->out, "Puzzle file (resumed when it exists)")->required();
    gen->add_option("--games", opt->games, "Self-play games in all (the file keeps its place)")
        ->check(CLI::Range(1, 10'000'000));
    gen->add_option("--db", opt->db,
                    "Mine the finished games of this SQLite store (reversi serve --db) instead "
                    "of self-play");
    gen->add_option("--seed", opt->seed, "Seed of the self-play games")->capture_default_str();
    gen->add_option("--min-empties", opt->criteria.min_empties, "Fewest empty squares")
        ->capture_default_str()
        ->check(CLI::Range(4, 24));
    gen->add_option("--max-empties", opt->criteria.max_empties, "Most empty squares")
        ->capture_default_str()
        ->check(CLI::Range(4, 24));
    gen->add_option("--min-loss", opt->criteria.min_loss,
                    "Discs every move but a solution loses at least")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    gen->add_option("--max-solutions", opt->criteria.max_solutions,
                    "Moves that may keep the best result")
        ->capture_default_str()
        ->check(CLI::Range(1, 4));
    gen->add_option("--max-turns", opt->criteria.max_turns, "Solver's turns in a puzzle, at most")
        ->capture_default_str()
        ->check(CLI::Range(1, 8));
    gen->add_option("--min-best", opt->criteria.min_best,
                    "The result to keep, at least (0: a win or a draw)")
        ->capture_default_str()
        ->check(CLI::Range(-100, 100));
    gen->add_option("--per-game", opt->per_game, "Puzzles taken from one game, at most")
        ->capture_default_str()
        ->check(CLI::Range(1, 20));
    gen->add_option("--save-every", opt->save_every, "Games between two saves of the file")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    gen->add_option("--hash", opt->hash_mb, "Transposition table size in MB")
        ->capture_default_str()
        ->check(CLI::Range(1, 4096));
    gen->callback([opt, &status] {
        try {
            status.code = run_generate(*opt);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            status.code = 1;
        }
    });

    auto filter_opt = std::make_shared<FilterOptions>();
    CLI::App* filter =
        cmd->add_subcommand("filter", "Keep the puzzles whose best result the criteria ask for");
    filter->add_option("file", filter_opt->in, "Puzzle file")->required();
    filter->add_option("--out", filter_opt->out, "Puzzle file written (may be the same)")
        ->required();
    filter
        ->add_option("--min-best", filter_opt->criteria.min_best,
                     "The result to keep, at least (0: a win or a draw)")
        ->capture_default_str()
        ->check(CLI::Range(-100, 100));
    filter->callback([filter_opt, &status] {
        try {
            status.code = run_filter(*filter_opt);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            status.code = 1;
        }
    });

    auto path = std::make_shared<std::string>();
    CLI::App* check = cmd->add_subcommand("check", "Check a puzzle file and print its figures");
    check->add_option("file", *path, "Puzzle file")->required();
    check->callback([path, &status] {
        try {
            status.code = run_check(*path);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            status.code = 1;
        }
    });
}

#endif

}  // namespace reversi::cli
