// Shared checks for the libFuzzer targets in this folder. A broken invariant prints what broke and
// aborts, which libFuzzer reports as a crash and saves as an artifact. Assumes a libFuzzer build
// (SWARMPATH_FUZZ=ON, clang with -fsanitize=fuzzer,address,undefined).
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "swarmpath/core/error.hpp"

// The checks run on every input; keeping coverage instrumentation out of them keeps the fuzzers
// fast and their coverage about the parsers.
#define SWARMPATH_FUZZ_CHECK __attribute__((no_sanitize("coverage")))

namespace swarmpath::fuzz {

/// Aborts with `what` when `condition` is false.
SWARMPATH_FUZZ_CHECK inline void require(bool condition, const char* what) {
    if (condition) return;
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

SWARMPATH_FUZZ_CHECK inline bool same_error(const Error& left, const Error& right) {
    return left.file == right.file && left.line == right.line && left.column == right.column &&
           left.message == right.message;
}

/// Number of lines in `text` as TextLines counts them (a last line without a newline counts).
/// Uses memchr, which the coverage instrumentation does not slow down.
SWARMPATH_FUZZ_CHECK inline std::uint32_t count_lines(std::string_view text) {
    std::uint32_t lines = 0;
    const char* position = text.data();
    const char* end = text.data() + text.size();
    while (position < end) {
        const void* newline = std::memchr(position, '\n', static_cast<std::size_t>(end - position));
        if (newline == nullptr) break;
        ++lines;
        position = static_cast<const char*>(newline) + 1;
    }
    if (!text.empty() && text.back() != '\n') ++lines;
    return lines;
}

/// The checks every parse error must pass: it names the file, its line is within the text's
/// `line_count` lines, and its message holds no control bytes (messages reach terminals).
SWARMPATH_FUZZ_CHECK inline void require_clean_error(const Error& error, std::string_view origin,
                                                     std::uint32_t line_count) {
    require(error.file == origin, "error does not name the file");
    require(error.line <= line_count, "error line is past the end of the text");
    require(!error.message.empty(), "error message is empty");
    for (char character : error.message) {
        const auto code = static_cast<unsigned char>(character);
        require(code >= 32 && code < 127, "error message holds a control or non-ASCII byte");
    }
}

}  // namespace swarmpath::fuzz
