// SPDX-License-Identifier: MIT
// The line form the engine's shipped text tables share (the opening book, solved openings):
// a checked body (checked_text.h) whose first line is "MAGIC VERSION", then one record a line,
// named by its first word; and the read of such a file, its errors prefixed by its path. Each
// table keeps its own records' meaning; this is the one owner of the frame around them.
#pragma once

#include <cstddef>
#include <optional>
#include <sstream>
#include <string>

#include "engine/checked_text.h"

namespace reversi::engine {

// What a table's text must begin with, and how large it may be.
struct TableHeader {
    const char* magic;
    int version;
    size_t max_bytes;
    const char* not_this;  // the error for another first line ("not an opening book")
};

// Reads the records of a table's text: every line after the header that is neither blank nor a
// '#' comment goes to `record(word, words, fail)`, its first word and a stream of the rest;
// `fail(reason)` throws Error("line N: reason"). A word the record leaves unread is refused.
// Throws Error for a text over the size, a bad checksum, a bad header line.
template <class Error, class Record>
void read_table_records(const std::string& text, const TableHeader& header, Record&& record) {
    if (text.size() > header.max_bytes) throw Error("file too large");
    std::string why;
    const std::optional<std::string> body = checked_body(text, why);
    if (!body) throw Error(why);
    std::istringstream in(*body);
    std::string line;
    int number = 0;
    const auto fail = [&](const std::string& reason) {
        throw Error("line " + std::to_string(number) + ": " + reason);
    };
    while (std::getline(in, line)) {
        ++number;
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string word;
        words >> word;
        if (number == 1) {
            int version = 0;
            if (word != header.magic || !(words >> version)) fail(header.not_this);
            if (version != header.version) fail("unsupported version " + std::to_string(version));
        } else {
            record(word, words, fail);
        }
        std::string rest;
        if (words >> rest) fail("unexpected '" + rest + "'");
    }
}

// Reads the file at `path` (at most `max_bytes`) and returns `parse(text)`; an Error says
// "PATH: cannot open the WHAT" or "PATH: " before parse's own reason.
template <class Error, class Parse>
auto read_table_file(const std::string& path, size_t max_bytes, const std::string& what,
                     Parse&& parse) {
    const std::optional<std::string> text = read_text_file(path, max_bytes);
    if (!text) throw Error(path + ": cannot open the " + what);
    try {
        return parse(*text);
    } catch (const Error& e) {
        throw Error(path + ": " + e.what());
    }
}

}  // namespace reversi::engine
