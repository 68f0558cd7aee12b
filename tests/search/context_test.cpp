// Per-worker search context tests: reuse across many queries and across grids of different sizes,
// the generation wrap-around, which is the only time the stamps are cleared in full, a prepared
// context holding all a small search needs before its first query, jump point search leaving the
// parent directions' block untouched, the reading of a new solver's code (core::warm_code)
// staying inside the segment that holds it, and the node array's reservation (address space
// for one node per cell) never refused for being larger than the machine's memory.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <limits>
#include <random>
#include <vector>

#include "core/code_warming.hpp"
#include "core/page_memory.hpp"
#include "random_maps.hpp"
#include "search/best_first/search_state.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/solver.hpp"

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
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SWARMPATH_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SWARMPATH_TEST_SANITIZED 1
#endif
#endif

TEST(PageMemoryTest, ReservationLargerThanMemoryAndSwapIsGranted) {
#if defined(SWARMPATH_TEST_SANITIZED)
    GTEST_SKIP() << "sanitizers keep shadow memory for mappings; this asks for twice the machine's memory";
#else
    std::ifstream policy("/proc/sys/vm/overcommit_memory");
    int overcommit = -1;
    if (!(policy >> overcommit) || overcommit != 0) GTEST_SKIP() << "overcommit policy is not the heuristic one";
    rlimit address_space{};
    if (::getrlimit(RLIMIT_AS, &address_space) != 0 || address_space.rlim_cur != RLIM_INFINITY) {
        GTEST_SKIP() << "an address space limit is set";
    }
    struct sysinfo machine {};
    ASSERT_EQ(::sysinfo(&machine), 0);
    const std::size_t memory = (std::size_t{machine.totalram} + machine.totalswap) * machine.mem_unit;
    const std::size_t bytes = 2 * memory;
    swarmpath::core::PageBlock block;
    ASSERT_NO_THROW(block = swarmpath::core::reserve_zeroed_pages(bytes)) << bytes << " bytes";
    ASSERT_NE(block.data, nullptr);
    auto* first = static_cast<unsigned char*>(block.data);
    first[0] = 1;
    first[bytes - 1] = 2;  // the last page, faulted in alone
    EXPECT_EQ(first[0] + first[bytes - 1], 3);
    EXPECT_EQ(first[bytes / 2], 0);
    swarmpath::core::release_pages(block);
#endif
}
