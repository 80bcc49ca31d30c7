// SPDX-License-Identifier: MIT
// `reversi book build --out FILE [--board B] [--positions N] [--depth D] [--save-every N] ...`:
// grows the opening book of 8x8, 10x10 or the octagon (engine/book_builder.h, docs/ENGINE.md
// "Opening book") by the engine's own searches, resuming from FILE when it exists and saving
// every few positions, so that it can be built in chunks. `reversi book show [--file FILE]
// [--board B] [--moves ...]`: the book's size by ply, a position's moves with their values and
// the book's best line.
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>

#include "cli/commands.h"
#include "cli/setup_options.h"
#include "core/bitboard.h"
#include "core/notation.h"
#include "core/variant.h"
#include "engine/book.h"
#include "engine/book_builder.h"
#include "engine/pattern_eval.h"

namespace reversi::cli {

namespace {

constexpr int StartDiscs = 4;

struct BookBuildOptions {
    std::string out;
    std::string board = "8";
    size_t positions = 100;
    int depth = 14;
    size_t save_every = 50;
    int hash_mb = 64;
    engine::BookBuildSettings settings;
};

struct BookShowOptions {
    std::string file;
    SetupOptions setup;
};

int run_build(const BookBuildOptions& opt) {
    core::Shape shape = core::Shape::Eight;
    if (!core::parse_shape(opt.board, shape) || !engine::Book::book_shape(shape))
        throw engine::BookError("no book for board '" + opt.board + "' (use 8, 10 or octagon)");
    std::error_code ec;
    engine::Book book = std::filesystem::exists(opt.out, ec) ? engine::read_book_file(opt.out)
                                                             : engine::Book(shape, opt.depth);
    if (book.shape() != shape)
        throw engine::BookError(opt.out + " is a book of " + book.variant() + ", not " +
                                engine::shape_variant_key(shape, false));
    if (book.depth() != opt.depth)
        throw engine::BookError(opt.out + " was built at depth " + std::to_string(book.depth()) +
                                ", not " + std::to_string(opt.depth));
    if (book.size() > 0)
        std::cerr << "resuming " << opt.out << ": " << book.size() << " positions\n";
    engine::EngineOptions eopt;
    eopt.hash_mb = opt.hash_mb;
    engine::Engine eng(eopt);
    const auto start = std::chrono::steady_clock::now();
    size_t since_save = 0;
    const size_t added =
        engine::expand_book(book, opt.positions, eng, opt.settings, [&](const engine::Book& b) {
            const double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cerr << "\r" << b.size() << " positions, " << std::fixed << std::setprecision(1)
                      << s << " s" << std::flush;
            if (++since_save >= opt.save_every) {
                engine::write_book_file(opt.out, b);
                since_save = 0;
            }
        });
    std::cerr << '\n';
    engine::write_book_file(opt.out, book);
    // The file as it will be loaded: a book that cannot be read back is not shipped.
    const engine::Book check = engine::read_book_file(opt.out);
    std::cout << "wrote " << opt.out << ": " << check.size() << " positions (" << added
              << " added) of " << check.variant() << " at depth " << check.depth() << std::endl;
    return check.size() == book.size() ? 0 : 1;
}

int run_show(const BookShowOptions& opt) {
    const core::Game game = opt.setup.game();
    const core::Position& pos = game.position();
    if (!engine::Book::covers(pos))
        throw engine::BookError(
            "books hold two-player 8x8, 10x10 and octagon positions, not anti, not blocked");
    const engine::Book book = engine::read_book_file(
        opt.file.empty()
            ? engine::book_path(engine::shape_variant_key(pos.geometry().shape(), false))
            : opt.file);
    if (book.shape() != pos.geometry().shape())
        throw engine::BookError("a book of " + book.variant() + ", not of this board");
    std::map<int, size_t> by_ply;
    for (const auto& [own, opp] : book.positions())
        ++by_ply[core::popcount(own | opp) - StartDiscs];
    std::cout << book.variant() << " positions " << book.size() << ", depth " << book.depth()
              << "\nply positions\n";
    for (const auto& [ply, n] : by_ply) std::cout << std::setw(3) << ply << ' ' << n << '\n';
    const core::Geometry& g = pos.geometry();
    const core::u128 own = pos.discs(pos.side());
    const core::u128 opp = pos.discs(1 - pos.side());
    const std::vector<engine::BookMove> moves = book.moves(own, opp);
    if (moves.empty()) {
        std::cout << "position not in the book\n";
        return 0;
    }
    std::cout << "value " << *book.value(own, opp) << " for the side to move\nmoves:";
    for (const engine::BookMove& m : moves)
        std::cout << ' ' << core::square_name(g, m.move) << ' ' << m.value
                  << (m.in_book ? "" : "?");
    const auto line = engine::book_result(book, pos, 0, 0);
    std::cout << "\n(? a search score, its position not stored)\nbest line: "
              << core::format_moves(g, line->pv, false) << '\n';
    return 0;
}

template <class Run, class Options>
void on_run(CLI::App* cmd, std::shared_ptr<Options> opt, Run run, ExitStatus& status) {
    cmd->callback([opt, run, &status] {
        try {
            status.code = run(*opt);
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << '\n';
            status.code = 1;
        }
    });
}

}  // namespace

void add_book_command(CLI::App& app, ExitStatus& status) {
    CLI::App* book =
        app.add_subcommand("book", "The opening books (8x8, 10x10, octagon), built by the engine");
    book->require_subcommand(1);

    auto build = std::make_shared<BookBuildOptions>();
    CLI::App* b = book->add_subcommand("build", "Grow the book (resumes from --out)");
    b->add_option("--out", build->out, "Book file (data/book/8x8.book)")->required();
    b->add_option("--board", build->board, "Board: 8, 10 or octagon")->capture_default_str();
    b->add_option("--positions", build->positions, "Positions to add in this run")
        ->capture_default_str()
        ->check(CLI::Range(1, 1'000'000));
    b->add_option("--depth", build->depth, "Search depth of every position's moves")
        ->capture_default_str()
        ->check(CLI::Range(1, 30));
    b->add_option("--save-every", build->save_every, "Save after this many positions")
        ->capture_default_str()
        ->check(CLI::Range(1, 1'000'000));
    b->add_option("--full-width", build->settings.full_width_plies,
                  "Every move is stored up to this ply")
        ->capture_default_str()
        ->check(CLI::Range(0, 8));
    b->add_option("--max-plies", build->settings.max_plies, "No position beyond this ply")
        ->capture_default_str()
        ->check(CLI::Range(1, 50));
    b->add_option("--ply-cost", build->settings.ply_cost,
                  "Cost of a ply in discs of deviation (smaller: deeper best lines)")
        ->capture_default_str()
        ->check(CLI::Range(0.01, 64.0));
    b->add_option("--hash", build->hash_mb, "Transposition table size in MB")
        ->capture_default_str()
        ->check(CLI::Range(1, 16384));
    on_run(b, build, run_build, status);

    auto show = std::make_shared<BookShowOptions>();
    CLI::App* s = book->add_subcommand("show", "A book's size and a position's book moves");
    s->add_option("--file", show->file, "Book file (default: the shipped one)")
        ->check(CLI::ExistingFile);
    show->setup.add_to(*s);
    on_run(s, show, run_show, status);
}

}  // namespace reversi::cli
