// Whole-file reading with the guarantees of file_reading.hpp: open non-blocking, fstat the opened
// descriptor, refuse what is not a regular file, read with a hard size bound, checksum as read.
#include "swarmpath/io/file_reading.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "core/page_memory.hpp"
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
    /// Hands the descriptor over: it is no longer closed here.
    int release() {
        const int value = value_;
        value_ = -1;
        return value;
    }

private:
    int value_;
};

Error too_large(const std::string& path, std::uint64_t size, bool while_reading) {
    return Error{path, 0, 0,
                 "file is too large (" + std::string(while_reading ? "more than " : "") + std::to_string(size) +
                     " bytes; the limit is " + std::to_string(kMaximumFileBytes) + ")"};
}

/// Opens `path` non-blocking, refuses what is not a regular file (judged on the opened descriptor)
/// and returns the descriptor, switched to blocking reads, with the file's size.
Expected<std::pair<int, std::uint64_t>> open_regular_file(const std::string& path) {
    // O_NONBLOCK: opening a FIFO with no writer must not wait for one. It is refused right after.
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (descriptor < 0) {
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
    Descriptor file(descriptor);
    struct stat information {};
    if (::fstat(file.get(), &information) != 0) {
        return Error{path, 0, 0, std::string("cannot read file: ") + std::strerror(errno)};
    }
    if (const std::string kind = describe_kind(information.st_mode); !kind.empty()) {
        return Error{path, 0, 0, "cannot read file: it " + kind + ", not a regular file"};
    }
    // A regular file never blocks; the flag is cleared anyway so that a read is a plain read.
    if (const int flags = ::fcntl(file.get(), F_GETFL); flags >= 0) ::fcntl(file.get(), F_SETFL, flags & ~O_NONBLOCK);
    return std::pair<int, std::uint64_t>{file.release(), static_cast<std::uint64_t>(information.st_size)};
}

/// read(2) that retries when a signal interrupts it.
ssize_t read_some(int descriptor, void* buffer, std::size_t count) {
    for (;;) {
        const ssize_t got = ::read(descriptor, buffer, count);
        if (got >= 0 || errno != EINTR) return got;
    }
}

}  // namespace

