// Per-worker search context tests: reuse across many queries and across grids of different sizes,
// the generation wrap-around, which is the only time the stamps are cleared in full, a prepared
// context holding all a small search needs before its first query, jump point search leaving the
// parent directions' block untouched, the reading of a new solver's code (core::warm_code)
// staying inside the segment that holds it, the node array's reservation (address space
// for one node per cell) never refused for being larger than the machine's memory, a large map's
// node index and nodes in one reservation, and a JPS+ table lending its first context the rooms
// before and after its distances (its build faulted in their 2 MB pages) once, and only once.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <limits>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "core/code_warming.hpp"
#include "core/page_memory.hpp"
#include "random_maps.hpp"
#include "search/best_first/search_state.hpp"
#include "search/jump_point_grid.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/solver.hpp"

// Sanitized builds keep shadow memory for mappings: the tests that map more than the machine holds
// skip there.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SWARMPATH_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SWARMPATH_TEST_SANITIZED 1
#endif
#endif

namespace {

/// Whether the kernel runs its default (heuristic) overcommit policy, which refuses one mapping
/// larger than memory and swap: the tests that lean on that refusal, or on its absence with
/// MAP_NORESERVE, skip under any other.
[[maybe_unused]] bool heuristic_overcommit() {
    std::ifstream policy("/proc/sys/vm/overcommit_memory");
    int overcommit = -1;
    return (policy >> overcommit) && overcommit == 0;
}

/// The machine's memory and swap together, in bytes (0 when sysinfo fails).
[[maybe_unused]] std::size_t memory_and_swap_bytes() {
    struct sysinfo machine {};
    if (::sysinfo(&machine) != 0) return 0;
    return (std::size_t{machine.totalram} + machine.totalswap) * machine.mem_unit;
}

}  // namespace

