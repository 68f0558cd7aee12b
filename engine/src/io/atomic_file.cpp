// Whole-or-nothing output files that never write through links or over devices (see atomic_file.hpp).
// Assumes POSIX *at() calls (Linux, the BSDs, macOS) and rename(2) atomic within one folder.
#include "swarmpath/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <random>
#include <span>
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

}  // namespace

bool identify_file(const std::string& path, FileIdentity& identity) {
    struct stat information {};
    if (::stat(path.c_str(), &information) != 0) return false;
    identity = {static_cast<std::uint64_t>(information.st_dev), static_cast<std::uint64_t>(information.st_ino)};
    return true;
}

std::string normalised_path(const std::string& path) {
    std::string absolute = path;
    if (absolute.empty() || absolute.front() != '/') {
        char working[PATH_MAX];
        std::string prefix(::getcwd(working, sizeof(working)) != nullptr ? working : ".");
        absolute = prefix.append("/").append(absolute);
    }
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= absolute.size()) {
        std::size_t slash = absolute.find('/', start);
        if (slash == std::string::npos) slash = absolute.size();
        const std::string part = absolute.substr(start, slash - start);
        if (part == "..") {
            if (!parts.empty()) parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        start = slash + 1;
    }
    std::string folder;
    for (std::size_t index = 0; index + 1 < parts.size(); ++index) folder.append("/").append(parts[index]);
    if (folder.empty()) folder.push_back('/');
    char resolved[PATH_MAX];
    if (::realpath(folder.c_str(), resolved) != nullptr) folder = resolved;
    if (parts.empty()) return folder;
    if (folder == "/") folder.clear();
    return folder.append("/").append(parts.back());
}

struct AtomicFile::Temporary {
    int folder = -1;           ///< the output's folder, opened once
    int descriptor = -1;       ///< the temporary file
    std::string base;          ///< the output's name within the folder
    std::string name;          ///< the temporary's name within the folder
    bool had_target = false;   ///< a regular file was at the path when the output was opened
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
        temporary->target = {static_cast<std::uint64_t>(information.st_dev),
                             static_cast<std::uint64_t>(information.st_ino)};
    } else if (errno != ENOENT) {
        fail(describe_errno("cannot write file"));
        return;
    }
    {
        // Created and listed under the registry's lock, so an interrupt cannot miss it.
        std::lock_guard lock(registry().mutex);
        for (int attempt = 0; attempt < 100 && temporary->descriptor < 0; ++attempt) {
            std::string name = temporary_name(base, "tmp");
            temporary->descriptor = ::openat(temporary->folder, name.c_str(),
                                             O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
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

bool AtomicFile::target_identity(FileIdentity& identity) const {
    if (temporary_ == nullptr || !temporary_->had_target) return false;
    identity = temporary_->target;
    return true;
}

void AtomicFile::fail(const std::string& message) {
    if (status_) status_ = Error{path_, 0, 0, message};
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
    if (status_ && !committed_ && kind_ == OutputKind::file) status_ = Error{path_, 0, 0, "the output was discarded"};
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

Status OutputGroup::commit() {
    std::vector<AtomicFile*> files;
    for (auto& file : files_) files.push_back(file.get());
    return AtomicFile::commit_files(files);
}

Status AtomicFile::commit_files(std::span<AtomicFile* const> files) {
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
        struct stat information {};
        std::string kept;
        if (::fstatat(temporary.folder, temporary.base.c_str(), &information, AT_SYMLINK_NOFOLLOW) == 0) {
            if (!S_ISREG(information.st_mode)) {
                file->fail(std::string("refusing to write: the path became ") + describe_kind(information.st_mode) +
                           " while running");
                failure = file->status_;
                break;
            }
            for (int attempt = 0; attempt < 100 && kept.empty(); ++attempt) {
                std::string name = temporary_name(temporary.base, "old");
                if (::linkat(temporary.folder, temporary.base.c_str(), temporary.folder, name.c_str(), 0) == 0) {
                    kept = std::move(name);
                    registry().entries.emplace_back(temporary.folder, kept);
                } else if (errno != EEXIST) {
                    break;
                }
            }
            if (kept.empty()) {
                file->fail(describe_errno("cannot keep the previous file while replacing it"));
                failure = file->status_;
                break;
            }
        }
        if (::renameat(temporary.folder, temporary.name.c_str(), temporary.folder, temporary.base.c_str()) != 0) {
            file->fail(describe_errno("cannot write file (rename)"));
            failure = file->status_;
            if (!kept.empty()) {
                ::unlinkat(temporary.folder, kept.c_str(), 0);
                forget(temporary.folder, kept);
            }
            break;
        }
        forget(temporary.folder, temporary.name);
        temporary.name.clear();
        renamed.emplace_back(&temporary, std::move(kept));
    }
    for (auto& [temporary, kept] : renamed) {
        if (!failure) {  // put back what each path held before the run
            if (kept.empty()) {
                ::unlinkat(temporary->folder, temporary->base.c_str(), 0);
            } else {
                ::renameat(temporary->folder, kept.c_str(), temporary->folder, temporary->base.c_str());
            }
        } else if (!kept.empty()) {
            ::unlinkat(temporary->folder, kept.c_str(), 0);
        }
        if (!kept.empty()) forget(temporary->folder, kept);
        ::fsync(temporary->folder);
    }
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
    file.write(contents);
    return file.commit();
}

}  // namespace swarmpath::io
