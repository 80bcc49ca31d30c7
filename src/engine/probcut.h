// SPDX-License-Identifier: MIT
// Multi-ProbCut (Buro): a deep midgame search's value is predicted from a shallow one's,
// v_deep ~ a * v_shallow + b with residual deviation sigma, fitted per pair of depths and
// range of empties from the project's own positions (docs/TRAINING.md "Multi-ProbCut").
// The parameters live in a small text file per variant, checked line by line on load.
#pragma once

#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/geometry.h"

namespace reversi::engine {

// A parameter file is missing, damaged or for another variant.
class ProbCutError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One fitted regression: searches of `depth` plies at `min_empties`..`max_empties` empties
// are predicted from searches of `shallow` plies (scores in hundredths of a disc).
struct ProbCutPair {
    int depth = 0;
    int shallow = 0;
    int min_empties = 0;
    int max_empties = 0;
    double slope = 1;      // a
    double intercept = 0;  // b
    double sigma = 0;      // residual standard deviation
    int samples = 0;       // positions the fit used
};

class ProbCutTable {
  public:
    static constexpr int MaxDepth = 32;
    static constexpr int MaxEmpties = 128;

    // Throws ProbCutError when a pair is out of range or overlaps another of its depth.
    ProbCutTable(std::string variant, std::vector<ProbCutPair> pairs);

    // The pair for a search of `depth` plies at `empties` empties; null when none was fitted.
    const ProbCutPair* find(int depth, int empties) const {
        if (depth < 0 || depth > MaxDepth || empties < 0 || empties > MaxEmpties) return nullptr;
        const int i = index_[depth][empties];
        return i < 0 ? nullptr : &pairs_[i];
    }
    const std::string& variant() const { return variant_; }
    const std::vector<ProbCutPair>& pairs() const { return pairs_; }

  private:
    std::string variant_;
    std::vector<ProbCutPair> pairs_;
    std::array<std::array<int16_t, MaxEmpties + 1>, MaxDepth + 1> index_;
};

// The shallow depth paired with a deep one: about half, keeping the parity of the depth
// (the evaluation's bias alternates with the side that moves last).
int probcut_shallow_depth(int depth);

// The text form (docs/TRAINING.md); parse_probcut throws ProbCutError naming the line.
std::string format_probcut(const ProbCutTable& table);
ProbCutTable parse_probcut(const std::string& text);

// Reads `path` and checks it is for `variant`; throws ProbCutError with the path.
ProbCutTable read_probcut_file(const std::string& path, const std::string& variant);

// $REVERSI_MPC_DIR, else the parameters of data_paths() (installed or the source tree's).
std::string probcut_directory();
// The variants that ship Multi-ProbCut parameters.
const std::vector<std::string>& probcut_variants();
// A variant's parameters, loaded once from probcut_directory(); null when the variant ships
// none. Throws ProbCutError when it should and its file is missing or damaged.
std::shared_ptr<const ProbCutTable> probcut_parameters(const std::string& variant);
// The parameters a search on `geometry` takes: those fitted for the weights it plays with
// (playing_variant_key: a blocked board's own weights) when they ship, else its shape's.
std::shared_ptr<const ProbCutTable> playing_probcut_parameters(const core::Geometry& geometry,
                                                               bool anti);
// Loads every shipped variant's parameters now (start-up check); throws ProbCutError.
void load_probcut_parameters();

// One sample for the fit: the scores of the same position at two depths.
struct ProbCutSample {
    int empties = 0;
    int shallow_score = 0;
    int deep_score = 0;
};

// Least-squares fits of deep on shallow, one per empties range of `bucket` squares (ranges
// with fewer than `min_samples` samples are left out).
std::vector<ProbCutPair> fit_probcut(int depth, int shallow, const std::vector<ProbCutSample>& s,
                                     int bucket, int min_samples);

}  // namespace reversi::engine
