// The input files one run used, each with the size and checksum of the bytes it used (FileDigest,
// taken by the reader as it read them). A report built from this log describes exactly what was
// used, never the file as it is later. A file read twice in one run (a scenario file checked in one
// pass and loaded in another) must give the same bytes both times; otherwise it changed under the
// run, and record() refuses it. Not thread-safe: a run records from the thread that loads files.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

/// One input of a run: its path as given, the role it was read in ("scenario", "map", ...) and
/// the digest of the bytes used.
struct InputRecord {
    std::string path;
    std::string role;
    FileDigest digest;
};

class InputLog {
public:
    /// An empty digest for a reader to fill.
    [[nodiscard]] FileDigest digest() const { return FileDigest{}; }
    /// Records that `path` was read as `role` with `digest`. A path already recorded keeps its first
    /// record when the digest is the same, and is an Error naming it when the bytes differ.
    [[nodiscard]] Status record(const std::string& path, std::string_view role, const FileDigest& digest);
    /// Every input, in the order first read.
    [[nodiscard]] const std::vector<InputRecord>& records() const { return records_; }

private:
    std::vector<InputRecord> records_;
};

}  // namespace swarmpath::io