namespace swarmpath::search {
namespace {

Expected<grid::Grid> random_grid(std::uint64_t seed, std::uint32_t width, std::uint32_t height) {
    std::mt19937_64 random(seed);
    return grid::Grid::build(testing::random_map(random, width, height, 0.2), grid::TerrainTable::benchmark());
}

TEST(SearchContextTest, ReusedContextGivesSameResultsAsFreshOnes) {
    Expected<grid::Grid> small = random_grid(1, 20, 30);
    Expected<grid::Grid> large = random_grid(2, 70, 50);
    ASSERT_TRUE(small && large);
    Expected<Solver> small_solver = Solver::create(*small, SearchSettings{.algorithm = Algorithm::astar});
    Expected<Solver> large_solver = Solver::create(*large, SearchSettings{.algorithm = Algorithm::astar});
    ASSERT_TRUE(small_solver && large_solver);
    SearchContext shared;
    std::mt19937_64 random(3);
    for (int query_index = 0; query_index < 300; ++query_index) {
        const bool use_large = query_index % 3 == 0;
        const grid::Grid& grid = use_large ? *large : *small;
        const Solver& solver = use_large ? *large_solver : *small_solver;
        std::uniform_int_distribution<std::int64_t> x(0, grid.width() - 1);
        std::uniform_int_distribution<std::int64_t> y(0, grid.height() - 1);
        Query query{x(random), y(random), x(random), y(random)};
        SearchContext fresh;
        Result reused_result = solver.solve(shared, query);
        Result fresh_result = solver.solve(fresh, query);
        ASSERT_EQ(reused_result.status, fresh_result.status);
        ASSERT_EQ(reused_result.cost_units, fresh_result.cost_units);
        ASSERT_EQ(reused_result.path.size(), fresh_result.path.size());
        ASSERT_EQ(reused_result.counters, fresh_result.counters);
    }
}

TEST(SearchContextTest, GenerationWrapClearsStaleStamps) {
    Expected<grid::Grid> grid = random_grid(5, 40, 40);
    ASSERT_TRUE(grid);
    Expected<Solver> solver = Solver::create(*grid, SearchSettings{.algorithm = Algorithm::astar});
    ASSERT_TRUE(solver);
    SearchContext context;
    SearchContext fresh;
    std::mt19937_64 random(9);
    std::uniform_int_distribution<std::int64_t> coordinate(0, 39);
    // Run searches straddling the wrap: stamps written at generation 2^32 - 1 must not look current
    // after the counter wraps back to 1.
    context.prepare(grid->padded_cell_count());
    context.state().set_generation_for_testing(0xFFFFFFFEU);
    for (int query_index = 0; query_index < 6; ++query_index) {
        Query query{coordinate(random), coordinate(random), coordinate(random), coordinate(random)};
        Result wrapped = solver->solve(context, query);
        Result expected = solver->solve(fresh, query);
        ASSERT_EQ(wrapped.status, expected.status) << "query " << query_index;
        ASSERT_EQ(wrapped.cost_units, expected.cost_units);
        ASSERT_EQ(wrapped.counters, expected.counters);
    }
    EXPECT_LT(context.state().generation(), 100U);
}

// prepare() allocates the open lists' first blocks and the path rebuild's scratch too: the first
// queries of a cold run used to allocate and fill them inside the timed search (on a 49×49 map, two
// thirds of a cold pass's search time). Searches whose frontiers and paths fit them allocate nothing.
TEST(SearchContextTest, PreparedContextAllocatesNothingInItsFirstSearches) {
    Expected<grid::Grid> grid = random_grid(11, 60, 45);
    ASSERT_TRUE(grid);
    for (const Algorithm algorithm : {Algorithm::astar, Algorithm::jps, Algorithm::jps_plus}) {
        Expected<Solver> solver = Solver::create(*grid, SearchSettings{.algorithm = algorithm});
        ASSERT_TRUE(solver);
        SearchContext context;
        context.prepare(grid->padded_cell_count());
        SearchState& state = context.state();
        auto held = [&state] {
            return std::array<std::size_t, 3>{state.packed_open_list().memory_bytes(),
                                              state.compact_open_list().memory_bytes(),
                                              state.path_scratch().capacity()};
        };
        const auto prepared = held();
        EXPECT_NE(prepared[0], 0U);
        EXPECT_NE(prepared[1], 0U);
        EXPECT_NE(prepared[2], 0U);
        std::mt19937_64 random(13);
        std::uniform_int_distribution<std::int64_t> x(0, grid->width() - 1);
        std::uniform_int_distribution<std::int64_t> y(0, grid->height() - 1);
        int found = 0;
        for (int query_index = 0; query_index < 40; ++query_index) {
            const Result result = solver->solve(context, Query{x(random), y(random), x(random), y(random)});
            found += result.status == QueryStatus::found ? 1 : 0;
        }
        EXPECT_GT(found, 10) << to_string(algorithm);
        EXPECT_EQ(held(), prepared) << to_string(algorithm);
    }
}

TEST(SearchContextTest, StateStaysWithinTwelveBytesPerCell) { EXPECT_LE(SearchContext::bytes_per_cell(), 12.0); }

/// Whether any page of [data, data + bytes) is in memory (mincore).
bool any_page_resident(const void* data, std::size_t bytes) {
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(data) / page * page;
    const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(data) + bytes;
    std::vector<unsigned char> resident((end - first + page - 1) / page);
    if (::mincore(reinterpret_cast<void*>(first), end - first, resident.data()) != 0) return true;
    return std::any_of(resident.begin(), resident.end(), [](unsigned char flags) { return (flags & 1U) != 0; });
}

// Jump point search keeps its nodes in the node table (4 bytes of index a cell, the nodes packed
// apart) and touches neither the per-cell stamps nor the parent directions, whose 2 MB pages a
// process's first query would otherwise clear (13 bytes a cell in all: on a 512×512 map two huge
// pages against the index's one). Twenty random queries in one context, so that later searches meet
// the index entries earlier ones left.
TEST(SearchContextTest, JumpPointSearchTouchesNoPerCellStampsOrDirections) {
    std::mt19937_64 random(17);
    Expected<grid::Grid> grid =
        grid::Grid::build(testing::random_map(random, 600, 600, 0.05), grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    for (const Algorithm algorithm : {Algorithm::jps, Algorithm::jps_plus}) {
        Expected<Solver> solver = Solver::create(*grid, SearchSettings{.algorithm = algorithm});
        ASSERT_TRUE(solver);
        SearchContext context;
        context.prepare(grid->padded_cell_count());
        const std::uint8_t* directions = context.state().parent_directions();
        const CellStamp* stamps = context.state().stamps();
        const std::size_t stamp_bytes = (std::size_t{grid->padded_cell_count()} + 1) * sizeof(CellStamp);
        ASSERT_FALSE(any_page_resident(directions, grid->padded_cell_count()));
        ASSERT_FALSE(any_page_resident(stamps, stamp_bytes));
        int found = 0;
        std::uniform_int_distribution<std::int64_t> coordinate(0, 599);
        for (int query_index = 0; query_index < 20; ++query_index) {
            const Query query{coordinate(random), coordinate(random), coordinate(random), coordinate(random)};
            found += solver->solve(context, query).status == QueryStatus::found ? 1 : 0;
        }
        EXPECT_GT(found, 10) << to_string(algorithm);
        EXPECT_FALSE(any_page_resident(directions, grid->padded_cell_count())) << to_string(algorithm);
        EXPECT_FALSE(any_page_resident(stamps, stamp_bytes)) << to_string(algorithm);
    }
}

// A large map's node index and its nodes share one reservation, the nodes from the first 4 KB
// boundary after the index, so the index's last page holds the first nodes. A small map's nodes
// follow its index's pages, and the index and the nodes' first page are faulted in at preparation
// (a search's first node costs no trap) while the nodes' second page is not; a tiny map's are
// calloc'ed. The node array's last node (one per cell, and one past the last) is writable either way.
TEST(NodeTableTest, LargeMapsNodesFollowTheirIndexInOneReservation) {
    for (const std::uint32_t cells : {std::uint32_t{500}, std::uint32_t{5000}, std::uint32_t{300'000}}) {
        best_first::NodeTable table;
        table.prepare(cells);
        const best_first::NodeArrays arrays = table.start();
        const auto index = reinterpret_cast<std::uintptr_t>(arrays.index);
        const auto nodes = reinterpret_cast<std::uintptr_t>(arrays.nodes);
        const bool large = best_first::NodeTable::index_room_bytes(cells) != 0;
        EXPECT_EQ(large, std::size_t{cells} * 4 >= core::kHugePagesFrom) << cells;
        if (large) {
            EXPECT_EQ(nodes, index + (std::size_t{cells} * 4 + 4095) / 4096 * 4096) << cells;
            EXPECT_EQ(best_first::NodeTable::index_room_bytes(cells), nodes - index);
            EXPECT_EQ(best_first::NodeTable::node_room_bytes(cells),
                      (std::size_t{cells} + 1) * sizeof(best_first::SearchNode));
        } else if (cells == 5000) {
            EXPECT_EQ(nodes, index + best_first::NodeTable::index_page_bytes(cells));
#ifdef MADV_POPULATE_WRITE
            // Whether the kernel knows the advice (Linux 5.14 on); the index starts a page.
            const bool populates = ::madvise(arrays.index, 0, MADV_POPULATE_WRITE) == 0;
            EXPECT_EQ(index % 4096, 0U);
            if (populates) {
                const std::size_t first = best_first::NodeTable::kNodeBytesPopulated;
                std::vector<unsigned char> resident((nodes - index + first) / 4096);
                ASSERT_EQ(::mincore(arrays.index, resident.size() * 4096, resident.data()), 0);
                EXPECT_TRUE(
                    std::all_of(resident.begin(), resident.end(), [](unsigned char f) { return (f & 1U) != 0; }));
                EXPECT_FALSE(any_page_resident(reinterpret_cast<const char*>(nodes) + first, 4096));
            }
#endif
        }
        arrays.index[cells - 1] = 7;
        arrays.nodes[cells] = best_first::SearchNode{1, 2, 3, 4, 5};
        EXPECT_EQ(arrays.index[cells - 1], 7U);
        EXPECT_EQ(arrays.nodes[cells].slot, 4U);
    }
}

// A large map's searches find their nodes through a hash table (HashedNodeArrays): every node added
// is found again, with its parent's cell, and nothing else is, through searches that grow the table
// (its first size holds 2,048 nodes) and through its stamp's wrap, the one time the table is
// cleared; a new search finds none of the earlier searches' nodes. Cells a power-of-two stride apart (a
// column of a map whose padded width is one) are found as well as random ones.
TEST(NodeTableTest, HashedNodesAreFoundThroughGrowthAndStampWrap) {
    constexpr std::uint32_t kCells = 1U << 20;
    ASSERT_TRUE(best_first::NodeTable::hashes_nodes(kCells));
    best_first::NodeTable table;
    table.prepare(kCells);
    const best_first::HashingChoice choice;
    std::mt19937_64 random(41);
    std::uniform_int_distribution<std::uint32_t> any_cell(0, kCells - 1);
    std::vector<std::uint32_t> previous;
    const std::uint32_t last_stamp = ~std::uint32_t{0} - 1;
    for (int search = 0; search < 6; ++search) {
        if (search == 3) table.set_stamp_for_testing(last_stamp);  // searches 4 and 5 wrap it
        best_first::HashedNodeArrays arrays = table.start_hashed(choice);
        const std::uint32_t start = any_cell(random);
        arrays.begin(start);
        std::vector<std::uint32_t> cells{start};
        std::vector<std::uint32_t> seen(kCells / 32 + 1, 0U);
        seen[start / 32] |= 1U << (start % 32);
        // Search 0's 9,000 nodes grow the table three times; the later searches' 700 leave its
        // nodes past the 700th in place, and search 4, after the wrap, has its stamp: search 0's
        // slots would name nodes that still hold their cells, had the wrap not cleared them.
        const std::uint32_t wanted = search == 0 ? 9000 : 700;
        for (std::uint32_t attempt = 0; cells.size() < wanted; ++attempt) {
            // A third of the cells down columns of a 1024-cell-wide map, the others anywhere.
            const std::uint32_t cell = attempt % 3 == 0 ? (attempt * 1024 + attempt / 1024) % kCells : any_cell(random);
            if ((seen[cell / 32] >> (cell % 32) & 1U) != 0) continue;
            seen[cell / 32] |= 1U << (cell % 32);
            ASSERT_EQ(arrays.find(cell), best_first::kNoNode);
            const auto parent = static_cast<std::uint32_t>(cells.size() / 2);
            ASSERT_EQ(arrays.add(cell, 5, parent, 1), cells.size());
            cells.push_back(cell);
        }
        for (std::uint32_t node = 0; node < cells.size(); ++node) {
            ASSERT_EQ(arrays.find(cells[node]), node) << search;
            ASSERT_EQ(arrays.parent_cell(cells[node]), cells[node == 0 ? 0 : node / 2]) << search;
        }
        std::size_t stale_found = 0;
        for (const std::uint32_t cell : previous)
            if ((seen[cell / 32] >> (cell % 32) & 1U) == 0 && arrays.find(cell) != best_first::kNoNode) ++stale_found;
        EXPECT_EQ(stale_found, 0U) << search;
        previous.insert(previous.end(), cells.begin(), cells.end());
    }
    EXPECT_FALSE(choice.hashing());  // outgrown by search 0
}

// Lent room too small for the index or for the nodes is given back and a new reservation made;
// room large enough for both is used where it lies.
TEST(NodeTableTest, TakesLentRoomOnlyWhenItHoldsTheIndexAndTheNodes) {
    constexpr std::uint32_t kCells = 300'000;
    const std::size_t index_bytes = best_first::NodeTable::index_room_bytes(kCells);
    const std::size_t node_bytes = best_first::NodeTable::node_room_bytes(kCells);
    ASSERT_NE(index_bytes, 0U);
    for (const auto& [index_room, node_room] :
         {std::pair{index_bytes / 2, node_bytes}, std::pair{index_bytes, node_bytes / 2}}) {
        // On 4 KB pages, so that each block holds just what was asked (2 MB pages round it up).
        const core::PageBlock index_block = core::reserve_zeroed_pages(index_room);
        const core::PageBlock node_block = core::reserve_zeroed_pages(node_room);
        best_first::NodeTable refused;
        refused.prepare(kCells, {index_block, node_block});
        EXPECT_NE(static_cast<void*>(refused.start().index), index_block.data);
        EXPECT_NE(static_cast<void*>(refused.start().nodes), node_block.data);
    }
    const core::PageBlock index_block = core::reserve_zeroed_pages(index_bytes, true);
    const core::PageBlock node_block = core::reserve_zeroed_pages(node_bytes, true);
    best_first::NodeTable taken;
    taken.prepare(kCells, {index_block, node_block});
    EXPECT_EQ(static_cast<void*>(taken.start().index), index_block.data);
    EXPECT_EQ(static_cast<void*>(taken.start().nodes), node_block.data);
    taken.start().index[kCells - 1] = 8;
    taken.start().nodes[kCells].cell = 9;  // the last node lies inside the lent room
    EXPECT_EQ(taken.start().index[kCells - 1] + taken.start().nodes[kCells].cell, 17U);
}

// A prepare whose allocation fails (std::bad_alloc: an embedding host catches it and goes on) leaves
// the context claiming no room it lacks, and it prepares and searches again afterwards. Before, the
// capacity was set ahead of the allocations, so a context that had failed once took a later grid
// of that size as prepared and searched past its arrays. Needs the kernel's heuristic overcommit,
// which refuses one mapping larger than memory and swap (the stamps of 2^32 - 16 cells: 34 GB).
TEST(SearchContextTest, FailedPrepareClaimsNoRoomAndPreparesAgain) {
#if defined(SWARMPATH_TEST_SANITIZED)
    GTEST_SKIP() << "sanitizers keep shadow memory for mappings";
#else
    if (!heuristic_overcommit()) GTEST_SKIP() << "overcommit policy is not the heuristic one";
    const std::size_t memory = memory_and_swap_bytes();
    ASSERT_NE(memory, 0U);
    constexpr std::uint32_t kHuge = 0xFFFFFFF0U;
    if (memory > std::size_t{kHuge} * 8) {
        GTEST_SKIP() << "memory and swap exceed the stamps of 2^32 cells";
    }
    Expected<grid::Grid> grid = random_grid(29, 40, 30);
    ASSERT_TRUE(grid);
    Expected<Solver> solver = Solver::create(*grid, SearchSettings{.algorithm = Algorithm::astar});
    ASSERT_TRUE(solver);
    SearchContext context;
    EXPECT_THROW(context.prepare(kHuge), std::bad_alloc);
    EXPECT_LT(context.capacity(), kHuge);
    context.prepare(grid->padded_cell_count());
    EXPECT_EQ(context.capacity(), grid->padded_cell_count());
    SearchContext fresh;
    for (const Query& query : {Query{0, 0, 39, 29}, Query{5, 3, 30, 20}, Query{39, 0, 0, 29}}) {
        const Result result = solver->solve(context, query);
        const Result expected = solver->solve(fresh, query);
        EXPECT_EQ(result.status, expected.status);
        EXPECT_EQ(result.cost_units, expected.cost_units);
        EXPECT_EQ(result.path, expected.path);
    }
#endif
}

/// `count` queries between random cells of a side × side map (an end may be blocked).
std::vector<Query> random_queries(std::mt19937_64& random, std::int64_t side, int count) {
    std::vector<Query> queries;
    std::uniform_int_distribution<std::int64_t> coordinate(0, side - 1);
    for (int query_index = 0; query_index < count; ++query_index) {
        queries.push_back(Query{coordinate(random), coordinate(random), coordinate(random), coordinate(random)});
    }
    return queries;
}

/// Answers every query with `solver` in `by_size`, `first` and `second`, expecting the same answer
/// from each; returns by_size's answers.
std::vector<Result> expect_contexts_answer_alike(const Solver& solver, SearchContext& first, SearchContext& second,
                                                 SearchContext& by_size, const std::vector<Query>& queries) {
    std::vector<Result> expected;
    for (const Query& query : queries) {
        expected.push_back(solver.solve(by_size, query));
        const Result from_first = solver.solve(first, query);
        const Result from_second = solver.solve(second, query);
        EXPECT_EQ(from_first.status, expected.back().status);
        EXPECT_EQ(from_first.cost_units, expected.back().cost_units);
        EXPECT_EQ(from_first.path, expected.back().path);
        EXPECT_EQ(from_second.path, expected.back().path);
    }
    return expected;
}

/// A side × side random map with thirty queries on it, and three contexts: two a solver prepares (the
/// first may take room the solver lends) and one prepared by size alone.
struct LendingCase {
    LendingCase(std::uint64_t seed, std::uint32_t side)
        : random(seed),
          grid(grid::Grid::build(testing::random_map(random, side, side, 0.1), grid::TerrainTable::benchmark())),
          queries(random_queries(random, side, 30)) {}
    /// A solver of `algorithm` for the map, on the heap so that a test can end its life early.
    [[nodiscard]] std::unique_ptr<Expected<Solver>> solver(Algorithm algorithm) const {
        return std::make_unique<Expected<Solver>>(Solver::create(*grid, SearchSettings{.algorithm = algorithm}));
    }
    /// Prepares the three contexts; the first context's node arrays.
    best_first::NodeArrays prepare(const Solver& solver) {
        solver.prepare(first);
        solver.prepare(second);
        by_size.prepare(grid->padded_cell_count());
        return first.state().jump_nodes().start();
    }
    /// Every query answered alike from the three contexts (expect_contexts_answer_alike).
    void answer_alike(const Solver& solver) {
        expected = expect_contexts_answer_alike(solver, first, second, by_size, queries);
    }
    /// The first context, once the solver that lent it pages is gone, answers as before with a new
    /// online JPS solver: the pages it took are its own.
    void expect_first_answers_on_its_own() {
        Expected<Solver> online = Solver::create(*grid, SearchSettings{.algorithm = Algorithm::jps});
        ASSERT_TRUE(online);
        for (std::size_t query_index = 0; query_index < queries.size(); ++query_index) {
            const Result result = online->solve(first, queries[query_index]);
            EXPECT_EQ(result.status, expected[query_index].status);
            EXPECT_EQ(result.cost_units, expected[query_index].cost_units);
        }
    }
    std::mt19937_64 random;
    Expected<grid::Grid> grid;
    std::vector<Query> queries;
    SearchContext first;
    SearchContext second;
    SearchContext by_size;
    std::vector<Result> expected;
};

// The first context prepared for a JPS+ solver on a large map takes the room its table set aside,
// right before (the index) and right after (the nodes) the distances in the table's own mapping; a
// second context makes its own, and so does
// a context prepared by size alone. All three answer alike, and the first keeps answering from its
// lent pages after the table that lent them is gone (each part of the mapping is given back on its
// own). A table copied for editing lends room of its own.
TEST(SearchContextTest, JumpPlusSolverLendsItsFirstContextTheRoomAroundItsTable) {
    LendingCase lending(23, 600);
    ASSERT_TRUE(lending.grid);
    {
        const auto solver = lending.solver(Algorithm::jps_plus);
        ASSERT_TRUE(*solver);
        const JumpPointTable* table = (**solver).jump_table();
        ASSERT_NE(table, nullptr);
        const std::uint32_t cells = lending.grid->padded_cell_count();
        const auto* distances = reinterpret_cast<const unsigned char*>(&table->distances(0));
        const auto* distances_end = distances + std::size_t{cells} * JumpPointTable::bytes_per_cell();
        const best_first::NodeArrays lent = lending.prepare(**solver);
        const auto* index_end = reinterpret_cast<const unsigned char*>(lent.index + cells);
        const auto* nodes = reinterpret_cast<const unsigned char*>(lent.nodes);
        EXPECT_LE(index_end, distances);
        EXPECT_GT(index_end + 4096, distances);
        EXPECT_GE(nodes, distances_end);
        EXPECT_LT(nodes, distances_end + 4096);
        EXPECT_NE(lending.second.state().jump_nodes().start().index, lent.index);
        EXPECT_EQ(table->search_pages().take().first.data, nullptr);  // lent once
        const JumpPointTable copy(*table);
        const core::LentPages::Blocks copy_room = copy.search_pages().take();
        EXPECT_NE(copy_room.first.data, nullptr);
        EXPECT_GE(copy_room.first.mapped_bytes, best_first::NodeTable::index_room_bytes(cells));
        EXPECT_GE(copy_room.second.mapped_bytes, best_first::NodeTable::node_room_bytes(cells));
        core::release_pages(copy_room.first);
        core::release_pages(copy_room.second);
        lending.answer_alike(**solver);
    }
    lending.expect_first_answers_on_its_own();  // the table and its solver are gone
}

// Online JPS's lines lend room as a JPS+ table does, where the room adds no 2 MB page to the lines'
// own: on a 512×512 map the first context's index ends in the page where the row lines start and its
// nodes start in the page where the lines end; a second context makes its own. The room is lent
// once, a copy of the lines (a map edit's) lends none, and every context answers alike, the first
// also after the lines that lent its pages are gone. A 700×700 map's lines lend nothing (the index,
// 1.9 MB, would span a page more than the lines), nor does a small map's.
TEST(SearchContextTest, JumpSolverLendsItsFirstContextTheRoomAroundItsLines) {
    constexpr std::uintptr_t kPage = core::kHugePageBytes;
    LendingCase lending(29, 512);
    ASSERT_TRUE(lending.grid);
    {
        const auto solver = lending.solver(Algorithm::jps);
        ASSERT_TRUE(*solver);
        const JumpPointGrid* lines = (**solver).jump_grid();
        ASSERT_NE(lines, nullptr);
        const std::uint32_t cells = lending.grid->padded_cell_count();
        const auto lines_begin = reinterpret_cast<std::uintptr_t>(lines->rows().bits.line_words(-1, 0));
        const auto columns_end = reinterpret_cast<std::uintptr_t>(
            lines->columns().bits.line_words(static_cast<std::int64_t>(lending.grid->width()), 0) +
            5 * lines->columns().bits.words_per_line());
        const best_first::NodeArrays lent = lending.prepare(**solver);
        const auto index_end = reinterpret_cast<std::uintptr_t>(lent.index + cells);
        const auto nodes = reinterpret_cast<std::uintptr_t>(lent.nodes);
        EXPECT_LE(index_end, lines_begin);
        EXPECT_EQ((index_end - 1) / kPage, lines_begin / kPage);
        EXPECT_GE(nodes, columns_end);
        EXPECT_EQ(nodes / kPage, (columns_end - 1) / kPage);
        EXPECT_NE(lending.second.state().jump_nodes().start().index, lent.index);
        EXPECT_EQ(lines->search_pages().take().first.data, nullptr);  // lent once
        const JumpPointGrid copy(*lines);
        EXPECT_TRUE(copy.same_lines(*lines));
        EXPECT_EQ(copy.search_pages().take().first.data, nullptr);
        lending.answer_alike(**solver);
    }
    lending.expect_first_answers_on_its_own();  // the lines and their solver are gone
    for (const std::uint32_t side : {700U, 100U}) {
        Expected<grid::Grid> other =
            grid::Grid::build(testing::random_map(lending.random, side, side, 0.1), grid::TerrainTable::benchmark());
        ASSERT_TRUE(other);
        const JumpPointGrid other_lines(*other);
        EXPECT_EQ(other_lines.search_pages().take().first.data, nullptr) << side;
    }
}

}  // namespace
}  // namespace swarmpath::search

// core::warm_code reads only the loaded executable segment that holds its function: windows reaching
// far past both ends of this test's own code and of the C library's are cut to the segment (a read
// beyond it could fault and end the test), and an address in no executable segment (a stack
// variable) or no address at all reads nothing.
TEST(CodeWarmingTest, ReadsOnlyTheSegmentThatHoldsItsFunction) {
    int on_stack = 0;
    auto* own = +[](int value) { return value + 1; };
    for (const std::size_t window : {std::size_t{1} << 30, std::numeric_limits<std::size_t>::max()}) {
        swarmpath::core::warm_code(nullptr, window, window);
        swarmpath::core::warm_code(&on_stack, window, window);
        swarmpath::core::warm_code(reinterpret_cast<const void*>(&::getpid), window, window);
        swarmpath::core::warm_code(reinterpret_cast<const void*>(own), window, window);
    }
    swarmpath::core::warm_code(reinterpret_cast<const void*>(own), 0, 0);
    EXPECT_EQ(own(on_stack), 1);
}

// Jump point search reserves its node array for one 24-byte node per cell and writes only the nodes
// its searches generate; under the kernel's default overcommit heuristic a mapping larger than
// memory and swap together is refused unless it asks for no reservation (MAP_NORESERVE), which
// would make JPS fail on a very large map a machine could search. Twice memory and swap here.
TEST(PageMemoryTest, ReservationLargerThanMemoryAndSwapIsGranted) {
#if defined(SWARMPATH_TEST_SANITIZED)
    GTEST_SKIP() << "sanitizers keep shadow memory for mappings; this asks for twice the machine's memory";
#else
    if (!heuristic_overcommit()) GTEST_SKIP() << "overcommit policy is not the heuristic one";
    rlimit address_space{};
    if (::getrlimit(RLIMIT_AS, &address_space) != 0 || address_space.rlim_cur != RLIM_INFINITY) {
        GTEST_SKIP() << "an address space limit is set";
    }
    const std::size_t memory = memory_and_swap_bytes();
    ASSERT_NE(memory, 0U);
    const std::size_t bytes = 2 * memory;
    for (const bool huge_pages : {false, true}) {  // a node array alone, or behind a large map's index
        swarmpath::core::PageBlock block;
        ASSERT_NO_THROW(block = swarmpath::core::reserve_zeroed_pages(bytes, huge_pages)) << bytes << " bytes";
        ASSERT_NE(block.data, nullptr);
        if (huge_pages) {
            EXPECT_EQ(reinterpret_cast<std::uintptr_t>(block.data) % swarmpath::core::kHugePageBytes, 0U);
        }
        auto* first = static_cast<unsigned char*>(block.data);
        first[0] = 1;
        first[bytes - 1] = 2;  // the last page, faulted in alone
        EXPECT_EQ(first[0] + first[bytes - 1], 3);
        EXPECT_EQ(first[bytes / 2], 0);
        swarmpath::core::release_pages(block);
    }
#endif
}

// Zeroed blocks are fresh mappings from 64 KB (on a 2 MB boundary from 256 KB, where huge pages are
// asked for), calloc'ed below; where the host says its heap is on 2 MB pages
// (use_heap_for_small_blocks), from the heap below 256 KB. Reservations, which promise no page touched
// until written, are mapped from 64 KB either way, and the path oracle's page allocator too (its
// deallocate knows no other rule). Each block is all zero, even where the heap recycles one this test
// had written. A small map's node table follows the same rule.
TEST(PageMemoryTest, SmallBlocksComeFromTheHeapOnlyWhereTheHostSaysSo) {
    namespace core = swarmpath::core;
    struct Restore {
        ~Restore() { core::use_heap_for_small_blocks(false); }
    } restore;
    for (const bool heap : {false, true, false, true}) {
        core::use_heap_for_small_blocks(heap);
        for (const std::size_t bytes : {std::size_t{4096}, std::size_t{100} << 10, core::kHugePagesFrom - 64,
                                        core::kHugePagesFrom, std::size_t{3} << 20}) {
            for (const bool reserved : {false, true}) {
                const core::PageBlock block =
                    reserved ? core::reserve_zeroed_pages(bytes, true) : core::allocate_zeroed_pages(bytes);
                ASSERT_NE(block.data, nullptr);
#ifdef SWARMPATH_PAGE_MEMORY_MMAP
                const std::size_t mapped_from = heap && !reserved ? core::kHugePagesFrom : core::kMappedFrom;
                EXPECT_EQ(block.mapped_bytes != 0, bytes >= mapped_from)
                    << bytes << (reserved ? " reserved" : " allocated") << (heap ? ", heap on 2 MB pages" : "");
                if (bytes >= core::kHugePagesFrom) {
                    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(block.data) % core::kHugePageBytes, 0U);
                }
#endif
                auto* first = static_cast<unsigned char*>(block.data);
                EXPECT_TRUE(std::all_of(first, first + bytes, [](unsigned char byte) { return byte == 0; })) << bytes;
                std::fill(first, first + bytes, static_cast<unsigned char>(0xA5));
                core::release_pages(block);
            }
        }
        std::vector<std::uint32_t, core::PageAllocator<std::uint32_t>> table(std::size_t{100} << 8, 7U);
        EXPECT_EQ(table.back(), 7U);  // 100 KB: mapped whatever the heap, and given back as such
        // Sized without a value: zero, as allocated (nothing written), here and after growing past it.
        std::vector<std::uint32_t, core::PageAllocator<std::uint32_t>> zeros(std::size_t{100} << 8);
        zeros.resize(std::size_t{300} << 8);
        EXPECT_TRUE(std::all_of(zeros.begin(), zeros.end(), [](std::uint32_t value) { return value == 0; }));
        swarmpath::search::best_first::NodeTable nodes;
        nodes.prepare(5000);
        const swarmpath::search::best_first::NodeArrays arrays = nodes.start();
        EXPECT_TRUE(std::all_of(arrays.index, arrays.index + 5000, [](std::uint32_t entry) { return entry == 0; }));
        // On the heap the nodes follow no page of the index; in a reservation they start right after it.
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(arrays.nodes) ==
                      reinterpret_cast<std::uintptr_t>(arrays.index) +
                          swarmpath::search::best_first::NodeTable::index_page_bytes(5000),
                  !heap);
    }
}

// A block with room before and after it: all zeroed, in one mapping on a 2 MB boundary, the block
// from the first 4 KB boundary after the room in front, the room behind from the first after the
// block; each is given back on its own, the others staying usable. Blocks too small for huge pages
// come without rooms.
TEST(PageMemoryTest, BlockWithRoomBeforeAndAfterIt) {
    constexpr std::size_t kBefore = (std::size_t{1} << 20) + 10;
    constexpr std::size_t kBytes = (std::size_t{4} << 20) + 100;
    constexpr std::size_t kAfter = std::size_t{3} << 20;
    const swarmpath::core::BlockBetween blocks =
        swarmpath::core::allocate_zeroed_pages_between(kBefore, kBytes, kAfter);
    ASSERT_NE(blocks.before.data, nullptr);
    ASSERT_NE(blocks.block.data, nullptr);
    ASSERT_NE(blocks.after.data, nullptr);
    const auto start = reinterpret_cast<std::uintptr_t>(blocks.before.data);
    EXPECT_EQ(start % swarmpath::core::kHugePageBytes, 0U);
    EXPECT_EQ(blocks.before.mapped_bytes, (kBefore + 4095) / 4096 * 4096);
    const auto block_start = reinterpret_cast<std::uintptr_t>(blocks.block.data);
    EXPECT_EQ(block_start, start + blocks.before.mapped_bytes);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(blocks.after.data), block_start + (kBytes + 4095) / 4096 * 4096);
    EXPECT_GE(blocks.after.mapped_bytes, kAfter);
    auto* before = static_cast<unsigned char*>(blocks.before.data);
    auto* block = static_cast<unsigned char*>(blocks.block.data);
    auto* after = static_cast<unsigned char*>(blocks.after.data);
    EXPECT_EQ(before[kBefore - 1] + block[0] + block[kBytes - 1] + after[0] + after[kAfter - 1], 0);
    block[kBytes - 1] = 1;
    after[0] = 2;
    before[0] = 3;
    swarmpath::core::release_pages(blocks.block);
    after[kAfter - 1] = 4;
    before[kBefore - 1] = 5;
    EXPECT_EQ(after[0] + after[kAfter - 1] + before[0] + before[kBefore - 1], 14);
    swarmpath::core::release_pages(blocks.before);
    swarmpath::core::release_pages(blocks.after);

