// SPDX-License-Identifier: MIT
// Trained pattern weights and their file format (docs/TRAINING.md): a header with magic,
// version, variant key, pattern-set id and phase count, the weights run-length coded, and
// a checksum. Reading validates everything; any problem is a WeightError saying which file
// and what is wrong, never a silent fallback.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace reversi::engine {

class WeightError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

constexpr uint16_t WeightFileVersion = 1;
// Bounds a file may not exceed (hostile input).
constexpr int MaxWeightPhases = 64;
constexpr uint32_t MaxPhaseSize = 4'000'000;

struct PatternWeights {
    std::string variant;       // "8x8", "8x8-anti", ... (at most 15 characters)
    uint32_t pattern_set = 0;  // PatternSet::id the weights were trained for
    int phases = 0;
    uint32_t phase_size = 0;
    std::vector<int16_t> values;  // phases * phase_size, hundredths of a disc
};

// The encoded file contents.
std::vector<uint8_t> encode_weights(const PatternWeights& w);
// Decodes and validates; throws WeightError (the message names `source`).
PatternWeights decode_weights(const std::vector<uint8_t>& bytes, const std::string& source);

// Checks the header at the start of `bytes` (at least its 36 bytes) of a file of `file_bytes`
// bytes: magic, version, key, sizes and the payload's length against the file's. Returns the
// header's fields (no values); throws WeightError (the message names `source`). The checksum
// and the weights themselves are decode_weights' to check.
PatternWeights check_weights_header(const std::vector<uint8_t>& bytes, uint64_t file_bytes,
                                    const std::string& source);

// Reads a weight file; throws WeightError when it is missing, unreadable or damaged.
PatternWeights read_weights(const std::string& path);
// Reads and checks only a weight file's header and size (check_weights_header): a cheap check
// that catches a missing, truncated, foreign or outdated file; throws WeightError.
PatternWeights read_weights_header(const std::string& path);
// Writes a weight file (through a temporary file and a rename); throws WeightError.
void write_weights(const std::string& path, const PatternWeights& w);

}  // namespace reversi::engine
