// The files one command run reads and writes, checked against each other before any work: an output
// may be neither the same file as any input (map, scenario, terrain file, edits file, paths CSV) nor
// the same as another output of the run. Files are compared by device and inode where they exist
// and by opened folder and name where they do not (io::same_file), never by the text of their paths.
// Every output is opened at once (io::AtomicFile: its folder must exist and be writable, a link or
// device is refused, a file that could not be replaced is refused) and claimed against other runs
// (AtomicFile::claim), so a bad output path fails the run before it solves anything; all outputs
// are committed together at the end (io::OutputGroup), or none is.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "io/gzip_file.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/io/atomic_file.hpp"

namespace swarmpath::cli {

class RunFiles {
public:
    /// An input of the run, `what` naming it in messages ("scenario file", "--terrain-file").
    void add_input(std::string what, std::string path);
    /// Opens an output for option `option`; nullptr when `path` is empty (the output was not asked for).
    io::AtomicFile* add_output(std::string option, std::string path);
    /// The first problem: an output refused or not writable, one that is an input or another
    /// output, or one another run is writing (the outputs are claimed here, once they are known to
    /// be distinct). Call it after adding everything named on the command line, and again (with
    /// check_input) for inputs found while loading, such as the maps scenario rows name.
    [[nodiscard]] Status check();
    /// Adds an input found while loading and checks it against the outputs.
    Status check_input(std::string what, std::string path);
    /// Commits every output together; on failure none appears and earlier files stay as they were.
    /// Standard output is flushed and checked first: a table or report that could not be written
    /// fails the run before its files are put in place.
    Status commit();
    /// True when some output goes to standard output ("-"): tables then go to standard error.
    [[nodiscard]] bool writes_standard_output() const;

private:
    struct Named {
        std::string what;
        std::string path;
    };
    [[nodiscard]] Status check_against_outputs(const Named& input) const;
    std::vector<Named> inputs_;
    std::vector<Named> output_names_;
    std::vector<io::AtomicFile*> outputs_;
    io::OutputGroup group_;
};

/// Flushes standard output and says whether every write to it so far succeeded: an error naming it
/// (with the system's reason when the flush itself failed, as on a full disk) when one did not.
Status flush_standard_output();

/// Checks standard output once more when the process ends (atexit): if a write or the final flush
/// failed, the process says so on standard error and exits with kExitBadInput, whatever the
/// subcommand returned, so that no command reports success over a lost table, path or report.
void install_standard_output_check();

/// The bytes of one output, gzip-compressed when its name ends in ".gz" (io::GzipWriter); an empty
/// stream (no file) when the output was not asked for. finish() before RunFiles::commit().
class OutputStream {
public:
    explicit OutputStream(io::AtomicFile* file);
    explicit operator bool() const { return file_ != nullptr; }
    void write(std::string_view bytes);
    Status finish();

private:
    io::AtomicFile* file_;
    std::unique_ptr<io::GzipWriter> gzip_;
};

}  // namespace swarmpath::cli
