// Building, saving and loading goal bounds (swarmpath/search/goal_bounds.hpp). The build runs the
// path oracle's row search from every passable cell and widens, for each cell reached, the boxes of
// the source's optimal first moves towards it; each source writes only its own eight boxes, so the
// sources run in any order on any number of threads with the same result. The file holds a 64-byte
// header and the boxes of the passable cells in row-major order (docs/formats.md); a load reads it
// into memory of its own, front to back through a small buffer, and checks its header, its size,
// its checksum, every box and the map it was built for before a search can read it. Assumes a little-endian machine, as
// the oracle file.
#include "swarmpath/search/goal_bounds.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <new>
#include <string_view>

#include "core/page_memory.hpp"
#include "core/progress_count.hpp"
#include "io/oracle_file.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/file_reading.hpp"
#include "swarmpath/search/oracle_tables.hpp"

namespace swarmpath::search {
namespace {

constexpr char kBoundsMagic[8] = {'S', 'W', 'P', 'B', 'O', 'U', 'N', 'D'};
constexpr std::uint32_t kVersion = 1;

/// The file's first 64 bytes.
struct FileHeader {
    char magic[8];
    std::uint32_t version;
    std::uint32_t header_bytes;
    std::uint32_t width;
    std::uint32_t height;
    std::uint32_t passable;  ///< passable cells, whose boxes follow
    std::uint32_t reserved_word;
    std::uint64_t map_fingerprint;  ///< passability_fingerprint of the map
    std::uint64_t checksum;         ///< io::Fingerprint of the boxes' bytes
    std::uint64_t reserved[2];
};
static_assert(sizeof(FileHeader) == 64);
static_assert(sizeof(GoalBounds::Box) == 8);
constexpr std::uint64_t kCellBytes = 8 * sizeof(GoalBounds::Box);
/// Cells whose boxes a load reads at once: 192 KB, within the second-level cache.
constexpr std::size_t kLoadBufferCells = 3072;

/// The padded indices of `grid`'s passable cells, in row-major order.
std::vector<std::uint32_t> passable_padded_cells(const grid::Grid& grid) {
    std::vector<std::uint32_t> cells;
    const grid::Bitset& bits = grid.passable_bits();
    cells.reserve(bits.count());
    for (std::size_t word = 0; word < bits.word_count(); ++word) {
        for (std::uint64_t rest = bits.words()[word]; rest != 0; rest &= rest - 1) {
            cells.push_back(static_cast<std::uint32_t>(word * 64 + static_cast<std::size_t>(__builtin_ctzll(rest))));
        }
    }
    return cells;
}

/// A box being built: inclusive bounds, empty while min is above max (no branch to widen it).
struct OpenBox {
    std::uint16_t min_x = 0xFFFF;
    std::uint16_t min_y = 0xFFFF;
    std::uint16_t max_x = 0;
    std::uint16_t max_y = 0;
    void widen(std::uint16_t x, std::uint16_t y) {
        min_x = std::min(min_x, x);
        min_y = std::min(min_y, y);
        max_x = std::max(max_x, x);
        max_y = std::max(max_y, y);
    }
    [[nodiscard]] GoalBounds::Box closed() const {
        if (min_x > max_x) return GoalBounds::kEmpty;
        return {min_x, min_y, static_cast<std::uint16_t>(max_x + 1), static_cast<std::uint16_t>(max_y + 1)};
    }
};

/// Whether `box` is the empty box or a box of cells on a map of `width` × `height`.
bool well_formed(const GoalBounds::Box& box, std::uint32_t width, std::uint32_t height) {
    if (box.min_x == 0 && box.min_y == 0 && box.end_x == 0 && box.end_y == 0) return true;
    return box.min_x < box.end_x && box.min_y < box.end_y && box.end_x <= width && box.end_y <= height;
}

/// Every padded cell's eight boxes, empty (zeroed pages, huge where the system has them, faulted in
/// at once: a build or load writes every passable cell's), or an Error when the memory cannot be had.
Expected<std::shared_ptr<GoalBounds::Box>> empty_boxes(const grid::Grid& grid) {
    const std::size_t bytes = std::size_t{grid.padded_cell_count()} * kCellBytes;
    try {
        const core::PageBlock block = core::allocate_zeroed_pages(bytes, true, core::HugeBlockUse::filled_whole);
        return std::shared_ptr<GoalBounds::Box>(static_cast<GoalBounds::Box*>(block.data),
                                                [block](GoalBounds::Box*) { core::release_pages(block); });
    } catch (const std::bad_alloc&) {
        return Error{"", 0, 0,
                     "goal bounds need " + std::to_string(bytes) + " bytes of memory, which could not be had"};
    }
}

/// The header's own consistency: magic, version, field ranges, and the size it describes against the
/// file's `bytes`.
Status check_header(const FileHeader& header, std::uint64_t bytes, const std::string& path) {
    auto fail_with = [&](const std::string& message) -> Status { return Error{path, 0, 0, message}; };
    if (std::memcmp(header.magic, kBoundsMagic, sizeof(kBoundsMagic)) != 0)
        return fail_with("is not a swarmpath goal-bounds file (bad magic)");
    if (header.version != kVersion) {
        return fail_with("is a goal-bounds file of version " + std::to_string(header.version) +
                         "; this swarmpath reads " + "version " + std::to_string(kVersion) +
                         " (build it again with `swarmpath precompute`)");
    }
    if (header.header_bytes != sizeof(FileHeader) || header.reserved_word != 0 || header.reserved[0] != 0 ||
        header.reserved[1] != 0 || header.width == 0 || header.height == 0 || header.width > grid::kMaximumSide ||
        header.height > grid::kMaximumSide ||
        header.passable >
            std::min<std::uint64_t>(std::uint64_t{header.width} * header.height, GoalBounds::kMaximumPassableCells)) {
        return fail_with("has a malformed header");
    }
    const std::uint64_t body_bytes = std::uint64_t{header.passable} * kCellBytes;
    if (bytes != sizeof(header) + body_bytes) {
        return fail_with("is " + std::to_string(bytes) + " bytes, but its header describes " +
                         std::to_string(sizeof(header) + body_bytes) + " (truncated or damaged)");
    }
    return Success{};
}

}  // namespace

Status GoalBounds::check(const grid::Grid& grid) {
    auto fail = [](std::string message) -> Status { return Error{"", 0, 0, std::move(message)}; };
    if (grid.topology() != grid::Topology::square) {
        return fail("goal bounds are for square-cell maps, not '" +
                    std::string(grid::topology_type_name(grid.topology())) + "'");
    }
    if (!grid.uniform_cost()) return fail("goal bounds serve JPS+, which needs a map of uniform cost (no terrain)");
    if (grid.passable_bits().count() > kMaximumPassableCells) {
        return fail("the map has " + std::to_string(grid.passable_bits().count()) +
                    " passable cells; goal bounds are built for at most " + std::to_string(kMaximumPassableCells) +
                    " (one search per cell)");
    }
    return Success{};
}

Expected<std::vector<GoalBounds::Box>> GoalBounds::build_share(const grid::Grid& grid, std::uint64_t first,
                                                               std::uint64_t count, const core::ParallelLoop& parallel,
                                                               Progress progress, void* progress_user,
                                                               const CancelToken* cancel) {
    if (Status fits = check(grid); !fits) return fits.error();
    const std::vector<std::uint32_t> cells = passable_padded_cells(grid);
    first = std::min<std::uint64_t>(first, cells.size());
    count = std::min<std::uint64_t>(count, cells.size() - first);
    std::vector<Box> boxes;
    try {
        boxes.resize(count * 8);
    } catch (const std::bad_alloc&) {
        return Error{
            "", 0, 0,
            "goal bounds need " + std::to_string(count * kCellBytes) + " bytes of memory, which could not be had"};
    }
    // Each passable cell's coordinates, x | y << 16, read per cell reached instead of dividing.
    const grid::PaddedLayout layout = grid.layout();
    std::vector<std::uint32_t> coordinates(grid.padded_cell_count(), 0);
    for (const std::uint32_t cell : cells) coordinates[cell] = layout.x_of(cell) | layout.y_of(cell) << 16;
    core::ProgressCount done(progress, progress_user, count);
    // 64 sources a task: a task's whole-map searches dwarf handing it out and its scratch.
    parallel(count, 64, [&](std::size_t begin, std::size_t end) {
        OracleRowScratch scratch;
        for (std::size_t index = begin; index != end; ++index) {
            if (cancel != nullptr && cancel->cancelled()) return;  // the build is abandoned
            search_oracle_first_moves(grid, Moves::eight, DiagonalRule::both_free, cells[first + index], scratch);
            std::array<OpenBox, 8> open;  // the source's own set has no moves: it widens nothing
            for (const std::uint32_t cell : scratch.settled_cells) {
                const auto x = static_cast<std::uint16_t>(coordinates[cell]);
                const auto y = static_cast<std::uint16_t>(coordinates[cell] >> 16);
                for (unsigned moves = scratch.first_moves[cell]; moves != 0; moves &= moves - 1) {
                    open[static_cast<std::size_t>(__builtin_ctz(moves))].widen(x, y);
                }
            }
            for (std::size_t direction = 0; direction < 8; ++direction)
                boxes[index * 8 + direction] = open[direction].closed();
            reset_oracle_scratch(scratch);
        }
        done.add(end - begin);
    });
    if (cancel != nullptr && cancel->cancelled()) return Error{"", 0, 0, kBuildCancelled};
    done.finish();
    return boxes;
}

GoalBounds::GoalBounds(const grid::Grid& grid, std::uint64_t fingerprint, std::shared_ptr<Box> boxes,
                       std::vector<std::uint32_t> cells)
    : width_(grid.width()),
      height_(grid.height()),
      fingerprint_(fingerprint),
      boxes_(std::move(boxes)),
      box_count_(std::size_t{grid.padded_cell_count()} * 8),
      cells_(std::move(cells)) {}

Expected<GoalBounds> GoalBounds::assemble(const grid::Grid& grid, const std::vector<Box>& boxes) {
    if (Status fits = check(grid); !fits) return fits.error();
    if (boxes.size() != grid.passable_bits().count() * 8) {
        return Error{"", 0, 0,
                     "goal bounds of " + std::to_string(boxes.size()) + " boxes for a map of " +
                         std::to_string(grid.passable_bits().count()) + " passable cells (eight each)"};
    }
    Expected<std::shared_ptr<Box>> memory = empty_boxes(grid);
    if (!memory) return memory.error();
    GoalBounds bounds(grid, passability_fingerprint(grid), std::move(*memory), passable_padded_cells(grid));
    for (std::size_t index = 0; index < bounds.cells_.size(); ++index) {
        std::copy_n(boxes.data() + index * 8, 8, bounds.boxes_.get() + std::size_t{bounds.cells_[index]} * 8);
    }
    return bounds;
}

Expected<GoalBounds> GoalBounds::build(const grid::Grid& grid, const core::ParallelLoop& parallel, Progress progress,
                                       void* progress_user, const CancelToken* cancel) {
    const auto started = std::chrono::steady_clock::now();
    Expected<std::vector<Box>> boxes =
        build_share(grid, 0, grid.passable_bits().count(), parallel, progress, progress_user, cancel);
    if (!boxes) return boxes.error();
    Expected<GoalBounds> bounds = assemble(grid, *boxes);
    if (bounds) bounds->seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return bounds;
}

bool GoalBounds::built_for(const grid::Grid& grid) const {
    return grid.width() == width_ && grid.height() == height_ &&
           box_count_ == std::size_t{grid.padded_cell_count()} * 8 && passability_fingerprint(grid) == fingerprint_;
}

Status GoalBounds::save(const std::string& path) const {
    io::AtomicFile file(path);
    if (!file.status()) return file.status();
    if (Status written = write_to(file); !written) return written;
    return file.commit();
}

Status GoalBounds::write_to(io::AtomicFile& file) const {
    std::vector<Box> passable_boxes;
    passable_boxes.reserve(cells_.size() * 8);
    for (const std::uint32_t cell : cells_) passable_boxes.insert(passable_boxes.end(), boxes(cell), boxes(cell) + 8);
    FileHeader header{};
    std::memcpy(header.magic, kBoundsMagic, sizeof(kBoundsMagic));
    header.version = kVersion;
    header.header_bytes = sizeof(FileHeader);
    header.width = width_;
    header.height = height_;
    header.passable = static_cast<std::uint32_t>(passable_boxes.size() / 8);
    header.map_fingerprint = fingerprint_;
    io::Fingerprint checksum;  // eight boxes, 64 bytes, per cell: whole words
    checksum.add_words(reinterpret_cast<const std::uint64_t*>(passable_boxes.data()), passable_boxes.size());
    header.checksum = checksum.value();
    file.write(std::string_view(reinterpret_cast<const char*>(&header), sizeof(header)));
    file.write(
        std::string_view(reinterpret_cast<const char*>(passable_boxes.data()), passable_boxes.size() * sizeof(Box)));
    return Success{};
}

Expected<GoalBounds> GoalBounds::load(const std::string& path, const grid::Grid& grid, io::FileDigest* digest) {
    const auto started = std::chrono::steady_clock::now();
    auto fail = [&](const std::string& message) -> Error { return Error{path, 0, 0, message}; };
    Expected<io::InputFile> file = io::InputFile::open(path, digest);
    if (!file) {
        Error error = file.error();
        error.message += " (a goal-bounds file was expected)";
        return error;
    }
    FileHeader header{};
    if (file->size() < sizeof(header)) return fail("is not a swarmpath goal-bounds file (too short for its header)");
    if (Status read = file->read_exactly(&header, sizeof(header)); !read) return read.error();
    if (Status checked = check_header(header, file->size(), path); !checked) return checked.error();
    if (header.width != grid.width() || header.height != grid.height() ||
        header.passable != grid.passable_bits().count() || header.map_fingerprint != passability_fingerprint(grid)) {
        return fail("was built for another map (" + std::to_string(header.width) + "x" + std::to_string(header.height) +
                    ", " + std::to_string(header.passable) + " passable cells; this map is " +
                    std::to_string(grid.width()) + "x" + std::to_string(grid.height()) + ", " +
                    std::to_string(grid.passable_bits().count()) + "): build them again for it");
    }
    if (Status fits = check(grid); !fits) return fail(fits.error().message);
    Expected<std::shared_ptr<Box>> memory = empty_boxes(grid);
    if (!memory) {
        return fail("cannot be held in memory (" + std::to_string(std::size_t{grid.padded_cell_count()} * kCellBytes) +
                    " bytes)");
    }
    std::vector<std::uint32_t> cells = passable_padded_cells(grid);
    // The boxes pass through a buffer that stays in the second-level cache: each cell's eight are
    // checked and set in place beside the checksum's chain, which sets the pace, and the file's
    // bytes are not held a second time.
    std::vector<Box> buffer;
    core::reserve_populated(buffer, kLoadBufferCells * 8);
    buffer.resize(kLoadBufferCells * 8);
    io::Fingerprint checksum;
    bool every_box_well_formed = true;
    Box* const boxes = memory->get();
    for (std::size_t first = 0; first < cells.size(); first += kLoadBufferCells) {
        const std::size_t count = std::min(kLoadBufferCells, cells.size() - first);
        if (Status read = file->read_exactly(buffer.data(), count * kCellBytes); !read) return read.error();
        const std::uint32_t* cell = cells.data() + first;
        checksum.add_word_groups<8>(
            reinterpret_cast<const std::uint64_t*>(buffer.data()), count * 8, [&](const std::uint64_t* words) {
                const auto* record = reinterpret_cast<const Box*>(words);
                for (std::size_t direction = 0; direction < 8; ++direction) {
                    every_box_well_formed &= well_formed(record[direction], header.width, header.height);
                }
                std::memcpy(boxes + std::size_t{*cell++} * 8, record, kCellBytes);
            });
    }
    if (Status ended = file->expect_end(); !ended) return ended.error();
    if (checksum.value() != header.checksum) return fail("is damaged (its checksum does not match its contents)");
    if (!every_box_well_formed) return fail("is damaged (a box lies off the map)");
    Expected<GoalBounds> bounds = GoalBounds(grid, header.map_fingerprint, std::move(*memory), std::move(cells));
    bounds->seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return bounds;
}

}  // namespace swarmpath::search
