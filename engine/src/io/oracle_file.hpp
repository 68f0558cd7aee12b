// The path-oracle file as bytes (docs/oracle-format.md): its fixed 128-byte header, where its two
// sections start, its checksum, writing one, and reading one whole into memory of its own with the
// header's own consistency checked (magic, version, ranges, sizes, checksum). What the tables mean,
// and whether a file fits a run's map and movement rule, is batch/path_oracle's business. Internal to
// the engine. Assumes a little-endian host: the file is little-endian and is read as it is stored.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/page_memory.hpp"
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

/// Gives back the pages an OracleFileBytes read its file into.
struct OracleFilePages {
    std::size_t mapped_bytes = 0;
    void operator()(std::uint64_t* words) const noexcept { core::release_pages({words, mapped_bytes}); }
};

/// A whole oracle file in memory of its own, as 64-bit words so every section is aligned.
struct OracleFileBytes {
    OracleFileHeader header{};
    OracleSections sections{};
    std::uint64_t bytes = 0;
    /// Fresh pages from the system (core::allocate_zeroed_pages), on 2 MB pages for a file of 256 KB
    /// or more: the read is their first touch, and on 4 KB pages it faulted once a page (Berlin_1_256,
    /// 10.6 MB: 2,600 faults, 40-60 ms of a 65 ms first load in a process).
    std::unique_ptr<std::uint64_t[], OracleFilePages> words;
    /// `count` 32-bit words from byte `offset`.
    [[nodiscard]] std::span<const std::uint32_t> section(std::uint64_t offset, std::uint64_t count) const;
    /// `count` bytes from byte `offset`.
    [[nodiscard]] std::span<const std::uint8_t> section_bytes(std::uint64_t offset, std::uint64_t count) const;
};

/// Reads the oracle file at `path` whole, once, and checks its header's consistency (magic,
/// version, field ranges, that the sections add up to the file's size) and its checksum; errors
/// name the file. With `digest`, the bytes are checksummed there as they are read.
Expected<OracleFileBytes> read_oracle_file(const std::string& path, FileDigest* digest = nullptr);

}  // namespace swarmpath::io
