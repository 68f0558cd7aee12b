// Output files that appear whole or not at all, and that can never destroy anything but the file
// they name. Assumes a POSIX file system with rename(2) atomic within one folder.
//
// What an AtomicFile does with its path, decided when it is constructed (before any work):
//   - a regular file, or nothing yet: the data goes to a temporary file created exclusively
//     (O_CREAT|O_EXCL|O_NOFOLLOW) in the same folder, named `.<name prefix>.swarmpath-<random>.tmp`
//     (at most 225 bytes whatever the length of the output name), flushed to disk (fsync) and
//     renamed over the path on commit, after which the folder is flushed too. An existing file's
//     permission bits are kept, and a file that could not be replaced (immutable, append-only, or
//     not removable from its folder) is refused at once;
//   - the null device (/dev/null, or any character device with its device number): the data is
//     discarded and nothing on disk is touched;
//   - "-": the data goes to standard output as it is written (not atomic, by nature);
//   - anything else — a symbolic link, a folder, another device, a FIFO, a socket — is refused with
//     a message naming it: swarmpath never writes through a link and never replaces a device.
// Folders are opened once, so a folder renamed or replaced by a link midway cannot redirect the
// rename, and an output is known by its opened folder and its name, never by the text of its path.
// claim() keeps other processes off an output with an advisory lock on that folder (no lock file).
// Every temporary file is listed in a process-wide registry, so an interrupt handler can remove
// them all (remove_temporary_files_and_hold, see below) and a commit never races with it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"

namespace swarmpath::io {

/// Where an output goes (see the file comment).
enum class OutputKind : std::uint8_t { file, discard, standard_output };

/// The identity of an existing file (device and inode), for "is this output one of my inputs?".
struct FileIdentity {
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    friend bool operator==(const FileIdentity&, const FileIdentity&) = default;
};

/// Where a path leads, never judged by its text: the folder it names, opened (so the kernel resolves
/// links and ".." in the folder part, from a working folder of any depth), the last name in it, and
/// the file there when one exists.
struct PathIdentity {
    FileIdentity folder;
    std::string name;
    bool exists = false;
    FileIdentity file;  ///< the file at the path (links followed for an input), when `exists`
};

/// Identifies `path` (an input: a link there is followed). False when its folder cannot be opened.
bool identify_path(const std::string& path, PathIdentity& identity);

/// True when two paths reach the same file: the same device and inode where both exist, otherwise
/// the same name in the same folder.
bool same_file(const PathIdentity& first, const PathIdentity& second);

class AtomicFile {
public:
    /// Checks the path and, for a file output, creates the temporary file. Check `status()` before
    /// writing: a refused path or an unwritable folder is reported there, naming the path.
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    [[nodiscard]] const Status& status() const { return status_; }
    [[nodiscard]] OutputKind kind() const { return kind_; }
    [[nodiscard]] const std::string& path() const { return path_; }
    /// The output's folder, name and existing target (false for "-", the null device or a refused path).
    [[nodiscard]] bool identity(PathIdentity& identity) const;

    /// Claims the output against other processes (other swarmpath runs): an advisory lock, held until
    /// this object is destroyed, on one byte of the opened folder chosen by the output's name. Fails,
    /// naming the path, when another process holds it; call it before any work. Where the file system
    /// has no locks the output is written unclaimed.
    Status claim();

    /// Appends bytes (buffered). Errors are remembered and reported by commit().
    void write(std::string_view bytes);
    /// Flushes, syncs, renames into place and syncs the folder. Returns the first error met, if any
    /// (in a group: the error of the output that failed first, so a full disk names the file that filled it);
    /// on an error the temporary is removed and whatever was at the path before is untouched.
    Status commit();
    /// Removes the temporary file now; commit() then fails. Idempotent.
    void discard();

private:
    friend class OutputGroup;
    struct Temporary;
    Status flush_and_sync();
    /// Commits `files` together (see OutputGroup).
    static Status commit_files(std::span<AtomicFile* const> files);
    void fail(const std::string& message);

    std::string path_;
    OutputKind kind_ = OutputKind::file;
    Status status_ = Success{};
    std::unique_ptr<Temporary> temporary_;
    std::string buffer_;
    bool committed_ = false;
    std::uint64_t failure_order_ = 0;  ///< when this output failed, among all outputs of the process
};

/// Several outputs of one run, committed together: all of them appear or none does. A failure at
/// any point (a write, a sync, one of the renames) leaves every path exactly as it was before the
/// run, including files an earlier run left there: before renaming, each existing target is kept
/// under a hard link, which is put back if a later rename fails.
class OutputGroup {
public:
    /// Adds an output; check its status() (or the group's status()) before doing the work.
    AtomicFile& add(std::string path);
    /// The first output whose path was refused, if any.
    [[nodiscard]] Status status() const;
    /// Claims every output (AtomicFile::claim); the first refusal, if any.
    Status claim();
    Status commit();
    void discard();

private:
    std::vector<std::unique_ptr<AtomicFile>> files_;
};

/// Writes `contents` to `path` atomically through one AtomicFile: a temporary file beside it, then a
/// rename. On failure nothing is left at `path` (an existing file there is untouched) and the
/// temporary is removed.
Status write_file_atomically(const std::string& path, std::string_view contents);

/// For an interrupt handler (SIGINT, SIGTERM): removes every temporary file of this process and
/// holds the registry for good, so that no commit can start or finish afterwards; a commit already
/// under way completes first (this call waits for it). Call it from a normal thread, not from inside
/// a signal handler, then end the process.
void remove_temporary_files_and_hold();

/// How many temporary files this process has open now (for tests).
std::size_t temporary_file_count();

}  // namespace swarmpath::io
