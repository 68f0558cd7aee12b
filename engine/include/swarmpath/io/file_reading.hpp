// Reading a whole input file into memory, safely: every reader of the engine (maps, scenarios,
// terrain files, edits files, field files) goes through read_whole_file. Assumes a POSIX system.
// Guarantees: it never blocks on a FIFO or a device (the file is opened non-blocking and checked
// with fstat on the opened descriptor, so nothing can be swapped in between a check and the open),
// anything but a regular file is refused at once with a message naming what it is, and at most
// kMaximumFileBytes are ever read, even from a file that grows while it is read. Every reader can
// hand back a FileDigest: the size and checksum of the bytes it used, taken as they were read, so
// what a run reports about its inputs is what it used, whatever happens to the files afterwards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "swarmpath/core/error.hpp"

namespace swarmpath::io {

/// Largest file the readers load (a 2^28-cell map with CRLF line ends is about 270 MB).
inline constexpr std::uint64_t kMaximumFileBytes = std::uint64_t{600} << 20;

/// FNV-1a 64's starting value (its offset basis).
inline constexpr std::uint64_t kFnvOffsetBasis = 0xcbf29ce484222325ULL;

/// FNV-1a 64 of `bytes`, continuing from `hash`. No cryptographic claim: it tells a changed or
/// different file, not a forged one.
[[nodiscard]] std::uint64_t fnv1a_64(std::string_view bytes, std::uint64_t hash = kFnvOffsetBasis);

/// xxHash's XXH64 (seed 0) of a byte sequence fed in pieces of any size (the value depends on the
/// bytes alone, not on how they were split): four lanes of 64-bit words, each mixed by multiply and
/// rotate, merged and folded with the length and the last bytes at the end, as xxHash's
/// specification gives it. `xxhsum -H1 FILE` (Debian's xxhash package) prints the same value, so a
/// report's checksum can be checked against a file without swarmpath. About fifteen times faster
/// than FNV-1a 64, whose every byte waits for the multiplication of the last. No cryptographic
/// claim: it tells a changed or different file, not a forged one.
class XxHash64 {
public:
    void add(std::string_view bytes);
    [[nodiscard]] std::uint64_t value() const;

    /// The specification's first two primes (the lanes start from them; the others are the source's).
    static constexpr std::uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
    static constexpr std::uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;

private:
    static constexpr std::size_t kStripeBytes = 32;                          ///< one word for each lane
    std::uint64_t lanes_[4] = {kPrime1 + kPrime2, kPrime2, 0, 0 - kPrime1};  // seed 0
    std::uint64_t length_ = 0;
    char pending_[kStripeBytes] = {};
    std::size_t pending_bytes_ = 0;
};

/// The size and checksum (XXH64) of the bytes a reader took from a file, in order: what tells
/// whether a file read twice in one run changed in between, and what a run's report names.
struct FileDigest {
    std::uint64_t bytes = 0;
    XxHash64 checksum;

    void add(std::string_view block) {
        bytes += block.size();
        checksum.add(block);
    }
    friend bool operator==(const FileDigest& first, const FileDigest& second) {
        return first.bytes == second.bytes && first.checksum.value() == second.checksum.value();
    }
};

/// Reads a whole regular file (binary). Errors name `path`: a missing or unreadable file, a
/// directory, FIFO, socket, character or block device ("is a FIFO, not a regular file"), or a file
/// larger than kMaximumFileBytes (checked against its size and again while reading). With `digest`,
/// the bytes returned are also checksummed there as they are read.
Expected<std::string> read_whole_file(const std::string& path, FileDigest* digest = nullptr);

/// Reads a regular file in blocks of at most 64 KiB, handing each to `consume` in order, with the
/// same refusals and size bound as read_whole_file; memory stays at one block whatever the file's
/// size. `consume` returns false to stop early (the result is then success). With `digest`, every
/// block is added to it before it is handed over (after an early stop it covers what was read).
Status read_file_in_blocks(const std::string& path, const std::function<bool(std::string_view)>& consume,
                           FileDigest* digest = nullptr);

/// A regular file opened for reading with read_whole_file's refusals, read by the caller into its
/// own memory (a binary file too large for a string, or read in place). Owns its descriptor.
class InputFile {
public:
    /// Opens `path`; with `digest`, every byte read() returns is added to it.
    static Expected<InputFile> open(const std::string& path, FileDigest* digest = nullptr);
    InputFile(InputFile&& other) noexcept;
    InputFile& operator=(InputFile&&) = delete;
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;
    ~InputFile();

    /// The file's size when it was opened.
    [[nodiscard]] std::uint64_t size() const { return size_; }
    [[nodiscard]] const std::string& path() const { return path_; }
    /// Reads exactly `count` bytes into `buffer`. A file that ends first changed while it was read:
    /// an Error naming it.
    [[nodiscard]] Status read_exactly(void* buffer, std::uint64_t count);
    /// Success when nothing is left to read; an Error naming the file when it grew while it was read.
    [[nodiscard]] Status expect_end();

private:
    InputFile(std::string path, int descriptor, std::uint64_t size, FileDigest* digest)
        : path_(std::move(path)), descriptor_(descriptor), size_(size), digest_(digest) {}
    std::string path_;
    int descriptor_ = -1;
    std::uint64_t size_ = 0;
    FileDigest* digest_ = nullptr;
};

}  // namespace swarmpath::io
