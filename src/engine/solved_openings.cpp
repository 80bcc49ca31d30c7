// SPDX-License-Identifier: MIT
// Solved openings: the table, its checked text form, the look-up the search makes before
// solving a root, and the builder. The builder walks the two perfect-player trees from the
// start depth first, so each solve finds its subtree's bounds in the engine's table from
// the solve of its parent.
#include "engine/solved_openings.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sstream>

#include "core/bitboard.h"
#include "core/box_symmetry.h"
#include "engine/checked_text.h"
#include "engine/data_paths.h"
#include "engine/pattern_eval.h"
#include "engine/table_text.h"

namespace reversi::engine {

namespace {

constexpr const char* Magic = "reversi-solved-openings";
constexpr int Version = 1;
constexpr size_t MaxFileBytes = 64u << 20;
constexpr size_t MaxEntries = 1'000'000;
constexpr int MaxWidth = 8;  // one 64-bit word of stride 8
constexpr int Stride = 8;
constexpr uint8_t StoredPass = 255;
// The longest principal variation read from the table (a whole 8x8 game and its passes).
constexpr int MaxPvPlies = 80;

uint64_t board_mask(int width) {
    uint64_t m = 0;
    for (int r = 0; r < width; ++r)
        for (int c = 0; c < width; ++c) m |= uint64_t{1} << (r * Stride + c);
    return m;
}

}  // namespace

SolvedOpenings::SolvedOpenings(std::string variant, int width, int plies)
    : variant_(std::move(variant)), width_(width), plies_(plies) {
    if (width_ < 2 || width_ > MaxWidth) throw SolvedOpeningsError("board width out of range");
    if (plies_ < 0 || plies_ > MaxSolvedOpeningPlies)
        throw SolvedOpeningsError("plies out of range");
}

bool SolvedOpenings::covers(const core::Position& pos) const {
    const core::Geometry& g = pos.geometry();
    return pos.players() == 2 && g.narrow() && g.width() == width_ && g.height() == width_ &&
           pattern_variant_key(g, pos.variant().anti()) == variant_;
}

int SolvedOpenings::transform_square(int sq, int symmetry) const {
    return core::box_symmetry_square(sq, width_, Stride, symmetry);
}

uint64_t SolvedOpenings::transform(uint64_t word, int symmetry) const {
    uint64_t out = 0;
    while (word) out |= uint64_t{1} << transform_square(core::pop_lsb(word), symmetry);
    return out;
}

std::pair<SolvedOpenings::Key, int> SolvedOpenings::canonical(uint64_t own, uint64_t opp) const {
    Key best{own, opp};
    int best_symmetry = 0;
    for (int s = 1; s < core::BoxSymmetries; ++s) {
        const Key k{transform(own, s), transform(opp, s)};
        if (k.own < best.own || (k.own == best.own && k.opp < best.opp)) {
            best = k;
            best_symmetry = s;
        }
    }
    return {best, best_symmetry};
}

std::optional<SolvedMove> SolvedOpenings::find(uint64_t own, uint64_t opp) const {
    const auto [key, symmetry] = canonical(own, opp);
    const auto it = entries_.find(key);
    if (it == entries_.end()) return std::nullopt;
    SolvedMove m{it->second.score, core::PassMove};
    if (it->second.best != StoredPass)
        m.best = transform_square(it->second.best, core::inverse_box_symmetry(symmetry));
    return m;
}

void SolvedOpenings::add(uint64_t own, uint64_t opp, SolvedMove move) {
    if (entries_.size() >= MaxEntries) throw SolvedOpeningsError("too many positions");
    const auto [key, symmetry] = canonical(own, opp);
    const uint8_t best = move.best == core::PassMove
                             ? StoredPass
                             : static_cast<uint8_t>(transform_square(move.best, symmetry));
    entries_[key] = {static_cast<int8_t>(move.score), best};
}

std::string SolvedOpenings::format() const {
    // Sorted, so that the same table always gives the same file (and diff).
    std::map<std::pair<uint64_t, uint64_t>, Entry> sorted;
    for (const auto& [k, e] : entries_) sorted[{k.own, k.opp}] = e;
    std::ostringstream out;
    out << Magic << ' ' << Version << '\n'
        << "variant " << variant_ << '\n'
        << "width " << width_ << '\n'
        << "plies " << plies_ << '\n'
        << "# p OWN OPP SCORE BEST: the mover's and the opponent's discs (hex, bit row * 8 + "
           "column) of the least of the eight symmetric images, the exact score for the "
           "mover, a best move's square index in that image (255: pass)\n";
    for (const auto& [k, e] : sorted)
        out << "p " << hex64(k.first) << ' ' << hex64(k.second) << ' ' << int{e.score} << ' '
            << int{e.best} << '\n';
    return with_checksum(out.str());
}

SolvedOpenings SolvedOpenings::parse(const std::string& text) {
    std::string variant;
    int width = 0;
    int plies = -1;
    std::optional<SolvedOpenings> table;
    uint64_t mask = 0;
    const auto record = [&](const std::string& word, std::istringstream& words, const auto& fail) {
        if (word == "variant" && !table) {
            if (!(words >> variant) || variant.size() > 32) fail("bad variant");
        } else if (word == "width" && !table) {
            if (!(words >> width) || width < 2 || width > MaxWidth) fail("bad width");
        } else if (word == "plies" && !table) {
            if (!(words >> plies) || plies < 0 || plies > MaxSolvedOpeningPlies) fail("bad plies");
        } else if (word == "p") {
            if (!table) {
                if (variant.empty() || width == 0 || plies < 0) fail("position before the header");
                table.emplace(variant, width, plies);
                mask = board_mask(width);
            }
            std::string own_text, opp_text;
            int score = 0, best = 0;
            uint64_t own = 0, opp = 0;
            if (!(words >> own_text >> opp_text >> score >> best) || !parse_hex64(own_text, own) ||
                !parse_hex64(opp_text, opp))
                fail("a position needs two hex words and two numbers");
            if ((own & opp) || ((own | opp) & ~mask)) fail("discs off the board or overlapping");
            if (std::abs(score) > width * width) fail("score out of range");
            if (best != StoredPass && (best < 0 || best >= Stride * Stride ||
                                       !((mask >> best) & 1) || (((own | opp) >> best) & 1)))
                fail("best move not an empty square");
            if (table->entries_.size() >= MaxEntries) fail("too many positions");
            table->entries_[{own, opp}] = {static_cast<int8_t>(score), static_cast<uint8_t>(best)};
        } else {
            fail("unexpected '" + word + "'");
        }
    };
    read_table_records<SolvedOpeningsError>(
        text, {Magic, Version, MaxFileBytes, "not a solved-openings file"}, record);
    if (!table) throw SolvedOpeningsError("no positions");
    return std::move(*table);
}

SolvedOpenings read_solved_openings_file(const std::string& path, const std::string& variant) {
    return read_table_file<SolvedOpeningsError>(
        path, MaxFileBytes, "solved openings", [&](const std::string& text) {
            SolvedOpenings table = SolvedOpenings::parse(text);
            if (table.variant() != variant)
                throw SolvedOpeningsError("table is for '" + table.variant() + "', not '" +
                                          variant + "'");
            return table;
        });
}

void write_solved_openings_file(const std::string& path, const SolvedOpenings& table) {
    if (const auto error = replace_file(path, table.format())) throw SolvedOpeningsError(*error);
}

std::string solved_openings_directory() {
    if (const char* dir = std::getenv("REVERSI_SOLVED_DIR"); dir && *dir) return dir;
    return data_paths().solved;
}

std::shared_ptr<const SolvedOpenings> solved_openings(const std::string& variant) {
    // Only 6x6 ships a table: on 8x8 the same plies would need years of solving.
    if (variant != "6x6") return nullptr;
    // Loaded once per process; the table is immutable afterwards.
    static std::mutex mutex;
    static std::shared_ptr<const SolvedOpenings> loaded;
    const std::lock_guard lock(mutex);
    if (!loaded)
        loaded = std::make_shared<const SolvedOpenings>(read_solved_openings_file(
            solved_openings_directory() + "/" + variant + ".solved", variant));
    return loaded;
}

std::optional<SearchResult> solved_opening_result(const SolvedOpenings& table,
                                                  const core::Position& pos, bool wld) {
    if (!table.covers(pos) || pos.is_over()) return std::nullopt;
    const auto words = [](const core::Position& p) {
        return std::make_pair(core::low64(p.discs(p.side())), core::low64(p.discs(1 - p.side())));
    };
    const auto [own, opp] = words(pos);
    const std::optional<SolvedMove> root = table.find(own, opp);
    if (!root) return std::nullopt;
    SearchResult r;
    r.best = root->best;
    r.score = wld ? (root->score > 0) - (root->score < 0) : root->score;
    r.exact = true;
    r.depth = core::popcount(pos.empty());
    core::Position p = pos;
    for (int ply = 0; ply < MaxPvPlies && !p.is_over(); ++ply) {
        const auto [o, t] = words(p);
        const std::optional<SolvedMove> m = table.find(o, t);
        if (!m || !p.is_legal(m->best)) break;
        r.pv.push_back(m->best);
        p.play(m->best);
    }
    return r;
}

SolvedOpenings build_solved_openings(const core::Position& start, int plies, Engine& engine,
                                     const std::function<void(size_t)>& on_solved) {
    const core::Geometry& g = start.geometry();
    if (start.players() != 2 || !g.narrow() || g.width() != g.height() || g.blocked())
        throw SolvedOpeningsError("solved openings need two players on a plain square board");
    SolvedOpenings table(pattern_variant_key(g, start.variant().anti()), g.width(), plies);
    SearchLimits limits;
    limits.exact = true;
    limits.solved_openings = false;  // what is being built
    const auto value = [&](const core::Position& p) {
        const uint64_t own = core::low64(p.discs(p.side()));
        const uint64_t opp = core::low64(p.discs(1 - p.side()));
        if (const auto m = table.find(own, opp)) return *m;
        const SearchResult r = engine.search(p, limits);
        const SolvedMove m{r.score, r.best};
        table.add(own, opp, m);
        if (on_solved) on_solved(table.size());
        return m;
    };
    // Depth first: `perfect` is the seat that plays only its best move.
    const auto walk = [&](const auto& self, const core::Position& p, int ply, int perfect) -> void {
        if (p.is_over() || ply > plies) return;
        const SolvedMove m = value(p);
        if (ply == plies) return;
        if (p.side() == perfect || m.best == core::PassMove) {
            self(self, p.after(m.best), ply + 1, perfect);
            return;
        }
        for (core::u128 moves = p.legal_moves(); moves;)
            self(self, p.after(core::pop_lsb(moves)), ply + 1, perfect);
    };
    for (int perfect = 0; perfect < 2; ++perfect) walk(walk, start, 0, perfect);
    return table;
}

}  // namespace reversi::engine
