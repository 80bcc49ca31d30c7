// SPDX-License-Identifier: MIT
// The opening book: the table and its symmetries, the negamax over the stored tree, the checked
// text form, the lazy load, and the choice of a level's book move. The tree is a graph
// (transpositions), but every move adds a disc, so values are brought up to date in one pass
// from the positions with the most discs to the start.
#include "engine/book.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sstream>

#include "core/bitboard.h"
#include "engine/checked_text.h"
#include "engine/data_paths.h"
#include "engine/pattern_eval.h"
#include "engine/random.h"

namespace reversi::engine {

namespace {

constexpr const char* Magic = "reversi-book";
constexpr int Version = 1;
constexpr size_t MaxFileBytes = 64u << 20;  // some 800,000 positions
constexpr size_t MaxEntries = 2'000'000;
constexpr int MaxDepth = 60;
constexpr int Squares = 64;
// The longest principal variation read from the book (a whole game and its passes).
constexpr int MaxPvPlies = 80;

uint64_t transpose(uint64_t x) {
    // Three delta swaps exchange the off-diagonal blocks of 4, 2 and 1 squares.
    uint64_t t = 0x0f0f0f0f00000000ULL & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
}

uint64_t mirror_columns(uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    return ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
}

// The symmetry that undoes `symmetry`: three squares not on one line fix it.
int inverse_symmetry(int symmetry) {
    for (int s = 0; s < 8; ++s)
        if (book_transform_square(book_transform_square(0, symmetry), s) == 0 &&
            book_transform_square(book_transform_square(1, symmetry), s) == 1 &&
            book_transform_square(book_transform_square(8, symmetry), s) == 8)
            return s;
    return 0;  // unreachable: the eight form a group
}

const Layout<uint64_t>& eight_layout() {
    // Immutable once built; every book shares it.
    static const Layout<uint64_t> layout(core::Geometry(core::Shape::Eight, {}));
    return layout;
}

}  // namespace

uint64_t book_transform(uint64_t word, int symmetry) {
    if (symmetry & 1) word = transpose(word);
    if (symmetry & 2) word = mirror_columns(word);
    if (symmetry & 4) word = __builtin_bswap64(word);
    return word;
}

int book_transform_square(int sq, int symmetry) {
    int col = sq % 8;
    int row = sq / 8;
    if (symmetry & 1) std::swap(col, row);
    if (symmetry & 2) col = 7 - col;
    if (symmetry & 4) row = 7 - row;
    return row * 8 + col;
}

std::pair<std::pair<uint64_t, uint64_t>, int> book_canonical(uint64_t own, uint64_t opp) {
    std::pair<uint64_t, uint64_t> best{own, opp};
    int best_symmetry = 0;
    for (int s = 1; s < 8; ++s) {
        const std::pair<uint64_t, uint64_t> image{book_transform(own, s), book_transform(opp, s)};
        if (image < best) {
            best = image;
            best_symmetry = s;
        }
    }
    return {best, best_symmetry};
}

Book::Book(int depth) : depth_(depth), layout_(&eight_layout()) {
    if (depth_ < 1 || depth_ > MaxDepth) throw BookError("book depth out of range");
}

bool Book::covers(const core::Position& pos) {
    const core::Geometry& g = pos.geometry();
    return pos.players() == 2 && g.shape() == core::Shape::Eight && !g.blocked() &&
           !pos.variant().anti() && !pos.in_opening();
}

const Book::Entry* Book::find(uint64_t own, uint64_t opp) const {
    const auto [key, symmetry] = book_canonical(own, opp);
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

bool Book::contains(uint64_t own, uint64_t opp) const {
    return find(own, opp) != nullptr;
}

std::optional<int> Book::value(uint64_t own, uint64_t opp) const {
    const Entry* e = find(own, opp);
    if (!e) return std::nullopt;
    return e->value;
}

int Book::move_value(const Key& key, uint8_t sq, int score, bool* in_book) const {
    const Layout<uint64_t>& l = *layout_;
    const uint64_t f = flips(l, sq, key.first, key.second);
    const uint64_t mover = key.second & ~f;
    const uint64_t other = key.first | f | uint64_t{1} << sq;
    *in_book = true;
    if (legal_moves(l, mover, other)) {
        if (const Entry* e = find(mover, other)) return -e->value;
    } else if (legal_moves(l, other, mover)) {
        // The opponent passes: the same mover plays on.
        if (const Entry* e = find(other, mover)) return e->value;
    } else {
        return final_score(core::popcount(other), core::popcount(mover),
                           Squares - core::popcount(mover | other), false);
    }
    *in_book = false;
    return score;
}

std::vector<BookMove> Book::moves(uint64_t own, uint64_t opp) const {
    const auto [key, symmetry] = book_canonical(own, opp);
    const auto it = entries_.find(key);
    if (it == entries_.end()) return {};
    const int back = inverse_symmetry(symmetry);
    std::vector<BookMove> out;
    for (const auto& [sq, score] : it->second.scores) {
        BookMove m;
        m.value = move_value(it->first, sq, score, &m.in_book);
        m.move = book_transform_square(sq, back);
        out.push_back(m);
    }
    std::sort(out.begin(), out.end(), [](const BookMove& a, const BookMove& b) {
        return a.value != b.value ? a.value > b.value : a.move < b.move;
    });
    return out;
}

void Book::add(uint64_t own, uint64_t opp, const std::vector<MoveScore>& scores) {
    if (own & opp) throw BookError("overlapping discs");
    const uint64_t legal = legal_moves(*layout_, own, opp);
    if (!legal) throw BookError("a book position needs a legal move");
    uint64_t seen = 0;
    for (const MoveScore& m : scores) {
        if (m.move < 0 || m.move >= Squares || !((legal >> m.move) & 1) || ((seen >> m.move) & 1))
            throw BookError("a move that is not legal, or given twice");
        if (std::abs(m.score) > Squares) throw BookError("score out of range");
        seen |= uint64_t{1} << m.move;
    }
    if (seen != legal) throw BookError("a legal move without a score");
    if (entries_.size() >= MaxEntries && !contains(own, opp)) throw BookError("too many positions");
    const auto [key, symmetry] = book_canonical(own, opp);
    Entry e;
    int best = -Squares;
    for (const MoveScore& m : scores) {
        e.scores.emplace_back(static_cast<uint8_t>(book_transform_square(m.move, symmetry)),
                              static_cast<int8_t>(m.score));
        best = std::max(best, m.score);
    }
    std::sort(e.scores.begin(), e.scores.end());
    e.value = static_cast<int8_t>(best);
    entries_[key] = std::move(e);
}

void Book::minimax() {
    // Every move adds a disc (a pass adds none but is never stored), so a position's children
    // all have more discs: valuing the fullest boards first values every child before its parent.
    std::vector<std::pair<const Key*, Entry*>> order;
    order.reserve(entries_.size());
    for (auto& [key, entry] : entries_) order.emplace_back(&key, &entry);
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
        const int da = core::popcount(a.first->first | a.first->second);
        const int db = core::popcount(b.first->first | b.first->second);
        return da != db ? da > db : *a.first < *b.first;
    });
    for (const auto& [key, entry] : order) {
        int best = -Squares - 1;
        for (const auto& [sq, score] : entry->scores) {
            bool in_book = false;
            best = std::max(best, move_value(*key, sq, score, &in_book));
        }
        entry->value = static_cast<int8_t>(best);
    }
}

