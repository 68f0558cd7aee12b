// gzip for large outputs (paths and stats CSV files compress about tenfold) and for reading them
// back. Assumes zlib at build time (SWARMPATH_WITH_ZLIB, set by CMake when it is found); a build
// without it still compiles, and then writing or reading a gzip file is an Error saying so.
// Output is deterministic: the gzip header carries no time and no name, so the same rows give the
// same bytes on every run.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "swarmpath/core/error.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

/// True when this build can write and read gzip.
bool gzip_available();

/// True when `path` names a gzip file by its ending (".gz").
bool names_gzip_file(std::string_view path);

/// Compresses everything written to it into `file`, in the gzip format. Call finish() before the
/// file is committed; errors are remembered and returned there.
class GzipWriter {
public:
    explicit GzipWriter(AtomicFile& file);
    ~GzipWriter();
    GzipWriter(const GzipWriter&) = delete;
    GzipWriter& operator=(const GzipWriter&) = delete;

    void write(std::string_view bytes);
    Status finish();

private:
    struct Stream;
    AtomicFile& file_;
    std::unique_ptr<Stream> stream_;
    Status status_ = Success{};
};

/// Reads a whole text file (io::read_whole_file), inflating it when it is gzip (by its first two
/// bytes, not its name). One limit holds for both: the text, plain or inflated, may be at most
/// kMaximumFileBytes; gzip data that inflates to more is refused with an Error naming the file (a
/// size its trailer claims above the limit before inflating anything, otherwise after inflating at
/// most one block past the limit, keeping none of it: the text is kept only once its size is known
/// to be within the limit). With `digest`, the file's bytes as stored are checksummed.
Expected<std::string> read_text_file(const std::string& path, FileDigest* digest = nullptr);

}  // namespace swarmpath::io
