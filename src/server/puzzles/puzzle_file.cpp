// SPDX-License-Identifier: MIT
// The puzzle file's writer and its checking reader. The tree is replayed with the rules
// library while it is read, so a loaded puzzle can never ask the player for an illegal move
// or show a reply that was not legal.
#include "server/puzzles/puzzle_file.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/bitboard.h"
#include "core/notation.h"
#include "server/rating/ratings.h"

namespace reversi::server {

namespace {

using json = nlohmann::json;
constexpr const char* FormatName = "reversi-puzzles";
constexpr uintmax_t MaxFileBytes = 256ull << 20;

uint64_t fnv1a(const std::string& text, uint64_t hash = 0xcbf29ce484222325ULL) {
    for (const unsigned char c : text) {
        hash ^= c;
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

std::string hex64(uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

[[noreturn]] void fail(const std::string& why) {
    throw PuzzleFileError(why);
}

core::Square read_square(const core::Position& pos, const json& j) {
    if (!j.is_string() || j.get_ref<const std::string&>().size() > 8)
        fail("a square is not a name");
    const auto sq = core::parse_square(pos.geometry(), j.get<std::string>());
    if (!sq) fail("unknown square '" + j.get<std::string>() + "'");
    if (!pos.is_legal(*sq)) fail("illegal move '" + j.get<std::string>() + "'");
    return *sq;
}

// Reads the tree and replays it from `start`, checking every rule of docs/PUZZLES.md.
engine::PuzzleTree read_tree(const core::Position& start, const json& j) {
    if (!j.is_array() || j.empty() || j.size() > MaxPuzzleNodes) fail("bad tree size");
    engine::PuzzleTree tree;
    tree.nodes.resize(j.size());
    const int solver = start.side();
    const int limit = start.geometry().playable_count();
    std::vector<core::Position> at(j.size());
    std::vector<bool> reached(j.size(), false);
    at[0] = start;
    reached[0] = true;
    for (size_t i = 0; i < j.size(); ++i) {
        if (!reached[i]) fail("node " + std::to_string(i) + " is not reached");
        const core::Position& pos = at[i];
        const json& node = j[i];
        if (!node.is_object() || !node.contains("choices") || !node.contains("branches") ||
            !node["choices"].is_array() || !node["branches"].is_array())
            fail("bad node " + std::to_string(i));
        if (pos.is_over() || pos.must_pass() || pos.side() != solver)
            fail("node " + std::to_string(i) + " is not the solver's turn");
        engine::PuzzleNode& out = tree.nodes[i];
        core::u128 listed = 0;
        for (const json& c : node["choices"]) {
            if (!c.is_array() || c.size() != 2 || !c[1].is_number_integer()) fail("bad choice");
            const core::Square sq = read_square(pos, c[0]);
            const int score = c[1].get<int>();
            if (score < -limit || score > limit) fail("score out of range");
            if (!out.choices.empty() && score > out.choices.back().score)
                fail("choices are not best first");
            if (listed & core::square_bit<core::u128>(sq)) fail("a choice is listed twice");
            listed |= core::square_bit<core::u128>(sq);
            out.choices.push_back({sq, score});
        }
        if (listed != pos.legal_moves()) fail("node " + std::to_string(i) + " misses moves");
        const int best = out.choices.front().score;
        if (i == 0) tree.best = best;
        if (best != tree.best) fail("node " + std::to_string(i) + " does not keep the best");
        if (node["branches"].empty() || node["branches"].size() > out.choices.size())
            fail("bad branches");
        for (const json& b : node["branches"]) {
            if (!b.is_object() || !b.contains("move") || !b.contains("replies") ||
                // A forced line can run long where the solver passes (a pass and a move per
                // empty square at most).
                !b["replies"].is_array() || b["replies"].size() > 2 * static_cast<size_t>(limit) ||
                !b.contains("next") || !b["next"].is_number_integer())
                fail("bad branch");
            engine::PuzzleBranch branch;
            branch.move = read_square(pos, b["move"]);
            const auto choice =
                std::find_if(out.choices.begin(), out.choices.end(),
                             [&](const engine::PuzzleChoice& c) { return c.move == branch.move; });
            if (choice->score != best) fail("a branch follows a losing move");
            core::Position next = pos.after(branch.move);
            for (const json& r : b["replies"]) {
                if (next.is_over()) fail("a reply after the end");
                branch.replies.push_back(read_square(next, r));
                next.play(branch.replies.back());
            }
            branch.next = b["next"].get<int>();
            if (branch.next != -1) {
                if (branch.next <= static_cast<int>(i) ||
                    branch.next >= static_cast<int>(j.size()) || reached[branch.next])
                    fail("bad next node");
                reached[branch.next] = true;
                at[branch.next] = next;
            } else if (!next.is_over() && (next.side() != solver || next.must_pass())) {
                fail("a line ends before the solver's turn");
            }
            out.branches.push_back(branch);
        }
    }
    const auto& root = tree.nodes.front().choices;
    tree.solutions = static_cast<int>(
        std::count_if(root.begin(), root.end(),
                      [&](const engine::PuzzleChoice& c) { return c.score == tree.best; }));
    return tree;
}

std::string header_line(const PuzzleFile& file, size_t count, const std::string& body) {
    const json header = {{"format", FormatName},
                         {"version", PuzzleFileVersion},
                         {"pool", file.pool},
                         {"count", count},
                         {"seed", file.seed},
                         {"next_game", file.next_game},
                         {"checksum", "fnv1a64:" + hex64(fnv1a(body))}};
    return header.dump();
}

bool valid_id(const std::string& id) {
    return !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    });
}

}  // namespace

nlohmann::json puzzle_tree_json(const core::Geometry& g, const engine::PuzzleTree& tree) {
    json nodes = json::array();
    for (const engine::PuzzleNode& node : tree.nodes) {
        json choices = json::array();
        for (const engine::PuzzleChoice& c : node.choices)
            choices.push_back(json::array({core::square_name(g, c.move), c.score}));
        json branches = json::array();
        for (const engine::PuzzleBranch& b : node.branches) {
            json replies = json::array();
            for (const core::Square r : b.replies) replies.push_back(core::square_name(g, r));
            branches.push_back(
                {{"move", core::square_name(g, b.move)}, {"replies", replies}, {"next", b.next}});
        }
        nodes.push_back({{"choices", choices}, {"branches", branches}});
    }
    return nodes;
}

core::Setup puzzle_pool_setup(const std::string& pool) {
    const auto setup = pool_setup(pool);
    if (!setup || setup->players != 2) fail("no two-player pool '" + pool + "'");
    return *setup;
}

core::Game puzzle_game(const std::string& pool, const PuzzleRecord& puzzle) {
    core::Game game(puzzle_pool_setup(pool));
    for (const core::Square m : puzzle.moves) {
        if (game.is_over()) fail("puzzle " + puzzle.id + ": a move after the end");
        if (!game.play(m).empty()) fail("puzzle " + puzzle.id + ": an illegal move in its game");
    }
    return game;
}

std::string format_puzzle_line(const std::string& pool, const PuzzleRecord& puzzle) {
    const core::Game game = puzzle_game(pool, puzzle);
    const core::Geometry& g = game.variant().geometry();
    const core::Position& pos = game.position();
    const json j = {{"id", puzzle.id},
                    {"moves", core::format_moves(g, puzzle.moves, false)},
                    {"side", pos.side() == 0 ? "black" : "white"},
                    {"empties", core::popcount(pos.empty())},
                    {"best", puzzle.tree.best},
                    {"solutions", puzzle.tree.solutions},
                    {"themes", engine::theme_names(puzzle.tree.themes)},
                    {"rating", puzzle.rating},
                    {"tree", puzzle_tree_json(g, puzzle.tree)}};
    return j.dump();
}

PuzzleRecord parse_puzzle_line(const std::string& pool, const std::string& line) {
    if (line.size() > MaxPuzzleLineBytes) fail("line too long");
    const json j = json::parse(line, nullptr, false);
    if (!j.is_object() || !j.contains("id") || !j["id"].is_string() || !j.contains("moves") ||
        !j["moves"].is_string() || !j.contains("tree") || !j.contains("rating") ||
        !j["rating"].is_number() || !j.contains("themes") || !j["themes"].is_array() ||
        !j.contains("best") || !j["best"].is_number_integer())
        fail("not a puzzle object");
    PuzzleRecord p;
    p.id = j["id"].get<std::string>();
    if (!valid_id(p.id)) fail("bad id");
    p.rating = j["rating"].get<double>();
    if (!(p.rating >= 0 && p.rating <= 4000)) fail("rating out of range");
    core::Game game(puzzle_pool_setup(pool));
    if (const auto error = core::play_moves(game, j["moves"].get<std::string>()))
        fail("puzzle " + p.id + ": " + error->message());
    p.moves = game.moves();
    p.tree = read_tree(game.position(), j["tree"]);
    if (p.tree.best != j["best"].get<int>()) fail("puzzle " + p.id + ": best is not the tree's");
    for (const json& t : j["themes"]) {
        const uint32_t flag = t.is_string() ? engine::theme_flag(t.get<std::string>()) : 0;
        if (!flag) fail("puzzle " + p.id + ": unknown theme");
        p.tree.themes |= flag;
    }
    return p;
}

std::string puzzle_file_text(const PuzzleFile& file, const std::vector<std::string>& lines) {
    std::string body;
    for (const std::string& line : lines) body += line + "\n";
    return header_line(file, lines.size(), body) + "\n" + body;
}

std::string format_puzzle_file(const PuzzleFile& file) {
    std::vector<std::string> lines;
    for (const PuzzleRecord& p : file.puzzles) lines.push_back(format_puzzle_line(file.pool, p));
    return puzzle_file_text(file, lines);
}

PuzzleFile parse_puzzle_file(const std::string& text) {
    const size_t eol = text.find('\n');
    if (eol == std::string::npos) fail("no header line");
    const json header = json::parse(text.substr(0, std::min<size_t>(eol, 4096)), nullptr, false);
    if (!header.is_object() || header.value("format", "") != FormatName) fail("not a puzzle file");
    if (header.value("version", 0) != PuzzleFileVersion)
        fail("unsupported puzzle file version " + header.value("version", json()).dump());
    PuzzleFile file;
    try {
        file.pool = header.at("pool").get<std::string>();
        file.seed = header.at("seed").get<uint64_t>();
        file.next_game = header.at("next_game").get<int>();
        const std::string body = text.substr(eol + 1);
        if (header.at("checksum").get<std::string>() != "fnv1a64:" + hex64(fnv1a(body)))
            fail("checksum mismatch");
        const size_t count = header.at("count").get<size_t>();
        if (count > MaxPuzzlesPerFile) fail("too many puzzles");
        std::istringstream in(body);
        std::string line;
        for (size_t number = 2; std::getline(in, line); ++number) {
            if (file.puzzles.size() >= count) fail("more puzzles than the header's count");
            try {
                file.puzzles.push_back(parse_puzzle_line(file.pool, line));
            } catch (const std::exception& e) {
                fail("line " + std::to_string(number) + ": " + e.what());
            }
        }
        if (file.puzzles.size() != count) fail("fewer puzzles than the header's count");
    } catch (const json::exception& e) {
        fail(std::string("bad header: ") + e.what());
    }
    puzzle_pool_setup(file.pool);
    return file;
}

PuzzleFile read_puzzle_file(const std::string& path) {
    std::error_code ec;
    const uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) fail("cannot read " + path);
    if (size > MaxFileBytes) fail(path + " is too large");
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    try {
        return parse_puzzle_file(text.str());
    } catch (const PuzzleFileError& e) {
        fail(path + ": " + e.what());
    }
}

void write_puzzle_file(const std::string& path, const PuzzleFile& file) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << format_puzzle_file(file);
        out.flush();
        if (!out) fail("cannot write " + tmp);
    }
    std::filesystem::rename(tmp, path);
}

}  // namespace reversi::server
