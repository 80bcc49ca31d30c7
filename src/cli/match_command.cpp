// SPDX-License-Identifier: MIT
// `reversi match --a SPEC --b SPEC [--games N] [--plies N] [--seed N] [--jobs N] [setup flags]`:
// two players play many games from random openings with colours (or seats) rotated; a progress bar
// goes to stderr, the result with an Elo difference and its 95% error bar to stdout.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/external_player.h"
#include "cli/setup_options.h"
#include "engine/match.h"

namespace reversi::cli {

namespace {

constexpr const char* SpecHelp =
    "Player specs: 'greedy'; 'gtp:COMMAND' (an external GTP engine, e.g. "
    "\"gtp:/usr/games/gtp-rhino --level 3\"); 'nboard:COMMAND' or 'nboard@DEPTH:COMMAND' (an "
    "external NBoard engine, depth 10 unless given); or comma-separated search settings "
    "'level:N', 'depth:N', 'time:SECONDS', 'nodes:N', 'threads:N' (2 players), "
    "'algo:paranoid|brs|mcts' (3-4 players), 'seed:N', 'eval:handmade|trained', 'mpc:on|off', "
    "'weights:DIR' (trained weights from DIR), 'solve:on' (2 players: every move solved "
    "exactly, a perfect player), 'book:off' (levels 7-10 search instead of playing from the "
    "opening book), e.g. 'level:5' or 'depth:6,algo:brs'.";

struct MatchOptions {
    std::string a;
    std::string b;
    int games = 20;
    int plies = -1;
    uint64_t seed = 1;
    int jobs = 1;
    int from_game = 1;
    bool quiet = false;
    SetupOptions setup;
};

uint64_t parse_number(const std::string& key, const std::string& value) {
    try {
        size_t used = 0;
        const long long n = std::stoll(value, &used);
        if (used == value.size() && n >= 0) return static_cast<uint64_t>(n);
    } catch (const std::exception&) {
    }
    throw std::invalid_argument("'" + key + ":" + value + "' needs a whole number");
}

std::unique_ptr<engine::MatchPlayer> make_player(const std::string& spec) {
    if (spec == "greedy") return std::make_unique<engine::GreedyPlayer>();
    if (auto external = make_external_player(spec)) return external;
    engine::SearchLimits limits;
    std::optional<engine::MultiAlgorithm> algorithm;
    std::stringstream list(spec);
    std::string item;
    bool any = false;
    while (std::getline(list, item, ',')) {
        const auto colon = item.find(':');
        if (colon == std::string::npos)
            throw std::invalid_argument("bad player spec '" + spec + "'. " + SpecHelp);
        const std::string key = item.substr(0, colon);
        const std::string value = item.substr(colon + 1);
        if (key == "level") {
            limits.level = static_cast<int>(parse_number(key, value));
            if (limits.level < 1 || limits.level > 10)
                throw std::invalid_argument("level must be 1 to 10");
        } else if (key == "depth") {
            limits.depth = static_cast<int>(parse_number(key, value));
            if (limits.depth < 1 || limits.depth > 60)
                throw std::invalid_argument("depth must be 1 to 60");
        } else if (key == "time") {
            try {
                limits.seconds = std::stod(value);
            } catch (const std::exception&) {
                limits.seconds = -1;
            }
            if (!(limits.seconds > 0)) throw std::invalid_argument("time must be > 0 seconds");
        } else if (key == "nodes") {
            limits.nodes = parse_number(key, value);
        } else if (key == "threads") {
            limits.threads = static_cast<int>(parse_number(key, value));
            if (limits.threads < 1 || limits.threads > 64)
                throw std::invalid_argument("threads must be 1 to 64");
        } else if (key == "seed") {
            limits.seed = parse_number(key, value);
        } else if (key == "eval") {
            // handmade: the hand-made evaluation where trained weights exist (old against
            // new); trained: 3-4 players, the shape's weights on blocked boards too (to
            // measure them where MultiEval ships).
            if (value != "handmade" && value != "trained")
                throw std::invalid_argument("eval must be handmade or trained");
            limits.handmade_eval = value == "handmade";
            limits.trained_on_blocked = value == "trained";
        } else if (key == "mpc") {
            // Multi-ProbCut off where the variant ships its parameters (old against new).
            if (value != "on" && value != "off")
                throw std::invalid_argument("mpc must be on or off");
            limits.probcut = value == "on";
        } else if (key == "weights") {
            // Trained weights from another directory (candidate against shipped).
            if (value.empty()) throw std::invalid_argument("weights needs a directory");
            limits.weights_dir = value;
        } else if (key == "solve") {
            // Perfect play: the ceiling any evaluation can reach against a given opponent.
            if (value != "on") throw std::invalid_argument("solve must be on");
            limits.exact = true;
        } else if (key == "book") {
            // The opening book's gain: a level with it against the same level without.
            if (value != "on" && value != "off")
                throw std::invalid_argument("book must be on or off");
            limits.book = value == "on";
        } else if (key == "algo") {
            algorithm = engine::parse_algorithm(value);
            if (!algorithm) throw std::invalid_argument("algo must be paranoid, brs or mcts");
        } else {
            throw std::invalid_argument("unknown setting '" + key + "' in '" + spec + "'. " +
                                        SpecHelp);
        }
        any = true;
    }
    if (!any) throw std::invalid_argument("empty player spec. " + std::string(SpecHelp));
    return std::make_unique<engine::SearchPlayer>(spec, limits, algorithm);
}

void draw_progress(const engine::MatchScore& s, int total) {
    constexpr int Width = 30;
    const int done = s.games();
    const int filled = total ? done * Width / total : Width;
    std::fprintf(stderr, "\r[%s%s] %d/%d  +%d =%d -%d ", std::string(filled, '#').c_str(),
                 std::string(Width - filled, '.').c_str(), done, total, s.wins, s.draws, s.losses);
    if (done == total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
}

int run_match(const MatchOptions& opt) {
    engine::MatchConfig config;
    const core::Game start = opt.setup.game();
    config.setup = start.variant().setup();
    config.start_moves = start.moves();
    const int players = config.setup.players;
    const int per_opening = players == 2 ? 2 : 2 * players;
    if (opt.games < 1) throw std::invalid_argument("--games must be at least 1");
    config.openings = std::max(1, (opt.games + per_opening - 1) / per_opening);
    config.opening_plies = opt.plies >= 0 ? opt.plies : (players == 2 ? 6 : players);
    config.seed = opt.seed;
    config.first_game = opt.from_game - 1;

    if (opt.jobs < 1 || opt.jobs > 64) throw std::invalid_argument("--jobs must be 1 to 64");
    // Built once here so a bad spec fails before any game; workers build their own copies.
    auto a = make_player(opt.a);
    auto b = make_player(opt.b);
    const int total = config.openings * per_opening;
    std::cout << "A: " << a->name() << "\nB: " << b->name() << "\n"
              << total << " games, " << config.openings << " openings of " << config.opening_plies
              << " random plies (seed " << config.seed << ")"
              << (players == 2 ? ", colours swapped" : ", seats rotated");
    if (opt.from_game > 1) {
        if (opt.from_game > total)
            throw std::invalid_argument("--from-game must be 1 to " + std::to_string(total));
        std::cout << "; this run plays games " << opt.from_game << " to " << total;
    }
    std::cout << std::endl;
    const auto progress = [&](const engine::GameRecord&, const engine::MatchScore& s, int n) {
        if (!opt.quiet) draw_progress(s, n);
    };
    const engine::MatchScore score =
        opt.jobs == 1 ? engine::run_match(config, *a, *b, progress)
                      : engine::run_match(
                            config, [&] { return make_player(opt.a); },
                            [&] { return make_player(opt.b); }, opt.jobs, progress);
    const engine::EloEstimate elo = engine::elo_estimate(score);
    const double points = score.wins + 0.5 * score.draws;
    std::printf("A wins %d, draws %d, losses %d: %.1f/%d (%.1f%%)\n", score.wins, score.draws,
                score.losses, points, score.games(), 100.0 * points / score.games());
    if (std::isfinite(elo.elo) && std::isfinite(elo.error))
        std::printf("Elo difference (A - B): %+.1f +/- %.1f (95%%)\n", elo.elo, elo.error);
    else if (std::isfinite(elo.elo))
        std::printf("Elo difference (A - B): %+.1f (error bar undefined)\n", elo.elo);
    else
        std::printf("Elo difference (A - B): %s (one side scored everything)\n",
                    elo.elo > 0 ? "+inf" : "-inf");
    return 0;
}

}  // namespace

void add_match_command(CLI::App& app, ExitStatus& status) {
    auto opt = std::make_shared<MatchOptions>();
    CLI::App* cmd = app.add_subcommand(
        "match",
        std::string("Play two players against each other from random openings. ") + SpecHelp);
    cmd->add_option("--a", opt->a, "Player A (see the specs above)")->required();
    cmd->add_option("--b", opt->b, "Player B")->required();
    cmd->add_option("--games", opt->games,
                    "Games to play (rounded up to whole opening pairs / seat rotations)")
        ->capture_default_str();
    cmd->add_option("--plies", opt->plies,
                    "Random plies of each opening (default 6 with 2 players, else players)");
    cmd->add_option("--seed", opt->seed, "Seed of the openings and of noisy levels")
        ->capture_default_str();
    cmd->add_option("--jobs", opt->jobs,
                    "Games played side by side, one thread each (time limits then share the "
                    "machine's cores)")
        ->capture_default_str();
    cmd->add_option("--from-game", opt->from_game,
                    "Start at this game (from 1), to split a long match between runs: the "
                    "games are the same as in the whole match")
        ->capture_default_str();
    cmd->add_flag("--quiet", opt->quiet, "No progress bar");
    opt->setup.add_to(*cmd);
    cmd->callback([opt, &status] { status.code = run_match(*opt); });
}

}  // namespace reversi::cli
