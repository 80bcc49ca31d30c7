// SPDX-License-Identifier: MIT
// Multi-ProbCut parameters: the table, its text form and the least-squares fit.
#include "engine/probcut.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "engine/data_paths.h"
#include "engine/pattern_eval.h"

namespace reversi::engine {

namespace {

constexpr const char* Magic = "reversi-mpc";
constexpr int Version = 1;
// Bounds that any sane fit stays inside (scores in hundredths of a disc).
constexpr double MaxSlope = 4;
constexpr double MinSlope = 0.25;
constexpr double MaxIntercept = 2000;
constexpr double MaxSigma = 5000;
constexpr size_t MaxFileBytes = 1 << 20;
constexpr size_t MaxPairs = 4096;

void check_pair(const ProbCutPair& p, const std::string& where) {
    const auto fail = [&](const std::string& why) { throw ProbCutError(where + ": " + why); };
    if (p.depth < 1 || p.depth > ProbCutTable::MaxDepth) fail("depth out of range");
    if (p.shallow < 0 || p.shallow >= p.depth) fail("shallow depth must be below the depth");
    if (p.min_empties < 0 || p.max_empties > ProbCutTable::MaxEmpties ||
        p.min_empties > p.max_empties)
        fail("bad empties range");
    if (!(p.slope >= MinSlope && p.slope <= MaxSlope)) fail("slope out of range");
    if (!(std::abs(p.intercept) <= MaxIntercept)) fail("intercept out of range");
    if (!(p.sigma > 0 && p.sigma <= MaxSigma)) fail("sigma out of range");
    if (p.samples < 0) fail("negative sample count");
}

bool valid_variant_key(const std::string& key) {
    if (key.empty() || key.size() > 32) return false;
    return std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == 'x' || c == '-';
    });
}

}  // namespace

ProbCutTable::ProbCutTable(std::string variant, std::vector<ProbCutPair> pairs)
    : variant_(std::move(variant)), pairs_(std::move(pairs)) {
    if (!valid_variant_key(variant_)) throw ProbCutError("bad variant key '" + variant_ + "'");
    if (pairs_.size() > MaxPairs) throw ProbCutError("too many pairs");
    for (auto& row : index_) row.fill(-1);
    for (size_t i = 0; i < pairs_.size(); ++i) {
        const ProbCutPair& p = pairs_[i];
        check_pair(p, "pair " + std::to_string(i + 1));
        for (int e = p.min_empties; e <= p.max_empties; ++e) {
            if (index_[p.depth][e] >= 0)
                throw ProbCutError("pair " + std::to_string(i + 1) + ": depth " +
                                   std::to_string(p.depth) + " at " + std::to_string(e) +
                                   " empties is fitted twice");
            index_[p.depth][e] = static_cast<int16_t>(i);
        }
    }
}

int probcut_shallow_depth(int depth) {
    int s = depth / 2;
    if (s >= 2 && ((depth - s) & 1)) --s;
    return s;
}

std::string format_probcut(const ProbCutTable& table) {
    std::ostringstream out;
    out << Magic << ' ' << Version << '\n'
        << "variant " << table.variant() << '\n'
        << "# pair depth shallow min_empties max_empties slope intercept sigma samples\n";
    out.precision(6);
    for (const ProbCutPair& p : table.pairs())
        out << "pair " << p.depth << ' ' << p.shallow << ' ' << p.min_empties << ' '
            << p.max_empties << ' ' << p.slope << ' ' << p.intercept << ' ' << p.sigma << ' '
            << p.samples << '\n';
    out << "end\n";
    return out.str();
}

ProbCutTable parse_probcut(const std::string& text) {
    if (text.size() > MaxFileBytes) throw ProbCutError("file too large");
    std::istringstream in(text);
    std::string line;
    int number = 0;
    std::string variant;
    std::vector<ProbCutPair> pairs;
    bool header = false;
    bool ended = false;
    const auto fail = [&](const std::string& why) {
        throw ProbCutError("line " + std::to_string(number) + ": " + why);
    };
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        if (ended) fail("text after 'end'");
        std::istringstream words(line);
        std::string word;
        words >> word;
        if (!header) {
            int version = 0;
            if (word != Magic || !(words >> version)) fail("not a Multi-ProbCut file");
            if (version != Version) fail("unsupported version " + std::to_string(version));
            header = true;
        } else if (word == "variant") {
            if (!variant.empty()) fail("second 'variant' line");
            if (!(words >> variant) || !valid_variant_key(variant)) fail("bad variant");
        } else if (word == "pair") {
            if (pairs.size() >= MaxPairs) fail("too many pairs");
            ProbCutPair p;
            if (!(words >> p.depth >> p.shallow >> p.min_empties >> p.max_empties >> p.slope >>
                  p.intercept >> p.sigma >> p.samples))
                fail("a pair needs 8 numbers");
            check_pair(p, "line " + std::to_string(number));
            pairs.push_back(p);
        } else if (word == "end") {
            ended = true;
        } else {
            fail("unknown line '" + word + "'");
        }
        std::string rest;
        if (words >> rest) fail("unexpected '" + rest + "'");
    }
    if (!header) throw ProbCutError("empty file");
    if (variant.empty()) throw ProbCutError("no 'variant' line");
    if (!ended) throw ProbCutError("no 'end' line (truncated file?)");
    return ProbCutTable(variant, std::move(pairs));
}

