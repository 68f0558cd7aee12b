// The path-oracle file as bytes (docs/oracle-format.md): its fixed 128-byte header, where its two
// sections start, its checksum, writing one, and reading one front to back into the caller's memory
// with the header's own consistency checked (magic, version, ranges, sizes, checksum). What the tables mean,
// and whether a file fits a run's map and movement rule, is batch/path_oracle's business. Internal to
// the engine. Assumes a little-endian host: the file is little-endian and is read as it is stored.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

static_assert(std::endian::native == std::endian::little, "oracle files are little-endian; this host is not");

inline constexpr std::uint32_t kOracleFileVersion = 2;
inline constexpr std::uint32_t kOracleHeaderBytes = 128;
inline constexpr std::size_t kOracleMapNameBytes = 64;
/// Positions below 2^29 (search::kMaximumOraclePositions: io may not include search, and
/// batch/path_oracle.cpp asserts that the two agree); runs stored in 3 bytes below 2^21.
inline constexpr std::uint32_t kOracleMaximumPositions = std::uint32_t{1} << 29;
inline constexpr std::uint32_t kOracleNarrowRunPositions = std::uint32_t{1} << 21;

/// The fixed header, exactly as stored.
struct OracleFileHeader {
    char magic[8];
    std::uint32_t version;
    std::uint32_t header_bytes;
    std::uint32_t width;
    std::uint32_t height;
    std::uint8_t topology;  ///< 0: square (the only one so far)
    std::uint8_t moves;     ///< 4 or 8
    std::uint8_t diagonal;  ///< 0 both sides free, 1 one side, 2 any
    std::uint8_t order;     ///< search::CellOrder
    std::uint32_t positions;
    std::uint32_t runs;
    std::uint8_t run_bytes;  ///< 3 or 4 (search::oracle_run_bytes)
    std::uint8_t reserved[3];
    std::uint64_t letters_fingerprint;
    std::uint64_t terrain_fingerprint;
    std::uint64_t checksum;  ///< of every byte after the header
    char map_name[kOracleMapNameBytes];
};
static_assert(sizeof(OracleFileHeader) == kOracleHeaderBytes);

/// Byte offsets of the sections after the header, each padded to eight bytes.
struct OracleSections {
    std::uint64_t row_begin, runs, end;
    static OracleSections of(std::uint64_t positions, std::uint64_t runs, std::uint32_t run_bytes);
};

/// A 64-bit hash of a byte sequence, fed in pieces: eight bytes at a time, multiply-rotate mixing.
/// The file's checksum, and the fingerprints of the map an oracle was built for.
class Fingerprint {
public:
    void add(const void* data, std::size_t bytes) {
        const auto* bytes_in = static_cast<const unsigned char*>(data);
        for (std::size_t index = 0; index < bytes; ++index) {
            pending_ |= std::uint64_t{bytes_in[index]} << (8 * filled_);
            if (++filled_ == 8) flush();
        }
    }
    /// The same as add() for a buffer of whole 64-bit words, eight times faster.
    void add_words(const std::uint64_t* words, std::size_t count);
    /// add_words() of `count` words, a multiple of kGroup, with `visit(words + index)` called on each
    /// kGroup words in turn: work on the words that runs beside the chain of multiplications, which
    /// sets the pace (five cycles a word), instead of in a pass of its own.
    template <std::size_t kGroup, class Visit>
    void add_word_groups(const std::uint64_t* words, std::size_t count, Visit visit) {
        if (filled_ != 0) {
            for (std::size_t index = 0; index + kGroup <= count; index += kGroup) visit(words + index);
            add(words, count * 8);
            return;
        }
        std::uint64_t state = state_;
        for (std::size_t index = 0; index + kGroup <= count; index += kGroup) {
            visit(words + index);
            for (std::size_t word = 0; word < kGroup; ++word) state = mix(state, words[index + word]);
        }
        state_ = state;
        length_ += count / kGroup * kGroup * 8;
    }
    [[nodiscard]] std::uint64_t value() const;

private:
    static std::uint64_t mix(std::uint64_t state, std::uint64_t word) {
        state ^= word * 0x9E3779B97F4A7C15ULL;
        return std::rotl(state, 29) * 0xC2B2AE3D27D4EB4FULL;
    }
    void flush() {
        state_ = mix(state_, pending_);
        length_ += 8;
        pending_ = 0;
        filled_ = 0;
    }
    std::uint64_t state_ = 0x6A09E667F3BCC908ULL;
    std::uint64_t pending_ = 0;
    std::uint64_t length_ = 0;
    unsigned filled_ = 0;
};

