// SPDX-License-Identifier: MIT
// The opening book of every book shape: the table and its symmetries, the negamax over the stored
// tree, the checked text form, the lazy load, and the choice of a level's book move. The tree is a
// graph (transpositions), but every move adds a disc, so values are brought up to date in one pass
// from the positions with the most discs to the start.
#include "engine/book.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <type_traits>

#include "core/bitboard.h"
#include "core/box_symmetry.h"
#include "engine/checked_text.h"
#include "engine/data_paths.h"
#include "engine/pattern_eval.h"
#include "engine/random.h"
#include "engine/table_text.h"

namespace reversi::engine {

namespace {

constexpr const char* Magic = "reversi-book";
constexpr int Version = 1;
constexpr size_t MaxFileBytes = 64u << 20;  // some 800,000 positions
constexpr size_t MaxEntries = 2'000'000;
constexpr int MaxDepth = 60;
// A layout index fits the 128-bit word.
constexpr int MaxSquare = 128;
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

// The layouts of the book shapes: immutable once built, shared by every book.
const Layout<uint64_t>& eight_layout() {
    static const Layout<uint64_t> layout(core::Geometry(core::Shape::Eight, {}));
    return layout;
}
const Layout<core::u128>& wide_layout(core::Shape shape) {
    static const Layout<core::u128> ten(core::Geometry(core::Shape::Ten, {}));
    static const Layout<core::u128> octagon(core::Geometry(core::Shape::Octagon, {}));
    return shape == core::Shape::Ten ? ten : octagon;
}

// Where each square of a wide board goes under each symmetry (squares off the box map to
// themselves; they never hold a disc).
using SquareMap = std::array<std::array<uint8_t, MaxSquare>, 8>;
const SquareMap& wide_square_map() {
    static const SquareMap map = [] {
        SquareMap m{};
        for (int s = 0; s < 8; ++s)
            for (int sq = 0; sq < MaxSquare; ++sq)
                m[s][sq] = static_cast<uint8_t>(book_transform_square(core::Shape::Ten, sq, s));
        return m;
    }();
    return map;
}

// The position after `sq` in a layout, and how the game goes on there.
struct Step {
    Book::Words next;  // the next mover's discs and the other's
    bool over = false;
    // The opponent must pass (or the game is over): `next` is the player who moved and the
    // other, so the same player moves on.
    bool passed = false;
};
template <class B>
Step play_in(const Layout<B>& l, const Book::Words& w, int sq) {
    const B own = narrow_word<B>(w.first);
    const B opp = narrow_word<B>(w.second);
    const B f = flips(l, sq, own, opp);
    const B mover = opp & ~f;
    const B other = own | f | core::square_bit<B>(sq);
    Step s;
    if (legal_moves(l, mover, other)) {
        s.next = {mover, other};
    } else {
        s.next = {other, mover};
        s.passed = true;
        s.over = !legal_moves(l, other, mover);
    }
    return s;
}

// 8x8 words in 16 hex digits (as version 1 always wrote them), wide ones in 32.
std::string hex_word(core::u128 w, bool wide) {
    const std::string low = hex64(static_cast<uint64_t>(w));
    return wide ? hex64(static_cast<uint64_t>(w >> 64)) + low : low;
}
bool parse_hex_word(const std::string& text, core::u128& w) {
    const size_t split = text.size() > 16 ? text.size() - 16 : 0;
    uint64_t high = 0, low = 0;
    if (text.size() > 32 || (split > 0 && !parse_hex64(text.substr(0, split), high)) ||
        !parse_hex64(text.substr(split), low))
        return false;
    w = core::u128{high} << 64 | low;
    return true;
}

// The book shape of a variant key; nothing for any other.
std::optional<core::Shape> book_shape_of(const std::string& variant) {
    for (const core::Shape s : {core::Shape::Eight, core::Shape::Ten, core::Shape::Octagon})
        if (variant == shape_variant_key(s, false)) return s;
    return std::nullopt;
}

}  // namespace

std::vector<std::string> shipped_book_variants() {
    return {"8x8"};
}

uint64_t book_transform(uint64_t word, int symmetry) {
    if (symmetry & 1) word = transpose(word);
    if (symmetry & 2) word = mirror_columns(word);
    if (symmetry & 4) word = __builtin_bswap64(word);
    return word;
}

int book_transform_square(int sq, int symmetry) {
    return core::box_symmetry_square(sq, 8, 8, symmetry);
}

core::u128 book_transform(core::Shape shape, core::u128 word, int symmetry) {
    if (shape == core::Shape::Eight) return book_transform(core::low64(word), symmetry);
    const auto& map = wide_square_map()[symmetry];
    core::u128 out = 0;
    while (word) out |= core::u128{1} << map[core::pop_lsb(word)];
    return out;
}

int book_transform_square(core::Shape shape, int sq, int symmetry) {
    if (shape == core::Shape::Eight) return book_transform_square(sq, symmetry);
    // 10x10 and the octagon: a 10-wide box in rows of 11 (the gap column stays put).
    return core::box_symmetry_square(sq, 10, 11, symmetry);
}

std::pair<Book::Words, int> book_canonical(core::Shape shape, core::u128 own, core::u128 opp) {
    Book::Words best{own, opp};
    int best_symmetry = 0;
    for (int s = 1; s < core::BoxSymmetries; ++s) {
        const Book::Words image{book_transform(shape, own, s), book_transform(shape, opp, s)};
        if (image < best) {
            best = image;
            best_symmetry = s;
        }
    }
    return {best, best_symmetry};
}

Book::Book(core::Shape shape, int depth) : shape_(shape), depth_(depth) {
    if (!book_shape(shape)) throw BookError("no book for this board");
    if (depth_ < 1 || depth_ > MaxDepth) throw BookError("book depth out of range");
    if (shape == core::Shape::Eight)
        narrow_ = &eight_layout();
    else
        wide_ = &wide_layout(shape);
    squares_ = with_layout([](const auto& l) { return l.playable_count; });
}

bool Book::book_shape(core::Shape shape) {
    return shape == core::Shape::Eight || shape == core::Shape::Ten ||
           shape == core::Shape::Octagon;
}

bool Book::covers(const core::Position& pos) {
    const core::Geometry& g = pos.geometry();
    return pos.players() == 2 && book_shape(g.shape()) && !g.blocked() && !pos.variant().anti() &&
           !pos.in_opening();
}

std::string Book::variant() const {
    return shape_variant_key(shape_, false);
}

const Book::Entry* Book::find(core::u128 own, core::u128 opp) const {
    const auto [key, symmetry] = book_canonical(shape_, own, opp);
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

bool Book::contains(core::u128 own, core::u128 opp) const {
    return find(own, opp) != nullptr;
}

std::optional<int> Book::value(core::u128 own, core::u128 opp) const {
    const Entry* e = find(own, opp);
    if (!e) return std::nullopt;
    return e->value;
}

core::u128 Book::legal(core::u128 own, core::u128 opp) const {
    return with_layout([&](const auto& l) -> core::u128 {
        using B = std::decay_t<decltype(l.playable)>;
        return legal_moves(l, narrow_word<B>(own), narrow_word<B>(opp));
    });
}

std::optional<Book::Words> Book::child(core::u128 own, core::u128 opp, int sq) const {
    const Step s = with_layout([&](const auto& l) { return play_in(l, {own, opp}, sq); });
    if (s.over) return std::nullopt;
    return s.next;
}

int Book::move_value(const Key& key, uint8_t sq, int score, bool* in_book) const {
    const Step s = with_layout([&](const auto& l) { return play_in(l, key, sq); });
    *in_book = true;
    if (s.over) {
        const auto [moved, other] = s.next;
        return final_score(core::popcount(moved), core::popcount(other),
                           squares_ - core::popcount(moved | other), false);
    }
    // After a pass the same player moves on, so the child's value keeps its sign.
    if (const Entry* e = find(s.next.first, s.next.second)) return s.passed ? e->value : -e->value;
    *in_book = false;
    return score;
}

std::vector<BookMove> Book::moves(core::u128 own, core::u128 opp) const {
    const auto [key, symmetry] = book_canonical(shape_, own, opp);
    const auto it = entries_.find(key);
    if (it == entries_.end()) return {};
    const int back = core::inverse_box_symmetry(symmetry);
    std::vector<BookMove> out;
    for (const auto& [sq, score] : it->second.scores) {
        BookMove m;
        m.value = move_value(it->first, sq, score, &m.in_book);
        m.move = book_transform_square(shape_, sq, back);
        out.push_back(m);
    }
    std::sort(out.begin(), out.end(), [](const BookMove& a, const BookMove& b) {
        return a.value != b.value ? a.value > b.value : a.move < b.move;
    });
    return out;
}

void Book::add(core::u128 own, core::u128 opp, const std::vector<MoveScore>& scores) {
    if (own & opp) throw BookError("overlapping discs");
    const core::u128 board = with_layout([](const auto& l) -> core::u128 { return l.playable; });
    if ((own | opp) & ~board) throw BookError("a disc off the board");
    const core::u128 legal_here = legal(own, opp);
    if (!legal_here) throw BookError("a book position needs a legal move");
    core::u128 seen = 0;
    for (const MoveScore& m : scores) {
        if (m.move < 0 || m.move >= MaxSquare || !((legal_here >> m.move) & 1) ||
            ((seen >> m.move) & 1))
            throw BookError("a move that is not legal, or given twice");
        if (std::abs(m.score) > squares_) throw BookError("score out of range");
        seen |= core::u128{1} << m.move;
    }
    if (seen != legal_here) throw BookError("a legal move without a score");
    if (entries_.size() >= MaxEntries && !contains(own, opp)) throw BookError("too many positions");
    const auto [key, symmetry] = book_canonical(shape_, own, opp);
    Entry e;
    int best = -squares_;
    for (const MoveScore& m : scores) {
        e.scores.emplace_back(static_cast<uint8_t>(book_transform_square(shape_, m.move, symmetry)),
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
        int best = -squares_ - 1;
        for (const auto& [sq, score] : entry->scores) {
            bool in_book = false;
            best = std::max(best, move_value(*key, sq, score, &in_book));
        }
        entry->value = static_cast<int8_t>(best);
    }
}

std::vector<Book::Words> Book::positions() const {
    std::vector<Words> out;
    out.reserve(entries_.size());
    for (const auto& [key, entry] : entries_) out.emplace_back(key.first, key.second);
    std::sort(out.begin(), out.end());
    return out;
}

std::string Book::format() const {
    // Sorted, so that the same book always gives the same file (and diff).
    std::map<Key, const Entry*> sorted;
    for (const auto& [k, e] : entries_) sorted[k] = &e;
    const bool wide = wide_ != nullptr;
    std::ostringstream out;
    out << Magic << ' ' << Version << '\n'
        << "variant " << variant() << '\n'
        << "depth " << depth_ << '\n'
        << "# p OWN OPP SQUARE:SCORE...: the mover's and the opponent's discs (hex, bit row * "
        << (wide ? 11 : 8)
        << " + column) of the least of the eight symmetric images, then every legal move's "
           "square index in that image and its score for the mover from a search of the depth "
           "above\n";
    for (const auto& [k, e] : sorted) {
        out << "p " << hex_word(k.first, wide) << ' ' << hex_word(k.second, wide);
        for (const auto& [sq, score] : e->scores) out << ' ' << int{sq} << ':' << int{score};
        out << '\n';
    }
    return with_checksum(out.str());
}

Book Book::parse(const std::string& text) {
    std::optional<core::Shape> shape;
    std::optional<Book> book;
    const auto record = [&](const std::string& word, std::istringstream& words, const auto& fail) {
        if (word == "variant" && !shape) {
            std::string variant;
            if (!(words >> variant) || !(shape = book_shape_of(variant)))
                fail("not a book of 8x8, 10x10 or the octagon");
        } else if (word == "depth" && !book) {
            int depth = 0;
            if (!shape) fail("depth before the variant");
            if (!(words >> depth) || depth < 1 || depth > MaxDepth) fail("bad depth");
            book.emplace(*shape, depth);
        } else if (word == "p") {
            if (!book) fail("position before the header");
            std::string own_text, opp_text, move_text;
            core::u128 own = 0, opp = 0;
            if (!(words >> own_text >> opp_text) || !parse_hex_word(own_text, own) ||
                !parse_hex_word(opp_text, opp))
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
                if (sq < 0 || scores.size() >= MaxSquare) fail("bad move '" + move_text + "'");
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
    };
    read_table_records<BookError>(text, {Magic, Version, MaxFileBytes, "not an opening book"},
                                  record);
    if (!book || book->size() == 0) throw BookError("no positions");
    book->minimax();
    return std::move(*book);
}

Book read_book_file(const std::string& path) {
    return read_table_file<BookError>(path, MaxFileBytes, "opening book", Book::parse);
}

void write_book_file(const std::string& path, const Book& book) {
    if (const auto error = replace_file(path, book.format())) throw BookError(*error);
}

std::string book_directory() {
    if (const char* dir = std::getenv("REVERSI_BOOK_DIR"); dir && *dir) return dir;
    return data_paths().book;
}

std::string book_path(const std::string& variant) {
    return book_directory() + "/" + variant + ".book";
}

std::shared_ptr<const Book> opening_book(const std::string& variant) {
    if (!book_shape_of(variant)) return nullptr;
    // Each file is loaded (or found absent) once per process on first use; immutable
    // afterwards. Keyed by the path, so a changed $REVERSI_BOOK_DIR is a new book.
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const Book>> loaded;
    const std::string path = book_path(variant);
    const std::lock_guard lock(mutex);
    if (const auto it = loaded.find(path); it != loaded.end()) return it->second;
    const auto shipped = shipped_book_variants();
    std::error_code ec;
    std::shared_ptr<const Book> book;
    if (std::find(shipped.begin(), shipped.end(), variant) != shipped.end() ||
        std::filesystem::exists(path, ec)) {
        book = std::make_shared<const Book>(read_book_file(path));
        if (book->variant() != variant) throw BookError(path + ": a book of " + book->variant());
    }
    loaded[path] = book;
    return book;
}

std::optional<SearchResult> book_result(const Book& book, const core::Position& pos, int margin,
                                        uint64_t seed) {
    if (!Book::covers(pos) || pos.geometry().shape() != book.shape() || pos.is_over() ||
        pos.must_pass())
        return std::nullopt;
    const auto words = [](const core::Position& p) {
        return Book::Words{p.discs(p.side()), p.discs(1 - p.side())};
    };
    const auto [own, opp] = words(pos);
    const std::vector<BookMove> moves = book.moves(own, opp);
    if (moves.empty()) return std::nullopt;
    size_t choices = 0;
    while (choices < moves.size() && moves[choices].value >= moves.front().value - margin)
        ++choices;
    // The pick depends on the position's class, not its orientation's hash alone, and on the
    // seed, so a seeded game is repeatable and different seeds vary.
    const auto canonical = book_canonical(book.shape(), own, opp).first;
    const uint64_t key = book.shape() == core::Shape::Eight
                             ? pair_key(core::low64(canonical.first), core::low64(canonical.second))
                             : pair_key(canonical.first, canonical.second);
    uint64_t state = seed ^ key;
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