ProbCutTable read_probcut_file(const std::string& path, const std::string& variant) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw ProbCutError(path + ": cannot open Multi-ProbCut parameters");
    std::string text(MaxFileBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<size_t>(in.gcount()));
    try {
        ProbCutTable table = parse_probcut(text);
        if (table.variant() != variant)
            throw ProbCutError("parameters are for '" + table.variant() + "', not '" + variant +
                               "'");
        return table;
    } catch (const ProbCutError& e) {
        throw ProbCutError(path + ": " + e.what());
    }
}

std::string probcut_directory() {
    if (const char* dir = std::getenv("REVERSI_MPC_DIR"); dir && *dir) return dir;
    return data_paths().mpc;
}

const std::vector<std::string>& probcut_variants() {
    static const std::vector<std::string> variants{"8x8",        "8x8-anti", "10x10",
                                                   "10x10-anti", "octagon",  "octagon-anti"};
    return variants;
}

std::shared_ptr<const ProbCutTable> probcut_parameters(const std::string& variant) {
    const auto& list = probcut_variants();
    if (std::find(list.begin(), list.end(), variant) == list.end()) return nullptr;
    // Loaded once per process; the tables are immutable afterwards.
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const ProbCutTable>> loaded;
    const std::lock_guard lock(mutex);
    auto& slot = loaded[variant];
    if (!slot)
        slot = std::make_shared<const ProbCutTable>(
            read_probcut_file(probcut_directory() + "/" + variant + ".mpc", variant));
    return slot;
}

std::shared_ptr<const ProbCutTable> playing_probcut_parameters(const core::Geometry& geometry,
                                                               bool anti) {
    if (auto own = probcut_parameters(playing_variant_key(geometry, anti))) return own;
    return probcut_parameters(shape_variant_key(geometry.shape(), anti));
}

void load_probcut_parameters() {
    for (const std::string& variant : probcut_variants()) probcut_parameters(variant);
}

std::vector<ProbCutPair> fit_probcut(int depth, int shallow, const std::vector<ProbCutSample>& s,
                                     int bucket, int min_samples) {
    std::vector<ProbCutPair> pairs;
    bucket = std::max(1, bucket);
    for (int lo = 0; lo <= ProbCutTable::MaxEmpties; lo += bucket) {
        const int hi = std::min(lo + bucket - 1, ProbCutTable::MaxEmpties);
        double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (const ProbCutSample& x : s) {
            if (x.empties < lo || x.empties > hi) continue;
            n += 1;
            sx += x.shallow_score;
            sy += x.deep_score;
            sxx += static_cast<double>(x.shallow_score) * x.shallow_score;
            sxy += static_cast<double>(x.shallow_score) * x.deep_score;
        }
        if (n < std::max(3, min_samples)) continue;
        const double var = sxx - sx * sx / n;
        if (var <= 0) continue;
        ProbCutPair p{depth, shallow, lo, hi, 1, 0, 0, static_cast<int>(n)};
        p.slope = std::clamp((sxy - sx * sy / n) / var, MinSlope, MaxSlope);
        p.intercept = std::clamp((sy - p.slope * sx) / n, -MaxIntercept, MaxIntercept);
        double sse = 0;
        for (const ProbCutSample& x : s) {
            if (x.empties < lo || x.empties > hi) continue;
            const double r = x.deep_score - (p.slope * x.shallow_score + p.intercept);
            sse += r * r;
        }
        p.sigma = std::clamp(std::sqrt(sse / (n - 2)), 1.0, MaxSigma);
        pairs.push_back(p);
    }
    return pairs;
}

}  // namespace reversi::engine