/// The two tables of an oracle, in file order: the row index and the runs (whole words here, each
/// stored in `run_bytes` bytes). The cell order and the component labels are not stored: a reader
/// makes them from the map.
struct OracleSectionData {
    std::span<const std::uint32_t> row_begin;
    std::span<const std::uint32_t> runs;
    std::uint32_t run_bytes = 4;
};

/// The bytes a file stores per run for `positions` passable cells: 3 where every position fits in
/// 21 bits, else 4; 4 always when `wide` (for tests and measurements of the wide form).
[[nodiscard]] constexpr std::uint32_t oracle_run_bytes(std::uint64_t positions, bool wide = false) {
    return wide || positions >= kOracleNarrowRunPositions ? 4U : 3U;
}

/// The runs stored in `bytes`, `run_bytes` each, as whole words into the first of `runs` (one per
/// run at least; the caller's memory, so that it can choose its pages). Words beyond the runs are
/// left as they are; nothing is written for a run size other than 1 to 4 bytes.
void unpack_oracle_runs(std::span<const std::uint8_t> bytes, std::uint32_t run_bytes, std::span<std::uint32_t> runs);

/// A header with its magic, version and size filled in and every other field zero.
OracleFileHeader new_oracle_header();

/// Writes `header` (its positions, runs and checksum set here from `sections`) and the sections
/// into `file`, without committing it.
[[nodiscard]] Status write_oracle_file(AtomicFile& file, OracleFileHeader header, const OracleSectionData& sections);

/// An oracle file read front to back into the caller's memory. open() reads the header and checks
/// its own consistency (magic, version, field ranges, that the sections add up to the file's size);
/// read_row_begin() and read_runs() then read the two sections in file order, the runs unpacked to
/// whole words as they come, through a buffer small enough to stay in the nearer caches, each byte
/// added to the checksum (and to `digest`) as it passes: no copy of the whole file is made, so a
/// load clears no pages for one. finish() checks that the file ends there and that its checksum
/// matches: nothing read may be used before it succeeds. Errors name the file. The file is read
/// with read(2), never mapped, so changing or truncating it afterwards cannot fault or alter a run.
class OracleFileReader {
public:
    /// The read buffer's default size in 64-bit words: 192 KB, within the second-level cache, so
    /// each piece is checksummed and unpacked where it was just written.
    static constexpr std::size_t kBufferWords = 3 * 8192;

    /// Opens `path` and checks its header. `buffer_words` (a positive multiple of three, so that a
    /// piece holds whole runs of three or four bytes) is for tests of the pieces' seams.
    static Expected<OracleFileReader> open(const std::string& path, FileDigest* digest = nullptr,
                                           std::size_t buffer_words = kBufferWords);

    [[nodiscard]] const OracleFileHeader& header() const { return header_; }
    /// The row index, first: header().positions + 1 words into `row_begin`, which holds that many.
    [[nodiscard]] Status read_row_begin(std::span<std::uint32_t> row_begin);
    /// The runs, second: header().runs of them as whole words into the start of `runs`, which holds
    /// at least that many (the words after them are left as they are). After each piece, `arrived`
    /// (unless empty) is told how many runs are in so far, while they are in the nearer caches.
    [[nodiscard]] Status read_runs(std::span<std::uint32_t> runs,
                                   const std::function<void(std::uint64_t)>& arrived = {});
    /// Last: the file ends after the runs and its checksum matches its contents.
    [[nodiscard]] Status finish();

private:
    OracleFileReader(InputFile file, const OracleFileHeader& header, std::size_t buffer_words);
    /// Reads the next `bytes` bytes of the body (a multiple of eight) through the buffer, adds them
    /// to the checksum, and hands each piece to `take` with its offset from the section's start.
    template <class Take>
    Status read_section(std::uint64_t bytes, Take take);

    InputFile file_;
    OracleFileHeader header_{};
    Fingerprint checksum_;
    std::unique_ptr<std::uint64_t[]> buffer_;
    std::size_t buffer_words_ = 0;
};

}  // namespace swarmpath::io
