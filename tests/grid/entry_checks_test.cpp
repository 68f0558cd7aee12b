// The library guards its own doors: public constructors and entry points called
// with hostile values from a caller (not the parser) return an Error or a documented answer and
// never read out of bounds. Under AddressSanitizer each of these read past a buffer (or allocated
// a grid the parser would refuse) before the checks were added. Assumes nothing beyond the engine.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::grid {
namespace {

MapLetters map_of(std::uint32_t width, std::uint32_t height, std::string letters, std::string type = "octile") {
    MapLetters map;
    map.path = "caller.map";
    map.type = std::move(type);
    map.width = width;
    map.height = height;
    map.letters = std::move(letters);
    return map;
}

void expect_refused(const MapLetters& map, const std::string& expected) {
    Expected<Grid> grid = Grid::build(map, TerrainTable::benchmark());
    ASSERT_FALSE(grid) << map.width << " x " << map.height;
    EXPECT_EQ(grid.error().file, "caller.map");
    EXPECT_NE(grid.error().message.find(expected), std::string::npos) << grid.error().message;
}

TEST(EntryChecksTest, BuildRefusesLettersThatDoNotFillTheMap) {
    expect_refused(map_of(4, 3, "...."), "holds 4 letters (expected width x height = 12)");
    expect_refused(map_of(4, 3, ""), "holds 0 letters");
    expect_refused(map_of(4, 3, std::string(13, '.')), "holds 13 letters");
    expect_refused(map_of(1000, 1000, "."), "holds 1 letters");
}

TEST(EntryChecksTest, BuildRefusesEmptyAndOversizedSides) {
    expect_refused(map_of(0, 3, ""), "has an empty side");
    expect_refused(map_of(3, 0, ""), "has an empty side");
    expect_refused(map_of(0, 0, ""), "has an empty side");
    EXPECT_FALSE(Grid::build(MapLetters{}, TerrainTable::benchmark()));
    expect_refused(map_of(70000, 1, std::string(70000, '.')), "has a side above the maximum of 32768");
    expect_refused(map_of(1, kMaximumSide + 1, std::string(kMaximumSide + 1, '.')), "side above the maximum");
    // Both sides allowed, the product not: refused before the letters are even looked at.
    expect_refused(map_of(16384, 16385, ""), "exceeds the maximum of 268435456 cells");
    expect_refused(map_of(kMaximumSide, kMaximumSide, ""), "exceeds the maximum");
}

TEST(EntryChecksTest, BuildKnowsTheThreeTopologiesAndRefusesOtherTypes) {
    expect_refused(map_of(2, 1, "..", "hexagon"), "map type 'hexagon' is not supported (octile, hex or triangle)");
    Expected<Grid> hex = Grid::build(map_of(2, 1, "..", "hex"), TerrainTable::benchmark());
    ASSERT_TRUE(hex);
    EXPECT_EQ(hex->topology(), Topology::hex);
    Expected<Grid> triangle = Grid::build(map_of(2, 1, "..", "triangle"), TerrainTable::benchmark());
    ASSERT_TRUE(triangle);
    EXPECT_EQ(triangle->topology(), Topology::triangle);
    Expected<Grid> octile = Grid::build(map_of(2, 1, "..", "octile"), TerrainTable::benchmark());
    ASSERT_TRUE(octile);
    EXPECT_EQ(octile->topology(), Topology::square);
    EXPECT_TRUE(Grid::build(map_of(2, 1, "..", ""), TerrainTable::benchmark()));  // built in code
    EXPECT_TRUE(Grid::build(map_of(kMaximumSide, 1, std::string(kMaximumSide, '.')), TerrainTable::benchmark()));
}

TEST(EntryChecksTest, SolverRefusesAnEmptyGrid) {
    const Grid empty;
    Expected<search::Solver> solver =
        search::Solver::create(empty, search::SearchSettings{.algorithm = search::Algorithm::astar});
    ASSERT_FALSE(solver);
    EXPECT_NE(solver.error().message.find("the grid is empty"), std::string::npos);
    search::SearchSettings crowd_settings;
    crowd_settings.algorithm = search::Algorithm::flowfield;
    EXPECT_FALSE(batch::CrowdSolver::create(empty, crowd_settings));
}

class EntryChecksOnAGrid : public ::testing::Test {
protected:
    void SetUp() override {
        Expected<Grid> built = Grid::build(map_of(4, 3, "....\n.@..\n....", ""), TerrainTable::benchmark());
        ASSERT_FALSE(built);  // the newlines are not letters: 14 letters for 12 cells
        built = Grid::build(map_of(4, 3, ".....@......"), TerrainTable::benchmark());
        ASSERT_TRUE(built) << built.error().describe();
        grid_ = std::move(*built);
    }
    Grid grid_;
};

TEST_F(EntryChecksOnAGrid, GoalFieldIgnoresTargetsOffTheMapAndAnswersOffMapStarts) {
    search::FieldWorkspace workspace;
    const std::vector<CellIndex> targets = {CellIndex{3}, CellIndex{12}, CellIndex{4000000000U}};
    const search::GoalField field = search::GoalField::compute(
        grid_, search::Moves::eight, search::DiagonalRule::both_free, 0, 0, targets, false, workspace);
    EXPECT_TRUE(field.settled(3, 0));
    search::Result result;
    result.status = search::QueryStatus::found;
    EXPECT_TRUE(field.read_path(grid_, 4, 0, true, result));
    EXPECT_EQ(result.status, search::QueryStatus::invalid);
    result.status = search::QueryStatus::found;
    EXPECT_TRUE(field.read_path(grid_, 0, 4000000000U, true, result));
    EXPECT_EQ(result.status, search::QueryStatus::invalid);
    EXPECT_TRUE(field.read_path(grid_, 3, 0, true, result));
    EXPECT_EQ(result.status, search::QueryStatus::found);
    EXPECT_FALSE(field.affected_by_change(4, 0));
    EXPECT_FALSE(field.affected_by_change(0, 4000000000U));
    EXPECT_TRUE(field.affected_by_change(1, 0));
    // A field read on a grid of another size declines instead of reading past its arrays.
    Expected<Grid> larger = Grid::build(map_of(8, 8, std::string(64, '.')), TerrainTable::benchmark());
    ASSERT_TRUE(larger);
    EXPECT_FALSE(field.read_path(*larger, 7, 7, true, result));
    // A goal off the map gives an empty, complete field.
    const search::GoalField off = search::GoalField::compute(
        grid_, search::Moves::eight, search::DiagonalRule::both_free, 9, 9, {}, true, workspace);
    EXPECT_TRUE(off.complete());
    EXPECT_FALSE(off.settled(0, 0));
    const search::GoalField never_computed;
    EXPECT_FALSE(never_computed.affected_by_change(0, 0));
}

TEST_F(EntryChecksOnAGrid, ComponentsRefreshWithCellsOffTheMapRelabelsSafely) {
    search::Components components =
        search::Components::compute(grid_, search::Moves::eight, search::DiagonalRule::both_free);
    const std::vector<CellIndex> changed = {CellIndex{1}, CellIndex{12}, CellIndex{4000000000U}};
    components.refresh(grid_, search::Moves::eight, search::DiagonalRule::both_free, changed);
    const search::Components fresh =
        search::Components::compute(grid_, search::Moves::eight, search::DiagonalRule::both_free);
    EXPECT_EQ(components.connected(grid_.padded(0, 0), grid_.padded(3, 2)),
              fresh.connected(grid_.padded(0, 0), grid_.padded(3, 2)));
    // Labels of another grid size are replaced, not patched past their end.
    Expected<Grid> larger = Grid::build(map_of(8, 8, std::string(64, '.')), TerrainTable::benchmark());
    ASSERT_TRUE(larger);
    components.refresh(*larger, search::Moves::eight, search::DiagonalRule::both_free,
                       std::vector<CellIndex>{CellIndex{63}});
    EXPECT_TRUE(components.connected(larger->padded(0, 0), larger->padded(7, 7)));
}

TEST_F(EntryChecksOnAGrid, EditsOffTheMapAreRefused) {
    const std::vector<CellEdit> edits = {CellEdit{4, 0, '.', 1}, CellEdit{0, 4000000000U, '.', 2}};
    for (const CellEdit& edit : edits) {
        Expected<Grid> edited = grid_.with_edits(std::span(&edit, 1), TerrainTable::benchmark(), "e.txt");
        ASSERT_FALSE(edited);
        EXPECT_NE(edited.error().message.find("is off the 4 x 3 map"), std::string::npos);
    }
}

TEST_F(EntryChecksOnAGrid, BatchSolversRefuseResultBuffersOfTheWrongLength) {
    Expected<search::Solver> solver =
        search::Solver::create(grid_, search::SearchSettings{.algorithm = search::Algorithm::astar});
    ASSERT_TRUE(solver);
    const std::vector<search::Query> queries(5, search::Query{0, 0, 3, 2});
    std::vector<search::Result> results(2);
    batch::BatchSolver workers(1);
    Status status = workers.solve(*solver, queries, results);
    ASSERT_FALSE(status);
    EXPECT_NE(status.error().message.find("5 queries given 2 result slots"), std::string::npos);
    EXPECT_EQ(results[0].status, search::QueryStatus::invalid);  // untouched
    results.resize(5);
    EXPECT_TRUE(workers.solve(*solver, queries, results));
    EXPECT_EQ(results[4].status, search::QueryStatus::found);

    search::SearchSettings crowd_settings;
    crowd_settings.algorithm = search::Algorithm::flowfield;
    Expected<batch::CrowdSolver> crowd = batch::CrowdSolver::create(grid_, crowd_settings);
    ASSERT_TRUE(crowd) << crowd.error().describe();
    std::vector<search::Result> short_results(2);
    EXPECT_TRUE(crowd->solve(queries, short_results, workers).refused);
    EXPECT_FALSE(crowd->solve(queries, results, workers).refused);
}

TEST_F(EntryChecksOnAGrid, SolverAnswersEndpointsOffTheMapAsInvalid) {
    Expected<search::Solver> solver =
        search::Solver::create(grid_, search::SearchSettings{.algorithm = search::Algorithm::astar});
    ASSERT_TRUE(solver);
    search::SearchContext context;
    for (const search::Query query :
         {search::Query{-1, 0, 1, 1}, search::Query{0, 0, 4, 0}, search::Query{0, 0, 0, 3},
          search::Query{INT64_MAX, 0, 0, 0}, search::Query{0, INT64_MIN, 0, 0}, search::Query{0, 0, 4294967296LL, 0}}) {
        EXPECT_EQ(solver->solve(context, query).status, search::QueryStatus::invalid);
    }
}

}  // namespace
}  // namespace swarmpath::grid
