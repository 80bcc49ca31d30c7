// SPDX-License-Identifier: MIT
// Test helper: a directory of this test process's own under the system's temporary directory,
// so that tests run side by side (ctest -j) never share files.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace reversi::test {

// Creates (if needed) and returns <tmp>/<prefix>_<pid>.
inline std::filesystem::path scratch_dir(const std::string& prefix) {
    const auto dir =
        std::filesystem::temp_directory_path() / (prefix + "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace reversi::test