std::vector<std::pair<uint64_t, uint64_t>> Book::positions() const {
    std::vector<std::pair<uint64_t, uint64_t>> out;
    out.reserve(entries_.size());
    for (const auto& [key, entry] : entries_) out.emplace_back(key.first, key.second);
    std::sort(out.begin(), out.end());
    return out;
}

std::string Book::format() const {
    // Sorted, so that the same book always gives the same file (and diff).
    std::map<Key, const Entry*> sorted;
    for (const auto& [k, e] : entries_) sorted[k] = &e;
    std::ostringstream out;
    out << Magic << ' ' << Version << '\n'
        << "variant " << BookVariant << '\n'
        << "depth " << depth_ << '\n'
        << "# p OWN OPP SQUARE:SCORE...: the mover's and the opponent's discs (hex, bit row * 8 "
           "+ column) of the least of the eight symmetric images, then every legal move's square "
           "index in that image and its score for the mover from a search of the depth above\n";
    for (const auto& [k, e] : sorted) {
        out << "p " << hex64(k.first) << ' ' << hex64(k.second);
        for (const auto& [sq, score] : e->scores) out << ' ' << int{sq} << ':' << int{score};
        out << '\n';
    }
    return with_checksum(out.str());
}

Book Book::parse(const std::string& text) {
    if (text.size() > MaxFileBytes) throw BookError("file too large");
    std::string why;
    const std::optional<std::string> body = checked_body(text, why);
    if (!body) throw BookError(why);
    std::istringstream in(*body);
    std::string line;
    int number = 0;
    const auto fail = [&](const std::string& reason) {
        throw BookError("line " + std::to_string(number) + ": " + reason);
    };
    bool variant_seen = false;
    std::optional<Book> book;
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string word;
        words >> word;
        if (number == 1) {
            int version = 0;
            if (word != Magic || !(words >> version)) fail("not an opening book");
            if (version != Version) fail("unsupported version " + std::to_string(version));
        } else if (word == "variant" && !variant_seen) {
            std::string variant;
            if (!(words >> variant) || variant != BookVariant) fail("not a book of 8x8");
            variant_seen = true;
        } else if (word == "depth" && !book) {
            int depth = 0;
            if (!(words >> depth) || depth < 1 || depth > MaxDepth) fail("bad depth");
            book.emplace(depth);
        } else if (word == "p") {
            if (!book || !variant_seen) fail("position before the header");
            std::string own_text, opp_text, move_text;
            uint64_t own = 0, opp = 0;
            if (!(words >> own_text >> opp_text) || !parse_hex64(own_text, own) ||
                !parse_hex64(opp_text, opp))
                fail("a position needs two hex words");
            std::vector<MoveScore> scores;
            while (words >> move_text) {
                const size_t colon = move_text.find(':');
                int sq = -1, score = 0;
                try {
                    size_t used = 0, used_score = 0;
                    sq = std::stoi(move_text.substr(0, colon), &used);
                    score = std::stoi(move_text.substr(colon + 1), &used_score);
                    if (colon == std::string::npos || used != colon ||
                        used_score != move_text.size() - colon - 1)
                        sq = -1;
                } catch (const std::exception&) {
                    sq = -1;
                }
                if (sq < 0 || scores.size() >= Squares) fail("bad move '" + move_text + "'");
                scores.push_back({sq, score, false});
            }
            if (book->contains(own, opp)) fail("a position given twice");
            try {
                book->add(own, opp, scores);
            } catch (const BookError& e) {
                fail(e.what());
            }
        } else {
            fail("unexpected '" + word + "'");
        }
        std::string rest;
        if (word != "p" && words >> rest) fail("unexpected '" + rest + "'");
    }
    if (!book || book->size() == 0) throw BookError("no positions");
    book->minimax();
    return std::move(*book);
}

