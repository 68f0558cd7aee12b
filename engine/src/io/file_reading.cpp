// Whole-file reading with the guarantees of file_reading.hpp: open non-blocking, fstat the opened
// descriptor, refuse what is not a regular file, read with a hard size bound.
#include "io/file_reading.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "file_kind.hpp"

namespace swarmpath::io {
namespace {

/// What a file that is not a regular file is, for a message ("is a FIFO"); empty for a regular file.
std::string describe_kind(mode_t mode) {
    const char* kind = detail::file_kind_name(mode);
    return kind == nullptr ? std::string() : std::string("is ") + kind;
}

/// Closes a descriptor when it goes out of scope.
class Descriptor {
public:
    explicit Descriptor(int value) : value_(value) {}
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() {
        if (value_ >= 0) ::close(value_);
    }
    [[nodiscard]] int get() const { return value_; }

private:
    int value_;
};

Error too_large(const std::string& path, std::uint64_t size, bool while_reading) {
    return Error{path, 0, 0,
                 "file is too large (" + std::string(while_reading ? "more than " : "") + std::to_string(size) +
                     " bytes; the limit is " + std::to_string(kMaximumFileBytes) + ")"};
}

}  // namespace

Status read_file_in_blocks(const std::string& path, const std::function<bool(std::string_view)>& consume) {
    // O_NONBLOCK: opening a FIFO with no writer must not wait for one. It is refused right after.
    Descriptor file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (file.get() < 0) {
        const int open_error = errno;
        // A socket cannot be opened at all (ENXIO): name what it is rather than the errno text.
        struct stat information {};
        if (::stat(path.c_str(), &information) == 0) {
            if (const std::string kind = describe_kind(information.st_mode); !kind.empty()) {
                return Error{path, 0, 0, "cannot read file: it " + kind + ", not a regular file"};
            }
        }
        return Error{path, 0, 0, std::string("cannot open file: ") + std::strerror(open_error)};
    }
    struct stat information {};
    if (::fstat(file.get(), &information) != 0) {
        return Error{path, 0, 0, std::string("cannot read file: ") + std::strerror(errno)};
    }
    if (const std::string kind = describe_kind(information.st_mode); !kind.empty()) {
        return Error{path, 0, 0, "cannot read file: it " + kind + ", not a regular file"};
    }
    const auto size = static_cast<std::uint64_t>(information.st_size);
    if (size > kMaximumFileBytes) return too_large(path, size, false);

    // A regular file never blocks; the flag is cleared anyway so that a read is a plain read.
    if (const int flags = ::fcntl(file.get(), F_GETFL); flags >= 0) ::fcntl(file.get(), F_SETFL, flags & ~O_NONBLOCK);
    std::uint64_t total = 0;
    char buffer[1 << 16];
    for (;;) {
        // Never ask for more than one byte past the limit: a file growing while it is read is
        // caught without reading more than that.
        const std::uint64_t room = kMaximumFileBytes + 1 - total;
        const std::size_t wanted = room < sizeof(buffer) ? static_cast<std::size_t>(room) : sizeof(buffer);
        const ssize_t count = ::read(file.get(), buffer, wanted);
        if (count < 0) {
            if (errno == EINTR) continue;
            return Error{path, 0, 0, std::string("cannot read file: ") + std::strerror(errno)};
        }
        if (count == 0) break;
        total += static_cast<std::uint64_t>(count);
        if (total > kMaximumFileBytes) return too_large(path, kMaximumFileBytes, true);
        if (!consume(std::string_view(buffer, static_cast<std::size_t>(count)))) break;
    }
    return Success{};
}

Expected<std::string> read_whole_file(const std::string& path) {
    std::string contents;
    Status read = read_file_in_blocks(path, [&](std::string_view block) {
        contents.append(block);
        return true;
    });
    if (!read) return read.error();
    return contents;
}

}  // namespace swarmpath::io