std::uint64_t fnv1a_64(std::string_view bytes, std::uint64_t hash) {
    for (const char byte : bytes) {
        hash ^= static_cast<unsigned char>(byte);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

namespace {

constexpr std::uint64_t kPrime1 = XxHash64::kPrime1;
constexpr std::uint64_t kPrime2 = XxHash64::kPrime2;
constexpr std::uint64_t kPrime3 = 0x165667B19E3779F9ULL;
constexpr std::uint64_t kPrime4 = 0x85EBCA77C2B2AE63ULL;
constexpr std::uint64_t kPrime5 = 0x27D4EB2F165667C5ULL;

/// One lane's step over one word (the specification's "round").
std::uint64_t lane_step(std::uint64_t lane, std::uint64_t word) {
    return std::rotl(lane + word * kPrime2, 31) * kPrime1;
}

/// A lane merged into the accumulator after the stripes.
std::uint64_t merge_lane(std::uint64_t accumulator, std::uint64_t lane) {
    return (accumulator ^ lane_step(0, lane)) * kPrime1 + kPrime4;
}

/// A little-endian word of `bytes` (as the specification reads them; x86-64 and arm64 alike).
template <class Word>
Word load_word(const char* bytes) {
    Word word = 0;
    std::memcpy(&word, bytes, sizeof(word));
    return word;
}

}  // namespace

void XxHash64::add(std::string_view bytes) {
    if (bytes.empty()) return;  // (an empty view may have no data pointer, which memcpy may not take)
    length_ += bytes.size();
    // The lanes in a local array through the pieces, so that each stripe's four steps run side by side.
    std::uint64_t lanes[4] = {lanes_[0], lanes_[1], lanes_[2], lanes_[3]};
    const auto add_stripe = [&lanes](const char* stripe) {
        for (std::size_t lane = 0; lane < 4; ++lane) {
            lanes[lane] = lane_step(lanes[lane], load_word<std::uint64_t>(stripe + 8 * lane));
        }
    };
    std::size_t at = 0;
    if (pending_bytes_ > 0) {
        const std::size_t taken = std::min(kStripeBytes - pending_bytes_, bytes.size());
        std::memcpy(pending_ + pending_bytes_, bytes.data(), taken);
        pending_bytes_ += taken;
        at = taken;
        if (pending_bytes_ < kStripeBytes) return;
        add_stripe(pending_);
        pending_bytes_ = 0;
    }
    for (; at + kStripeBytes <= bytes.size(); at += kStripeBytes) add_stripe(bytes.data() + at);
    std::copy(std::begin(lanes), std::end(lanes), std::begin(lanes_));
    std::memcpy(pending_, bytes.data() + at, bytes.size() - at);
    pending_bytes_ = bytes.size() - at;
}

std::uint64_t XxHash64::value() const {
    std::uint64_t value = kPrime5;  // fewer than 32 bytes: no stripe was taken
    if (length_ >= kStripeBytes) {
        value = std::rotl(lanes_[0], 1) + std::rotl(lanes_[1], 7) + std::rotl(lanes_[2], 12) + std::rotl(lanes_[3], 18);
        for (const std::uint64_t lane : lanes_) value = merge_lane(value, lane);
    }
    value += length_;
    // The bytes after the last whole stripe: words, then a half word, then single bytes.
    std::size_t at = 0;
    for (; at + 8 <= pending_bytes_; at += 8) {
        value = std::rotl(value ^ lane_step(0, load_word<std::uint64_t>(pending_ + at)), 27) * kPrime1 + kPrime4;
    }
    if (at + 4 <= pending_bytes_) {
        value = std::rotl(value ^ (std::uint64_t{load_word<std::uint32_t>(pending_ + at)} * kPrime1), 23) * kPrime2 +
                kPrime3;
        at += 4;
    }
    for (; at < pending_bytes_; ++at) {
        value = std::rotl(value ^ (std::uint64_t{static_cast<unsigned char>(pending_[at])} * kPrime5), 11) * kPrime1;
    }
    // The final mix ("avalanche").
    value = (value ^ (value >> 33)) * kPrime2;
    value = (value ^ (value >> 29)) * kPrime3;
    return value ^ (value >> 32);
}

namespace {

/// Bytes a streamed file is read in per call (read_file_in_blocks).
constexpr std::size_t kBlockBytes = std::size_t{1} << 16;
/// At most this many bytes per read(2) call: Linux returns at most about 2 GiB at once.
constexpr std::size_t kMostBytesPerRead = std::size_t{1} << 30;

}  // namespace

Status read_file_in_blocks(const std::string& path, const std::function<bool(std::string_view)>& consume,
                           FileDigest* digest) {
    Expected<std::pair<int, std::uint64_t>> opened = open_regular_file(path);
    if (!opened) return opened.error();
    const Descriptor file(opened->first);
    if (opened->second > kMaximumFileBytes) return too_large(path, opened->second, false);
    // The block buffer on the heap, its pages faulted in with one call: on the stack, a new
    // process's first read took a trap for each 4 KB page of it the kernel copied into (16, 11-20 µs
    // each on this project's test machine).
    const std::unique_ptr<char[]> buffer(new (std::nothrow) char[kBlockBytes]);
    if (buffer == nullptr) return Error{path, 0, 0, "cannot read file: no memory for a read buffer"};
    core::populate_pages(buffer.get(), kBlockBytes);
    std::uint64_t total = 0;
    for (;;) {
        // Never ask for more than one byte past the limit: a file growing while it is read is
        // caught without reading more than that.
        const std::uint64_t room = kMaximumFileBytes + 1 - total;
        const std::size_t wanted = room < kBlockBytes ? static_cast<std::size_t>(room) : kBlockBytes;
        const ssize_t count = read_some(file.get(), buffer.get(), wanted);
        if (count < 0) return Error{path, 0, 0, std::string("cannot read file: ") + std::strerror(errno)};
        if (count == 0) break;
        total += static_cast<std::uint64_t>(count);
        if (total > kMaximumFileBytes) return too_large(path, kMaximumFileBytes, true);
        const std::string_view block(buffer.get(), static_cast<std::size_t>(count));
        if (digest != nullptr) digest->add(block);
        if (!consume(block)) break;
    }
    return Success{};
}

Expected<InputFile> InputFile::open(const std::string& path, FileDigest* digest) {
    Expected<std::pair<int, std::uint64_t>> opened = open_regular_file(path);
    if (!opened) return opened.error();
    return InputFile(path, opened->first, opened->second, digest);
}

InputFile::InputFile(InputFile&& other) noexcept
    : path_(std::move(other.path_)), descriptor_(other.descriptor_), size_(other.size_), digest_(other.digest_) {
    other.descriptor_ = -1;
}

InputFile::~InputFile() {
    if (descriptor_ >= 0) ::close(descriptor_);
}

Status InputFile::read_exactly(void* buffer, std::uint64_t count) {
    auto* bytes = static_cast<char*>(buffer);
    std::uint64_t done = 0;
    while (done < count) {
        // At most 1 GiB per call: read(2) returns at most about 2 GiB at once on Linux.
        const auto wanted = static_cast<std::size_t>(std::min<std::uint64_t>(count - done, std::uint64_t{1} << 30));
        const ssize_t got = read_some(descriptor_, bytes + done, wanted);
        if (got < 0) return Error{path_, 0, 0, std::string("cannot read file: ") + std::strerror(errno)};
        if (got == 0) {
            return Error{path_, 0, 0,
                         "changed while it was read: it ended after " + std::to_string(done) + " of the " +
                             std::to_string(count) + " bytes expected"};
        }
        if (digest_ != nullptr) digest_->add(std::string_view(bytes + done, static_cast<std::size_t>(got)));
        done += static_cast<std::uint64_t>(got);
    }
    return Success{};
}

Status InputFile::expect_end() {
    char probe = 0;
    const ssize_t got = read_some(descriptor_, &probe, 1);
    if (got < 0) return Error{path_, 0, 0, std::string("cannot read file: ") + std::strerror(errno)};
    if (got > 0)
        return Error{path_, 0, 0,
                     "changed while it was read: it grew past its size of " + std::to_string(size_) + " bytes"};
    return Success{};
}

Expected<std::string> read_whole_file(const std::string& path, FileDigest* digest) {
    Expected<std::pair<int, std::uint64_t>> opened = open_regular_file(path);
    if (!opened) return opened.error();
    const Descriptor file(opened->first);
    const std::uint64_t size = opened->second;
    if (size > kMaximumFileBytes) return too_large(path, size, false);
    // Read straight into the result, sized by the file as opened plus one byte (so the read that
    // finds the end needs no more room), its pages faulted in with one call first: through a
    // buffer on the stack a new process's first read took a trap per 4 KB page of the buffer, and
    // appending block by block into a doubling string one per page it touched (a 512×512 map: 130).
    // A file that grows while it is read gets more room, never more than one byte past the limit.
    std::string contents;
    contents.reserve(static_cast<std::size_t>(size) + 1);
    core::populate_pages(contents.data(), static_cast<std::size_t>(size) + 1);
    contents.resize(static_cast<std::size_t>(size) + 1);
    std::size_t filled = 0;
    for (;;) {
        if (filled == contents.size()) {
            const std::size_t limit = static_cast<std::size_t>(kMaximumFileBytes) + 1;
            contents.resize(std::min(limit, contents.size() + std::max(contents.size(), kBlockBytes)));
        }
        const std::size_t wanted = std::min(contents.size() - filled, kMostBytesPerRead);
        const ssize_t count = read_some(file.get(), contents.data() + filled, wanted);
        if (count < 0) return Error{path, 0, 0, std::string("cannot read file: ") + std::strerror(errno)};
        if (count == 0) break;
        if (digest != nullptr) digest->add(std::string_view(contents.data() + filled, static_cast<std::size_t>(count)));
        filled += static_cast<std::size_t>(count);
        if (filled > kMaximumFileBytes) return too_large(path, kMaximumFileBytes, true);
    }
    contents.resize(filled);
    return contents;
}

}  // namespace swarmpath::io