Book read_book_file(const std::string& path) {
    const std::optional<std::string> text = read_text_file(path, MaxFileBytes);
    if (!text) throw BookError(path + ": cannot open the opening book");
    try {
        return Book::parse(*text);
    } catch (const BookError& e) {
        throw BookError(path + ": " + e.what());
    }
}

void write_book_file(const std::string& path, const Book& book) {
    if (const auto error = replace_file(path, book.format())) throw BookError(*error);
}

std::string book_directory() {
    if (const char* dir = std::getenv("REVERSI_BOOK_DIR"); dir && *dir) return dir;
    return data_paths().book;
}

std::shared_ptr<const Book> opening_book(const std::string& variant) {
    if (variant != BookVariant) return nullptr;
    // Loaded once per process on first use; immutable afterwards.
    static std::mutex mutex;
    static std::shared_ptr<const Book> loaded;
    const std::lock_guard lock(mutex);
    if (!loaded)
        loaded = std::make_shared<const Book>(
            read_book_file(book_directory() + "/" + std::string(BookVariant) + ".book"));
    return loaded;
}

std::optional<SearchResult> book_result(const Book& book, const core::Position& pos, int margin,
                                        uint64_t seed) {
    if (!Book::covers(pos) || pos.is_over() || pos.must_pass()) return std::nullopt;
    const auto words = [](const core::Position& p) {
        return std::make_pair(core::low64(p.discs(p.side())), core::low64(p.discs(1 - p.side())));
    };
    const auto [own, opp] = words(pos);
    const std::vector<BookMove> moves = book.moves(own, opp);
    if (moves.empty()) return std::nullopt;
    size_t choices = 0;
    while (choices < moves.size() && moves[choices].value >= moves.front().value - margin)
        ++choices;
    // The pick depends on the position's class, not its orientation's hash alone, and on the
    // seed, so a seeded game is repeatable and different seeds vary.
    const auto canonical = book_canonical(own, opp).first;
    uint64_t state = seed ^ pair_key(canonical.first, canonical.second);
    const BookMove& pick = moves[next_random(state) % choices];
    SearchResult r;
    r.best = pick.move;
    r.score = pick.value;
    r.depth = book.depth();
    r.pv.push_back(pick.move);
    core::Position p = pos.after(pick.move);
    for (int ply = 0; ply < MaxPvPlies && !p.is_over(); ++ply) {
        if (p.must_pass()) {
            r.pv.push_back(core::PassMove);
            p.play(core::PassMove);
            continue;
        }
        const auto [o, t] = words(p);
        const std::vector<BookMove> next = book.moves(o, t);
        if (next.empty()) break;
        r.pv.push_back(next.front().move);
        p.play(next.front().move);
    }
    return r;
}

}  // namespace reversi::engine
