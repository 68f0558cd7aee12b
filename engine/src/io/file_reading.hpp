// Reading a whole input file into memory, safely: every reader of the engine (maps, scenarios,
// terrain files, edits files, field files) goes through read_whole_file. Assumes a POSIX system.
// Guarantees: it never blocks on a FIFO or a device (the file is opened non-blocking and checked
// with fstat on the opened descriptor, so nothing can be swapped in between a check and the open),
// anything but a regular file is refused at once with a message naming what it is, and at most
// kMaximumFileBytes are ever read, even from a file that grows while it is read.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "swarmpath/core/error.hpp"

namespace swarmpath::io {

/// Largest file the readers load (a 2^28-cell map with CRLF line ends is about 270 MB).
inline constexpr std::uint64_t kMaximumFileBytes = std::uint64_t{600} << 20;

/// Reads a whole regular file (binary). Errors name `path`: a missing or unreadable file, a
/// directory, FIFO, socket, character or block device ("is a FIFO, not a regular file"), or a file
/// larger than kMaximumFileBytes (checked against its size and again while reading).
Expected<std::string> read_whole_file(const std::string& path);

/// Reads a regular file in blocks of at most 64 KiB, handing each to `consume` in order, with the
/// same refusals and size bound as read_whole_file; memory stays at one block whatever the file's
/// size. `consume` returns false to stop early (the result is then success).
Status read_file_in_blocks(const std::string& path, const std::function<bool(std::string_view)>& consume);

}  // namespace swarmpath::io
