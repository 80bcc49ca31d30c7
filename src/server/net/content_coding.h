// SPDX-License-Identifier: MIT
// Content negotiation of a static file's coding: which of the copies that exist (brotli, gzip,
// the file as it is) a request's Accept-Encoding asks for most (RFC 9110, 12.5.3). The header
// is outside input: any text is read without failing, and what cannot be read counts as not
// asked for, so the answer falls back to the file as it is.
#pragma once

#include <string_view>

namespace reversi::server {

enum class ContentCoding { Identity, Gzip, Brotli };

// The compressed copies of a file that lie beside it.
struct AvailableCodings {
    bool brotli = false;
    bool gzip = false;
};

// The coding to send: the available one with the highest q-value above zero; on equal values
// brotli before gzip before identity. Identity counts only where the header names it (or
// "*"); no header, or one that accepts nothing available, gives Identity.
ContentCoding choose_coding(std::string_view accept_encoding, AvailableCodings available);

// The Content-Encoding value of a coding ("br", "gzip"; "" for Identity), which is also the
// suffix that tells its copy apart in an entity tag.
std::string_view coding_name(ContentCoding coding);

// The file name suffix of a coding's precompressed copy (".br", ".gz"; "" for Identity).
std::string_view coding_suffix(ContentCoding coding);

}  // namespace reversi::server
