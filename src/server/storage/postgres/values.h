// SPDX-License-Identifier: MIT
// Parameters and column values of the PostgreSQL store's files that are not prepared: whole
// numbers as decimal text, reals as the shortest text that reads back to the same double, lists
// of text as array literals.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/storage/postgres/connection.h"
#include "server/storage/stored_tables.h"

namespace reversi::server::pg_values {

inline std::string number(int64_t value) {
    return std::to_string(value);
}

// Throws std::runtime_error naming `what` for a value that is not finite.
inline std::string real(double value, const char* what) {
    if (!std::isfinite(value))
        throw std::runtime_error(std::string("postgresql: ") + what + " is not a finite number");
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, end);
}

// A PostgreSQL array literal of text ('{"a","b"}'): each element quoted, its backslashes and
// double quotes escaped, whatever the items hold (table ids among them).
inline std::string text_array(const std::vector<std::string>& items) {
    std::string out = "{";
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        out += '"';
        for (const char c : items[i]) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
        }
        out += '"';
    }
    return out + "}";
}

inline double real_from(const pg::Result& rows, int row, int column) {
    const std::string text = rows.text(row, column);
    double value = 0;
    const char* last = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), last, value);
    if (text.empty() || ec != std::errc() || ptr != last)
        throw std::runtime_error("postgresql: expected a real number, got '" + text + "'");
    return value;
}

// A chat line from the columns seq, time, seat, sender, text, the first of them at `first`.
inline ChatLine chat_line(const pg::Result& rows, int row, int first) {
    ChatLine line;
    line.seq = rows.integer(row, first);
    line.time = rows.integer(row, first + 1);
    line.seat = static_cast<int>(rows.integer(row, first + 2));
    line.from = rows.text(row, first + 3);
    line.text = rows.text(row, first + 4);
    return line;
}

}  // namespace reversi::server::pg_values
