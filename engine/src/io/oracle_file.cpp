// Writing and reading the path-oracle file's bytes (io/oracle_file.hpp, docs/oracle-format.md). A
// file is read whole into memory the caller owns, so a file changed or truncated afterwards cannot
// fault or alter a run, and is checked before anything reads its tables.
#include "io/oracle_file.hpp"

#include <algorithm>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

#include "swarmpath/grid/grid.hpp"

namespace swarmpath::io {
namespace {

constexpr char kMagic[8] = {'S', 'W', 'P', 'O', 'R', 'A', 'C', 'L'};

constexpr std::uint64_t aligned(std::uint64_t bytes) { return (bytes + 7) / 8 * 8; }

/// The header's own consistency: magic, version, field ranges, and the size its sections add up to
/// against the file's `bytes`.
Status check_header(const OracleFileHeader& header, std::uint64_t bytes, const std::string& path) {
    auto fail = [&](const std::string& message) -> Status { return Error{path, 0, 0, message}; };
    if (std::memcmp(header.magic, kMagic, sizeof(kMagic)) != 0)
        return fail("is not a swarmpath oracle file (bad magic)");
    if (header.version != kOracleFileVersion) {
        return fail("is an oracle file of version " + std::to_string(header.version) +
                    "; this swarmpath reads version " + std::to_string(kOracleFileVersion) +
                    " (build it again with `swarmpath precompute`)");
    }
    if (header.header_bytes != kOracleHeaderBytes || header.topology != 0 || (header.moves != 4 && header.moves != 8) ||
        header.diagonal > 2 || header.order > 2 || header.map_name[kOracleMapNameBytes - 1] != '\0' ||
        header.reserved[0] != 0 || header.reserved[1] != 0 || header.reserved[2] != 0) {
        return fail("has a malformed header");
    }
    const std::uint64_t cells = std::uint64_t{header.width} * header.height;
    if (cells > grid::kMaximumCells || header.positions > cells || header.positions >= kOracleMaximumPositions) {
        return fail("has a malformed header (sizes out of range)");
    }
    if (header.run_bytes != 4 && (header.run_bytes != 3 || header.positions >= kOracleNarrowRunPositions)) {
        return fail("has a malformed header (runs of " + std::to_string(header.run_bytes) + " bytes for " +
                    std::to_string(header.positions) + " passable cells)");
    }
    const OracleSections sections = OracleSections::of(header.positions, header.runs, header.run_bytes);
    if (sections.end != bytes) {
        return fail("is " + std::to_string(bytes) + " bytes, but its header describes " + std::to_string(sections.end) +
                    " (truncated or damaged)");
    }
    return Success{};
}

}  // namespace

OracleSections OracleSections::of(std::uint64_t positions, std::uint64_t runs, std::uint32_t run_bytes) {
    OracleSections sections{};
    sections.row_begin = kOracleHeaderBytes;
    sections.runs = sections.row_begin + aligned((positions + 1) * 4);
    sections.end = sections.runs + aligned(runs * run_bytes);
    return sections;
}

void Fingerprint::add_words(const std::uint64_t* words, std::size_t count) {
    if (filled_ != 0) {
        add(words, count * 8);
        return;
    }
    std::uint64_t state = state_;
    for (std::size_t index = 0; index < count; ++index) state = mix(state, words[index]);
    state_ = state;
    length_ += count * 8;
}

std::uint64_t Fingerprint::value() const {
    std::uint64_t state = filled_ != 0 ? mix(state_, pending_) : state_;
    state ^= length_ + std::uint64_t{filled_};
    state ^= state >> 33;
    state *= 0xff51afd7ed558ccdULL;
    state ^= state >> 33;
    return state;
}

OracleFileHeader new_oracle_header() {
    OracleFileHeader header{};
    std::memcpy(header.magic, kMagic, sizeof(kMagic));
    header.version = kOracleFileVersion;
    header.header_bytes = kOracleHeaderBytes;
    return header;
}

Status write_oracle_file(AtomicFile& file, OracleFileHeader header, const OracleSectionData& sections) {
    const std::uint64_t positions = sections.row_begin.empty() ? 0 : sections.row_begin.size() - 1;
    const std::uint64_t runs = sections.runs.size();
    const OracleSections offsets = OracleSections::of(positions, runs, sections.run_bytes);
    // Each run's low `run_bytes` bytes (little-endian: the low bytes come first).
    std::vector<std::uint8_t> packed(runs * sections.run_bytes);
    for (std::size_t index = 0; index < runs; ++index) {
        std::memcpy(packed.data() + index * sections.run_bytes, &sections.runs[index], sections.run_bytes);
    }
    // The body in file order, each section padded to eight bytes, checksummed as it is written.
    Fingerprint checksum;
    std::vector<std::pair<const void*, std::size_t>> pieces;
    const std::uint64_t zeros = 0;
    const std::pair<const void*, std::size_t> sections_in_order[] = {
        {sections.row_begin.data(), sections.row_begin.size_bytes()}, {packed.data(), packed.size()}};
    for (const auto& [data, bytes] : sections_in_order) {
        pieces.emplace_back(data, bytes);
        checksum.add(data, bytes);
        if (bytes % 8 != 0) {
            pieces.emplace_back(&zeros, 8 - bytes % 8);
            checksum.add(&zeros, 8 - bytes % 8);
        }
    }
    header.positions = static_cast<std::uint32_t>(positions);
    header.runs = static_cast<std::uint32_t>(runs);
    header.run_bytes = static_cast<std::uint8_t>(sections.run_bytes);
    header.checksum = checksum.value();
    file.write(std::string_view(reinterpret_cast<const char*>(&header), sizeof(header)));
    std::uint64_t written = sizeof(header);
    for (const auto& [data, bytes] : pieces) {
        file.write(std::string_view(static_cast<const char*>(data), bytes));
        written += bytes;
    }
    if (written != offsets.end) return Error{file.path(), 0, 0, "internal error: the oracle's sections do not add up"};
    return Success{};
}

std::span<const std::uint32_t> OracleFileBytes::section(std::uint64_t offset, std::uint64_t count) const {
    const auto* base = reinterpret_cast<const unsigned char*>(words.get());
    return {reinterpret_cast<const std::uint32_t*>(base + offset), count};
}

void unpack_oracle_runs(std::span<const std::uint8_t> bytes, std::uint32_t run_bytes, std::span<std::uint32_t> runs) {
    if (run_bytes == 0 || run_bytes > sizeof(std::uint32_t)) return;  // the header check refuses these
    const std::size_t count = std::min<std::size_t>(bytes.size() / run_bytes, runs.size());
    if (run_bytes == 4) {
        std::memcpy(runs.data(), bytes.data(), count * sizeof(std::uint32_t));
        return;
    }
    std::size_t index = 0;
    if (run_bytes == 3) {
        // Four runs from each twelve bytes, read as an eight-byte and a four-byte word (fixed-size
        // reads, one load each, where a copy of a run-time size was a call per run).
        constexpr std::uint64_t kRun = 0x00FFFFFFU;
        for (; index + 4 <= count; index += 4) {
            std::uint64_t low = 0;
            std::uint32_t high = 0;
            std::memcpy(&low, bytes.data() + index * 3, sizeof(low));
            std::memcpy(&high, bytes.data() + index * 3 + 8, sizeof(high));
            runs[index] = static_cast<std::uint32_t>(low & kRun);
            runs[index + 1] = static_cast<std::uint32_t>((low >> 24) & kRun);
            runs[index + 2] = static_cast<std::uint32_t>(((low >> 48) | (std::uint64_t{high} << 16)) & kRun);
            runs[index + 3] = high >> 8;
        }
    }
    for (; index < count; ++index) {
        runs[index] = 0;
        std::memcpy(&runs[index], bytes.data() + index * run_bytes, run_bytes);
    }
}

std::span<const std::uint8_t> OracleFileBytes::section_bytes(std::uint64_t offset, std::uint64_t count) const {
    return {reinterpret_cast<const std::uint8_t*>(words.get()) + offset, count};
}

Expected<OracleFileBytes> read_oracle_file(const std::string& path, FileDigest* digest) {
    auto fail = [&](const std::string& message) -> Error { return Error{path, 0, 0, message}; };
    Expected<InputFile> file = InputFile::open(path, digest);
    if (!file) {
        Error error = file.error();
        error.message += " (an oracle file was expected)";
        return error;
    }
    OracleFileBytes contents;
    contents.bytes = file->size();
    if (contents.bytes < kOracleHeaderBytes) return fail("is not a swarmpath oracle file (too short for its header)");
    OracleFileHeader& header = contents.header;
    if (Status read = file->read_exactly(&header, sizeof(header)); !read) return read.error();
    if (Status checked = check_header(header, contents.bytes, path); !checked) return checked.error();
    contents.sections = OracleSections::of(header.positions, header.runs, header.run_bytes);
    // The whole file in memory of its own, read once: what is checked is what queries read.
    try {
        const core::PageBlock pages = core::allocate_zeroed_pages(contents.bytes);
        contents.words = std::unique_ptr<std::uint64_t[], OracleFilePages>(static_cast<std::uint64_t*>(pages.data),
                                                                           OracleFilePages{pages.mapped_bytes});
    } catch (const std::bad_alloc&) {
        return fail("cannot be held in memory (" + std::to_string(contents.bytes) + " bytes)");
    }
    std::memcpy(contents.words.get(), &header, sizeof(header));
    const std::uint64_t body_bytes = contents.bytes - kOracleHeaderBytes;
    if (Status read = file->read_exactly(contents.words.get() + kOracleHeaderBytes / 8, body_bytes); !read) {
        return read.error();
    }
    if (Status ended = file->expect_end(); !ended) return ended.error();
    Fingerprint checksum;
    checksum.add_words(contents.words.get() + kOracleHeaderBytes / 8, body_bytes / 8);
    if (checksum.value() != header.checksum) return fail("is damaged (its checksum does not match its contents)");
    return contents;
}

}  // namespace swarmpath::io