    const swarmpath::core::BlockBetween small =
        swarmpath::core::allocate_zeroed_pages_between(kBefore, swarmpath::core::kHugePagesFrom - 1, kAfter);
    EXPECT_NE(small.block.data, nullptr);
    EXPECT_EQ(small.before.data, nullptr);
    EXPECT_EQ(small.after.data, nullptr);
    swarmpath::core::release_pages(small.block);
}

// What one core::LentPages lends goes to the first of several threads asking at once, to no other.
TEST(PageMemoryTest, LentPagesGoToOneTakerOnly) {
    for (int round = 0; round < 20; ++round) {
        const swarmpath::core::LentPages lender(swarmpath::core::reserve_zeroed_pages(std::size_t{1} << 20),
                                                swarmpath::core::reserve_zeroed_pages(std::size_t{1} << 20));
        std::array<swarmpath::core::LentPages::Blocks, 4> taken{};
        std::vector<std::thread> threads;
        for (std::size_t thread = 0; thread < taken.size(); ++thread) {
            threads.emplace_back([&, thread] { taken[thread] = lender.take(); });
        }
        for (std::thread& thread : threads) thread.join();
        const auto holders = std::count_if(taken.begin(), taken.end(), [](const auto& blocks) {
            return blocks.first.data != nullptr && blocks.second.data != nullptr;
        });
        const auto empty = std::count_if(taken.begin(), taken.end(), [](const auto& blocks) {
            return blocks.first.data == nullptr && blocks.second.data == nullptr;
        });
        EXPECT_EQ(holders, 1);
        EXPECT_EQ(empty, 3);
        for (const auto& blocks : taken) {
            swarmpath::core::release_pages(blocks.first);
            swarmpath::core::release_pages(blocks.second);
        }
    }
}
