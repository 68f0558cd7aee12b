// Whole-or-nothing output files that never write through links or over devices (see atomic_file.hpp).
// Assumes POSIX *at() calls (Linux, the BSDs, macOS) and rename(2) atomic within one folder.
#include "swarmpath/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/fs.h>  // FS_IOC_GETFLAGS: the immutable and append-only attributes
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <limits>
#include <mutex>
#include <random>
#include <span>
#include <thread>
#include <utility>

#include "file_kind.hpp"

namespace swarmpath::io {
namespace {

/// Temporary files of this process, as (folder descriptor, name) pairs, so that an interrupt
/// handler can remove them. The mutex also makes a group's renames exclusive with that removal.
struct Registry {
    std::mutex mutex;
    std::vector<std::pair<int, std::string>> entries;
};

Registry& registry() {
    static Registry* instance = new Registry();  // never destroyed: usable until the process ends
    return *instance;
}

void forget(int folder, const std::string& name) {
    auto& entries = registry().entries;
    auto found = std::find(entries.begin(), entries.end(), std::make_pair(folder, name));
    if (found != entries.end()) entries.erase(found);
}

std::string describe_errno(const std::string& what) {
    std::string text(what);
    return text.append(": ").append(std::strerror(errno));
}

/// What a non-regular file is, for messages.
const char* describe_kind(mode_t mode) {
    const char* kind = detail::file_kind_name(mode);
    return kind == nullptr ? "a regular file" : kind;
}

FileIdentity identify(const struct stat& information) {
    return {static_cast<std::uint64_t>(information.st_dev), static_cast<std::uint64_t>(information.st_ino)};
}

/// How a folder is opened only to be identified (O_PATH needs no read permission on it).
#if defined(O_PATH)
constexpr int kFolderLookup = O_PATH | O_DIRECTORY | O_CLOEXEC;
#else
constexpr int kFolderLookup = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
#endif

bool is_null_device(const struct stat& information) {
    if (!S_ISCHR(information.st_mode)) return false;
    struct stat null_device {};
    return ::stat("/dev/null", &null_device) == 0 && S_ISCHR(null_device.st_mode) &&
           null_device.st_rdev == information.st_rdev;
}

/// A temporary name for `base`: `.<prefix>.swarmpath-<8 random letters>.<suffix>`, at most 225 bytes.
std::string temporary_name(const std::string& base, const char* suffix) {
    static constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    thread_local std::mt19937_64 random{std::random_device{}() ^ (static_cast<std::uint64_t>(::getpid()) << 32)};
    // Built with append() only: GCC 12 at -O3 warns falsely (-Wrestrict) on `literal + string`.
    std::string name;
    name.append(".").append(base, 0, 200).append(".swarmpath-");
    for (int letter = 0; letter < 8; ++letter) name.push_back(kLetters[random() % (sizeof(kLetters) - 1)]);
    return name.append(".").append(suffix);
}

/// Splits `path` into its folder ("." when none) and last component.
std::pair<std::string, std::string> split_path(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    if (slash == std::string::npos) return {".", path};
    return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

bool write_all(int descriptor, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t written = ::write(descriptor, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
    return true;
}

/// The attribute flags (chattr) of an open file or folder, or 0 where the file system has none.
int attribute_flags(int descriptor) {
#if defined(FS_IOC_GETFLAGS)
    int flags = 0;
    if (::ioctl(descriptor, FS_IOC_GETFLAGS, &flags) == 0) return flags;
#else
    (void)descriptor;
#endif
    return 0;
}

/// Why nothing in `folder` could be renamed into place at commit, or "" when that is possible.
std::string folder_problem(int folder) {
#if defined(FS_IOC_GETFLAGS)
    const int flags = attribute_flags(folder);
    if ((flags & FS_IMMUTABLE_FL) != 0) return "cannot write file: its folder is immutable (chattr +i)";
    if ((flags & FS_APPEND_FL) != 0) {
        return "cannot write file: its folder is append-only (chattr +a), so a finished file cannot be renamed into "
               "place";
    }
#else
    (void)folder;
#endif
    return "";
}

/// Why the regular file `base` in `folder` (described by `target`, the folder by `folder_information`)
/// could not be replaced at commit, or "" when it can. Commit gives the file a second name (to put it
/// back if the group fails) and renames over it; the attributes and the sticky-folder rule that would
/// stop that are checked, then the second name is made and removed again. Call it with the registry
/// locked, so an interrupt cannot leave that name behind.
std::string replace_problem(int folder, const struct stat& folder_information, const std::string& base,
                            const struct stat& target) {
    const int file = ::openat(folder, base.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (file >= 0) {
        const int flags = attribute_flags(file);
        ::close(file);
#if defined(FS_IOC_GETFLAGS)
        if ((flags & FS_IMMUTABLE_FL) != 0)
            return "refusing to write: the file is immutable (chattr +i), so it cannot be replaced";
        if ((flags & FS_APPEND_FL) != 0)
            return "refusing to write: the file is append-only (chattr +a), so it cannot be replaced";
#else
        (void)flags;
#endif
    }
    const uid_t user = ::geteuid();
    if ((folder_information.st_mode & S_ISVTX) != 0 && user != 0 && user != target.st_uid &&
        user != folder_information.st_uid) {
        return "refusing to write: the folder is sticky (like /tmp) and the file belongs to another user, so it "
               "cannot be replaced";
    }
    for (int attempt = 0; attempt < 100; ++attempt) {
        const std::string probe = temporary_name(base, "old");
        if (::linkat(folder, base.c_str(), folder, probe.c_str(), 0) == 0) {
            if (::unlinkat(folder, probe.c_str(), 0) != 0) {
                return describe_errno(
                    "refusing to write: a name in its folder cannot be removed, so it cannot be replaced");
            }
            return "";
        }
        if (errno != EEXIST) {
            return describe_errno("refusing to write: it cannot be given a second name while it is replaced");
        }
    }
    return "";
}

/// The byte of an output's folder that a run locks to claim the output's name (FNV-1a of the name,
/// reduced below the largest offset, so that the byte after it exists too).
off_t lock_byte(const std::string& name) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (const char letter : name) {
        hash ^= static_cast<unsigned char>(letter);
        hash *= 1099511628211ULL;
    }
    return static_cast<off_t>(hash % static_cast<std::uint64_t>(std::numeric_limits<off_t>::max() - 1));
}

/// Numbers the failures of outputs, so that a group reports the one that failed first.
std::atomic<std::uint64_t> failures_so_far{0};

}  // namespace

bool identify_path(const std::string& path, PathIdentity& identity) {
    auto [folder_path, name] = split_path(path);
    const int folder = ::open(folder_path.c_str(), kFolderLookup);
    if (folder < 0) return false;
    struct stat information {};
    const bool identified = ::fstat(folder, &information) == 0;
    if (identified) {
        identity.folder = identify(information);
        identity.name = std::move(name);
        identity.exists = !identity.name.empty() && ::fstatat(folder, identity.name.c_str(), &information, 0) == 0;
        if (identity.exists) identity.file = identify(information);
    }
    ::close(folder);
    return identified;
}

bool same_file(const PathIdentity& first, const PathIdentity& second) {
    if (first.exists && second.exists) return first.file == second.file;
    return first.folder == second.folder && first.name == second.name;
}

struct AtomicFile::Temporary {
    int folder = -1;          ///< the output's folder, opened once
    int descriptor = -1;      ///< the temporary file
    std::string base;         ///< the output's name within the folder
    std::string name;         ///< the temporary's name within the folder
    bool had_target = false;  ///< a regular file was at the path when the output was opened
    bool claimed = false;     ///< this process holds the output's lock (AtomicFile::claim)
    FileIdentity folder_identity;
    FileIdentity target;

    ~Temporary() {
        if (descriptor >= 0) ::close(descriptor);
        if (!name.empty()) {
            std::lock_guard lock(registry().mutex);
            ::unlinkat(folder, name.c_str(), 0);
            forget(folder, name);
        }
        if (folder >= 0) ::close(folder);
    }

    /// Gives what the output's path holds now a second name of its own, so that a group whose
    /// later rename fails can put it back. Returns that name, "" when the path holds nothing, or
    /// sets `problem` (the path is no longer a regular file, or no second name could be made).
    std::string keep_previous(std::string& problem) const {
        struct stat information {};
        if (::fstatat(folder, base.c_str(), &information, AT_SYMLINK_NOFOLLOW) != 0) return {};
        if (!S_ISREG(information.st_mode)) {
            problem = std::string("refusing to write: the path became ") + describe_kind(information.st_mode) +
                      " while running";
            return {};
        }
        for (int attempt = 0; attempt < 100; ++attempt) {
            std::string kept = temporary_name(base, "old");
            if (::linkat(folder, base.c_str(), folder, kept.c_str(), 0) == 0) {
                registry().entries.emplace_back(folder, kept);
                return kept;
            }
            if (errno != EEXIST) break;
        }
        problem = describe_errno("cannot keep the previous file while replacing it");
        return {};
    }

    /// Renames the finished temporary over the output's path; on failure sets `problem` and lets
    /// go of `kept` (the previous file stays at the path).
    void rename_over(const std::string& kept, std::string& problem) {
        if (::renameat(folder, name.c_str(), folder, base.c_str()) != 0) {
            problem = describe_errno("cannot write file (rename)");
            if (!kept.empty()) {
                ::unlinkat(folder, kept.c_str(), 0);
                forget(folder, kept);
            }
            return;
        }
        forget(folder, name);
        name.clear();
    }

    /// After a group's renames: with `put_back`, gives the path back what it held before the run
    /// (`kept`, or nothing); otherwise removes the kept copy.
    void settle(const std::string& kept, bool put_back) const {
        if (put_back) {
            if (kept.empty()) {
                ::unlinkat(folder, base.c_str(), 0);
            } else {
                ::renameat(folder, kept.c_str(), folder, base.c_str());
            }
        } else if (!kept.empty()) {
            ::unlinkat(folder, kept.c_str(), 0);
        }
        if (!kept.empty()) forget(folder, kept);
        ::fsync(folder);
    }
};

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
    if (path_ == "-") {
        kind_ = OutputKind::standard_output;
        return;
    }
    auto [folder_path, base] = split_path(path_);
    if (path_.empty() || base.empty() || base == "." || base == "..") {
        fail("cannot write file: the name is a folder, not a file");
        return;
    }
    auto temporary = std::make_unique<Temporary>();
    temporary->base = base;
    temporary->folder = ::open(folder_path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (temporary->folder < 0) {
        fail(errno == ENOENT    ? "cannot write file: its folder " + folder_path + " does not exist"
             : errno == ENOTDIR ? "cannot write file: " + folder_path + " is not a folder"
                                : describe_errno(("cannot write file: cannot open its folder " + folder_path).c_str()));
        return;
    }
    struct stat folder_information {};
    if (::fstat(temporary->folder, &folder_information) != 0) {
        fail(describe_errno("cannot write file: cannot examine its folder " + folder_path));
        return;
    }
    temporary->folder_identity = identify(folder_information);
    struct stat information {};
    if (::fstatat(temporary->folder, base.c_str(), &information, AT_SYMLINK_NOFOLLOW) == 0) {
        if (is_null_device(information)) {
            kind_ = OutputKind::discard;
            return;
        }
        if (!S_ISREG(information.st_mode)) {
            fail(std::string("refusing to write: the path is ") + describe_kind(information.st_mode) +
                 "; swarmpath writes only regular files (use '-' for standard output, /dev/null to discard)");
            return;
        }
        temporary->had_target = true;
        temporary->target = identify(information);
    } else if (errno != ENOENT) {
        fail(describe_errno("cannot write file"));
        return;
    }
    // What would stop the commit is found now, before the run's work.
    if (std::string problem = folder_problem(temporary->folder); !problem.empty()) {
        fail(problem);
        return;
    }
    {
        // Created and listed under the registry's lock, so an interrupt cannot miss it.
        std::lock_guard lock(registry().mutex);
        if (temporary->had_target) {
            std::string problem = replace_problem(temporary->folder, folder_information, base, information);
            if (!problem.empty()) {
                fail(problem);
                return;
            }
        }
        for (int attempt = 0; attempt < 100 && temporary->descriptor < 0; ++attempt) {
            std::string name = temporary_name(base, "tmp");
            temporary->descriptor =
                ::openat(temporary->folder, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
            if (temporary->descriptor >= 0) {
                temporary->name = std::move(name);
                registry().entries.emplace_back(temporary->folder, temporary->name);
            } else if (errno != EEXIST) {
                break;
            }
        }
    }
    if (temporary->descriptor < 0) {
        fail(describe_errno("cannot write file"));
        return;
    }
    if (temporary->had_target) {
        // The replacement keeps the permission bits (and, run as root, the owner) of the file it replaces.
        ::fchmod(temporary->descriptor, information.st_mode & 0777);
        if (::geteuid() == 0) (void)::fchown(temporary->descriptor, information.st_uid, information.st_gid);
    }
    temporary_ = std::move(temporary);
}

AtomicFile::~AtomicFile() {
    if (!committed_) discard();
}

bool AtomicFile::identity(PathIdentity& identity) const {
    if (temporary_ == nullptr) return false;
    identity.folder = temporary_->folder_identity;
    identity.name = temporary_->base;
    identity.exists = temporary_->had_target;
    identity.file = temporary_->target;
    return true;
}

Status AtomicFile::claim() {
    if (!status_ || kind_ != OutputKind::file || temporary_ == nullptr || temporary_->claimed) return status_;
#if defined(F_OFD_SETLK)
    // Every run holds a shared lock on the byte; a run that finds another's there refuses. Taking the
    // lock before looking means two runs can never both go ahead; two runs that start at the same
    // instant may both see the other, so each steps back and looks again after a short random pause.
    thread_local std::mt19937 random{std::random_device{}()};
    struct flock range {};
    range.l_whence = SEEK_SET;
    range.l_start = lock_byte(temporary_->base);
    range.l_len = 1;
    for (int attempt = 0; attempt < 3; ++attempt) {
        range.l_type = F_RDLCK;
        if (::fcntl(temporary_->folder, F_OFD_SETLK, &range) != 0) return status_;  // no locks here
        struct flock holder = range;
        holder.l_type = F_WRLCK;
        holder.l_pid = 0;
        if (::fcntl(temporary_->folder, F_OFD_GETLK, &holder) != 0 || holder.l_type == F_UNLCK) {
            temporary_->claimed = true;
            return status_;
        }
        range.l_type = F_UNLCK;
        ::fcntl(temporary_->folder, F_OFD_SETLK, &range);
        if (attempt < 2) std::this_thread::sleep_for(std::chrono::milliseconds(2 + random() % 40));
    }
    fail(
        "refusing to write: another swarmpath run is writing this file now; this run stops rather than waits, "
        "so that the outputs of the two runs cannot be mixed (wait for the other run to end, or choose another name)");
#endif
    return status_;
}

void AtomicFile::fail(const std::string& message) {
    if (status_) {
        status_ = Error{path_, 0, 0, message};
        failure_order_ = ++failures_so_far;
    }
}

void AtomicFile::write(std::string_view bytes) {
    if (!status_) return;
    switch (kind_) {
        case OutputKind::discard:
            return;
        case OutputKind::standard_output:
            if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size()) {
                fail(describe_errno("cannot write to standard output"));
            }
            return;
        case OutputKind::file:
            if (temporary_ == nullptr) return;
            buffer_.append(bytes);
            if (buffer_.size() >= (std::size_t{1} << 20)) {
                if (!write_all(temporary_->descriptor, buffer_)) fail(describe_errno("cannot write file"));
                buffer_.clear();
            }
            return;
    }
}

Status AtomicFile::flush_and_sync() {
    if (!status_) return status_;
    if (kind_ == OutputKind::standard_output) {
        if (std::fflush(stdout) != 0) fail(describe_errno("cannot write to standard output"));
        return status_;
    }
    if (kind_ == OutputKind::discard) return status_;
    if (temporary_ == nullptr || temporary_->descriptor < 0) {
        fail("cannot write file: the output was discarded");
        return status_;
    }
    if (!write_all(temporary_->descriptor, buffer_)) fail(describe_errno("cannot write file"));
    buffer_.clear();
    buffer_.shrink_to_fit();
    if (status_ && ::fsync(temporary_->descriptor) != 0) fail(describe_errno("cannot write file (fsync)"));
    if (::close(temporary_->descriptor) != 0 && status_) fail(describe_errno("cannot write file (close)"));
    temporary_->descriptor = -1;
    return status_;
}

Status AtomicFile::commit() {
    AtomicFile* self = this;
    return commit_files(std::span<AtomicFile* const>(&self, 1));
}

void AtomicFile::discard() {
    if (temporary_ != nullptr) temporary_.reset();
    buffer_.clear();
    if (!committed_ && kind_ == OutputKind::file) fail("the output was discarded");
}

AtomicFile& OutputGroup::add(std::string path) {
    files_.push_back(std::make_unique<AtomicFile>(std::move(path)));
    return *files_.back();
}

Status OutputGroup::status() const {
    for (const auto& file : files_) {
        if (!file->status()) return file->status();
    }
    return Success{};
}

void OutputGroup::discard() {
    for (auto& file : files_) file->discard();
}

Status OutputGroup::claim() {
    for (auto& file : files_) {
        if (Status claimed = file->claim(); !claimed) return claimed;
    }
    return Success{};
}

Status OutputGroup::commit() {
    std::vector<AtomicFile*> files;
    for (auto& file : files_) files.push_back(file.get());
    return AtomicFile::commit_files(files);
}

Status AtomicFile::commit_files(std::span<AtomicFile* const> files) {
    // A file that failed while it was written (a full disk) is the one to name, not one that fails
    // to flush now only because that file took the space.
    AtomicFile* first_failed = nullptr;
    for (AtomicFile* file : files) {
        if (!file->status_ && (first_failed == nullptr || file->failure_order_ < first_failed->failure_order_)) {
            first_failed = file;
        }
    }
    if (first_failed != nullptr) {
        const Status failed = first_failed->status_;
        for (AtomicFile* other : files) other->discard();
        return failed;
    }
    for (AtomicFile* file : files) {
        if (Status flushed = file->flush_and_sync(); !flushed) {
            for (AtomicFile* other : files) other->discard();
            return flushed;
        }
    }
    // Exclusive with remove_temporary_files_and_hold: an interrupt waits for the renames to finish.
    std::lock_guard lock(registry().mutex);
    // Each file renamed so far, with the hard link that keeps what its path held before ("" if nothing).
    std::vector<std::pair<Temporary*, std::string>> renamed;
    Status failure = Success{};
    for (AtomicFile* file : files) {
        if (file->kind_ != OutputKind::file) continue;
        Temporary& temporary = *file->temporary_;
        std::string problem;
        std::string kept = temporary.keep_previous(problem);
        if (problem.empty()) temporary.rename_over(kept, problem);
        if (!problem.empty()) {
            file->fail(problem);
            failure = file->status_;
            break;
        }
        renamed.emplace_back(&temporary, std::move(kept));
    }
    for (auto& [temporary, kept] : renamed) temporary->settle(kept, /*put_back=*/!failure);
    if (!failure) {
        for (AtomicFile* file : files) {
            if (file->temporary_ == nullptr || file->temporary_->name.empty()) continue;
            ::unlinkat(file->temporary_->folder, file->temporary_->name.c_str(), 0);
            forget(file->temporary_->folder, file->temporary_->name);
            file->temporary_->name.clear();
        }
        return failure;
    }
    for (AtomicFile* file : files) file->committed_ = true;
    return Success{};
}

void remove_temporary_files_and_hold() {
    Registry& instance = registry();
    instance.mutex.lock();  // never released: the process is about to end
    for (const auto& [folder, name] : instance.entries) ::unlinkat(folder, name.c_str(), 0);
    instance.entries.clear();
}

std::size_t temporary_file_count() {
    std::lock_guard lock(registry().mutex);
    return registry().entries.size();
}

Status write_file_atomically(const std::string& path, std::string_view contents) {
    AtomicFile file(path);
    if (Status claimed = file.claim(); !claimed) return claimed;
    file.write(contents);
    return file.commit();
}

}  // namespace swarmpath::io
