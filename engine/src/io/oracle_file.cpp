// Writing and reading the path-oracle file's bytes (io/oracle_file.hpp, docs/oracle-format.md). A
// file is read with read(2) into memory the caller owns, so a file changed or truncated afterwards
// cannot fault or alter a run, and is checked before anything reads its tables.
#include "io/oracle_file.hpp"

#include <algorithm>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

#include "core/page_memory.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::io {
namespace {

constexpr char kOracleMagic[8] = {'S', 'W', 'P', 'O', 'R', 'A', 'C', 'L'};

constexpr std::uint64_t aligned(std::uint64_t bytes) { return (bytes + 7) / 8 * 8; }

/// The header's own consistency: magic, version, field ranges, and the size its sections add up to
/// against the file's `bytes`.
Status check_header(const OracleFileHeader& header, std::uint64_t bytes, const std::string& path) {
    auto fail = [&](const std::string& message) -> Status { return Error{path, 0, 0, message}; };
    if (std::memcmp(header.magic, kOracleMagic, sizeof(kOracleMagic)) != 0)
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

/// The eight runs of three bytes stored in three little-endian words (24 bytes), as whole words
/// into `into`: fixed shifts, one load a word, where a copy of a run-time size was a call a run.
void unpack_eight_runs(std::uint64_t low, std::uint64_t middle, std::uint64_t high, std::uint32_t* into) {
    constexpr std::uint64_t kRun = 0x00FFFFFFU;
    into[0] = static_cast<std::uint32_t>(low & kRun);
    into[1] = static_cast<std::uint32_t>((low >> 24) & kRun);
    into[2] = static_cast<std::uint32_t>(((low >> 48) | (middle << 16)) & kRun);
    into[3] = static_cast<std::uint32_t>((middle >> 8) & kRun);
    into[4] = static_cast<std::uint32_t>((middle >> 32) & kRun);
    into[5] = static_cast<std::uint32_t>(((middle >> 56) | (high << 8)) & kRun);
    into[6] = static_cast<std::uint32_t>((high >> 16) & kRun);
    into[7] = static_cast<std::uint32_t>(high >> 40);
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
    std::memcpy(header.magic, kOracleMagic, sizeof(kOracleMagic));
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

void unpack_oracle_runs(std::span<const std::uint8_t> bytes, std::uint32_t run_bytes, std::span<std::uint32_t> runs) {
    if (run_bytes == 0 || run_bytes > sizeof(std::uint32_t)) return;  // the header check refuses these
    const std::size_t count = std::min<std::size_t>(bytes.size() / run_bytes, runs.size());
    if (run_bytes == 4) {
        std::memcpy(runs.data(), bytes.data(), count * sizeof(std::uint32_t));
        return;
    }
    std::size_t index = 0;
    if (run_bytes == 3) {
        for (; index + 8 <= count; index += 8) {
            std::uint64_t words[3];
            std::memcpy(words, bytes.data() + index * 3, sizeof(words));
            unpack_eight_runs(words[0], words[1], words[2], runs.data() + index);
        }
    }
    for (; index < count; ++index) {
        runs[index] = 0;
        std::memcpy(&runs[index], bytes.data() + index * run_bytes, run_bytes);
    }
}

OracleFileReader::OracleFileReader(InputFile file, const OracleFileHeader& header, std::size_t buffer_words)
    : file_(std::move(file)), header_(header), buffer_(new std::uint64_t[buffer_words]), buffer_words_(buffer_words) {
    // Its pages faulted in with one call, not a trap for each 4 KB page the first read copies into
    // (where the heap maps a block this size afresh, as glibc's does for a library's host).
    core::populate_pages(buffer_.get(), buffer_words * sizeof(std::uint64_t));
}

Expected<OracleFileReader> OracleFileReader::open(const std::string& path, FileDigest* digest,
                                                  std::size_t buffer_words) {
    if (buffer_words == 0 || buffer_words % 3 != 0) {
        return Error{path, 0, 0, "internal error: an oracle read buffer must be a positive multiple of three words"};
    }
    Expected<InputFile> file = InputFile::open(path, digest);
    if (!file) {
        Error error = file.error();
        error.message += " (an oracle file was expected)";
        return error;
    }
    if (file->size() < kOracleHeaderBytes) {
        return Error{path, 0, 0, "is not a swarmpath oracle file (too short for its header)"};
    }
    OracleFileHeader header{};
    if (Status read = file->read_exactly(&header, sizeof(header)); !read) return read.error();
    if (Status checked = check_header(header, file->size(), path); !checked) return checked.error();
    try {
        return OracleFileReader(std::move(*file), header, buffer_words);
    } catch (const std::bad_alloc&) {
        return Error{path, 0, 0, "cannot be read: no memory for a read buffer"};
    }
}

template <class Take>
Status OracleFileReader::read_section(std::uint64_t bytes, Take take) {
    const std::uint64_t buffer_bytes = buffer_words_ * 8;
    for (std::uint64_t offset = 0; offset < bytes; offset += buffer_bytes) {
        const std::uint64_t piece = std::min(buffer_bytes, bytes - offset);
        if (Status read = file_.read_exactly(buffer_.get(), piece); !read) return read;
        checksum_.add_words(buffer_.get(), piece / 8);
        take(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(buffer_.get()), piece), offset);
    }
    return Success{};
}

Status OracleFileReader::read_row_begin(std::span<std::uint32_t> row_begin) {
    const OracleSections sections = OracleSections::of(header_.positions, header_.runs, header_.run_bytes);
    const std::uint64_t used = (std::uint64_t{header_.positions} + 1) * sizeof(std::uint32_t);
    if (row_begin.size_bytes() < used) return Error{file_.path(), 0, 0, "internal error: no room for the row index"};
    auto* into = reinterpret_cast<std::uint8_t*>(row_begin.data());
    return read_section(sections.runs - sections.row_begin,
                        [&](std::span<const std::uint8_t> piece, std::uint64_t offset) {
                            if (offset < used)
                                std::memcpy(into + offset, piece.data(), std::min(piece.size(), used - offset));
                        });
}

Status OracleFileReader::read_runs(std::span<std::uint32_t> runs, const std::function<void(std::uint64_t)>& arrived) {
    const OracleSections sections = OracleSections::of(header_.positions, header_.runs, header_.run_bytes);
    const std::uint32_t run_bytes = header_.run_bytes;
    const std::uint64_t used = std::uint64_t{header_.runs} * run_bytes;
    if (runs.size() < header_.runs) return Error{file_.path(), 0, 0, "internal error: no room for the runs"};
    // Every piece but the last is a whole number of runs (the buffer holds a multiple of 24 bytes),
    // so the runs of a piece start at its offset over the run size. Runs of three bytes come eight
    // from each three words, unpacked as the checksum takes those words (one pass, not two).
    const std::uint64_t section_bytes = sections.end - sections.runs;
    const std::uint64_t buffer_bytes = buffer_words_ * 8;
    for (std::uint64_t offset = 0; offset < section_bytes; offset += buffer_bytes) {
        const std::uint64_t piece = std::min(buffer_bytes, section_bytes - offset);
        if (Status read = file_.read_exactly(buffer_.get(), piece); !read) return read;
        const std::uint64_t* const words = buffer_.get();
        const auto run_part = static_cast<std::size_t>(offset < used ? std::min(piece, used - offset) : 0);
        // (A piece of padding alone holds no runs: no pointer is formed past the runs for it.)
        std::uint32_t* const into = runs.data() + (run_part > 0 ? offset / run_bytes : 0);
        std::size_t triples = 0;
        if (run_bytes == 3) {
            triples = run_part / 24;
            checksum_.add_word_groups<3>(words, triples * 3, [&](const std::uint64_t* three) {
                unpack_eight_runs(three[0], three[1], three[2], into + static_cast<std::size_t>(three - words) / 3 * 8);
            });
        }
        checksum_.add_words(words + triples * 3, static_cast<std::size_t>(piece / 8) - triples * 3);
        const std::size_t unpacked = triples * 24;
        if (run_part > unpacked) {
            unpack_oracle_runs(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(words) + unpacked,
                                                             run_part - unpacked),
                               run_bytes, runs.subspan(static_cast<std::size_t>((offset + unpacked) / run_bytes)));
        }
        if (arrived && run_part > 0) arrived((offset + run_part) / run_bytes);
    }
    return Success{};
}

Status OracleFileReader::finish() {
    if (Status ended = file_.expect_end(); !ended) return ended;
    if (checksum_.value() != header_.checksum) {
        return Error{file_.path(), 0, 0, "is damaged (its checksum does not match its contents)"};
    }
    return Success{};
}

}  // namespace swarmpath::io
