// `swarmpath generate crowd` through the real executable: without the new options it writes what it
// wrote before agent sizes existed; with --agent-sizes and --classes-file it writes `size=` and
// `class=` columns in the documented order, every start and goal block is open for its agent, and
// every optimal length equals a Dijkstra written here from the definition in docs/formats.md
// (positions checked block by block, cell by cell); the options' refusals name what is wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <string>
#include <utility>
#include <vector>

#include "random_maps.hpp"
#include "run_command.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/movement_classes_file.hpp"
#include "swarmpath/io/scenario_file.hpp"

namespace swarmpath::testing {
namespace {

constexpr double kRootTwo = 1.414213562;  // the benchmark's diagonal, as generated lengths use it

/// Whether an agent of `size` and class `terrain` may stand at (x, y): every cell of its block on the
/// map, passable, and on the layer of the block's first cell (`layer` is set to it).
bool block_open(const io::MapFile& map, const grid::TerrainTable& terrain, std::uint32_t size, std::int64_t x,
                std::int64_t y, int& layer) {
    if (x < 0 || y < 0 || x + size > map.width || y + size > map.height) return false;
    layer = -1;
    for (std::int64_t row = y; row < y + size; ++row) {
        for (std::int64_t column = x; column < x + size; ++column) {
            const grid::TerrainRule& rule =
                terrain.rule(map.letters[static_cast<std::size_t>(row * map.width + column)]);
            if (!rule.defined || !rule.passable) return false;
            if (layer == -1) layer = rule.layer;
            if (rule.layer != layer) return false;
        }
    }
    return true;
}

/// The dearest terrain cost among the cells of the block at (x, y).
double block_cost(const io::MapFile& map, const grid::TerrainTable& terrain, std::uint32_t size, std::int64_t x,
                  std::int64_t y) {
    double dearest = 0;
    for (std::int64_t row = y; row < y + size; ++row) {
        for (std::int64_t column = x; column < x + size; ++column) {
            dearest =
                std::max(dearest, terrain.rule(map.letters[static_cast<std::size_t>(row * map.width + column)]).cost);
        }
    }
    return dearest;
}

/// Cheapest cost from (start_x, start_y) to (goal_x, goal_y) for a block agent under the default
/// diagonal rule (a diagonal step needs both side positions open on the same layer); -1 when none.
double sized_shortest(const io::MapFile& map, const grid::TerrainTable& terrain, std::uint32_t size,
                      std::int64_t start_x, std::int64_t start_y, std::int64_t goal_x, std::int64_t goal_y) {
    std::vector<double> cost(map.letters.size(), std::numeric_limits<double>::infinity());
    using Item = std::pair<double, std::int64_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    const std::int64_t width = map.width;
    cost[static_cast<std::size_t>(start_y * width + start_x)] = 0;
    queue.push({0.0, start_y * width + start_x});
    while (!queue.empty()) {
        const auto [so_far, cell] = queue.top();
        queue.pop();
        if (so_far > cost[static_cast<std::size_t>(cell)]) continue;
        const std::int64_t x = cell % width;
        const std::int64_t y = cell / width;
        if (x == goal_x && y == goal_y) return so_far;
        int here = 0;
        block_open(map, terrain, size, x, y, here);
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                if (dx == 0 && dy == 0) continue;
                int layer = 0;
                auto open_here = [&](std::int64_t column, std::int64_t row) {
                    return block_open(map, terrain, size, column, row, layer) && layer == here;
                };
                if (!open_here(x + dx, y + dy)) continue;
                if (dx != 0 && dy != 0 && !(open_here(x + dx, y) && open_here(x, y + dy))) continue;
                const double step =
                    (dx != 0 && dy != 0 ? kRootTwo : 1.0) * block_cost(map, terrain, size, x + dx, y + dy);
                const std::int64_t next = (y + dy) * width + x + dx;
                if (so_far + step < cost[static_cast<std::size_t>(next)]) {
                    cost[static_cast<std::size_t>(next)] = so_far + step;
                    queue.push({so_far + step, next});
                }
            }
        }
    }
    return -1;
}

const char* const kBattleground[] = {
    "........................", "........................", "....@@@@@@@@.@@@@@......", "....@.........WWW@......",
    "....@..SSSS...WWW@......", "....@..SSSS...WWW.......", "....@@@@..@@@@@@@@......", "........................",
    "..GGGG.......T..........", "..GGGG..................", ".........@@@@@@@@@@@....", ".........@..........@...",
    ".........@..WWWW....@...", "........................",
};

std::string battleground_map() {
    std::string text = "type octile\nheight 14\nwidth 24\nmap\n";
    for (const char* row : kBattleground) text += std::string(row) + "\n";
    return text;
}

constexpr const char* kClasses =
    "version 1\n"
    "class ground            # the benchmark table: water is its own layer\n"
    "class hover: W=1, S=2   # crosses water, slowed by swamp\n"
    "class heavy\n"
    "  S = inf, G = 3\n";

/// A scratch folder holding battle.map and units.classes.
std::string battle_folder(const std::string& name) {
    const std::string folder = scratch_folder(name);
    write_text(folder + "/battle.map", battleground_map());
    write_text(folder + "/units.classes", kClasses);
    return folder;
}

TEST(GenerateCrowdCommand, WithoutAgentOptionsTheOutputIsWhatItWasBefore) {
    // Written by the generator before agent sizes and classes existed, same map, options and seed.
    const std::string folder = scratch_folder("generate-crowd-unchanged");
    write_text(folder + "/small.map",
               "type octile\nheight 6\nwidth 10\nmap\n....@.....\n.WW.@..T..\n.WW....T..\n"
               "....@@....\n.S..@.....\n....@..GG.\n");
    const std::string expected =
        "version 1\n0\tsmall.map\t10\t6\t7\t4\t7\t4\t0.00000000\n0\tsmall.map\t10\t6\t0\t2\t1\t0\t3.00000000\n"
        "1\tsmall.map\t10\t6\t0\t2\t3\t2\t5.00000000\n2\tsmall.map\t10\t6\t0\t3\t7\t4\t9.41421356\n"
        "2\tsmall.map\t10\t6\t6\t5\t1\t0\t10.00000000\n1\tsmall.map\t10\t6\t8\t4\t3\t2\t6.41421356\n"
        "1\tsmall.map\t10\t6\t3\t2\t7\t4\t5.41421356\n0\tsmall.map\t10\t6\t0\t1\t1\t0\t2.00000000\n"
        "1\tsmall.map\t10\t6\t6\t0\t3\t2\t4.41421356\n2\tsmall.map\t10\t6\t0\t5\t7\t4\t10.24264069\n"
        "2\tsmall.map\t10\t6\t9\t4\t1\t0\t11.41421356\n1\tsmall.map\t10\t6\t0\t5\t3\t2\t4.82842712\n";
    CommandOutcome crowd = run_swarmpath("generate crowd " + folder + "/small.map --agents 12 --goals 3 --seed 5 -o " +
                                         folder + "/small.map.scen");
    ASSERT_EQ(crowd.exit_code, 0) << crowd.standard_error;
    EXPECT_EQ(read_text(folder + "/small.map.scen"), expected);
}

TEST(GenerateCrowdCommand, MixedSizesAndClassesAreLegalAndOptimal) {
    const std::string folder = battle_folder("generate-crowd-mixed");
    const std::size_t goals = 2;
    const std::vector<std::uint32_t> sizes = {1, 2, 3};
    const std::vector<std::string> class_names = {"ground", "hover", "heavy"};
    auto generate = [&](const std::string& output) {
        return run_swarmpath("generate crowd " + folder + "/battle.map --agents 72 --goals 2 --seed 3 " +
                             "--agent-sizes 1,2,3 --classes-file " + folder + "/units.classes -o " + folder + "/" +
                             output);
    };
    CommandOutcome crowd = generate("battle.map.scen");
    ASSERT_EQ(crowd.exit_code, 0) << crowd.standard_error;
    EXPECT_NE(crowd.standard_error.find("9 kinds of agent"), std::string::npos) << crowd.standard_error;
    Expected<io::MapFile> map = io::read_map_file(folder + "/battle.map");
    ASSERT_TRUE(map) << map.error().describe();
    Expected<io::MovementClasses> classes = io::read_movement_classes_file(folder + "/units.classes");
    ASSERT_TRUE(classes) << classes.error().describe();
    Expected<io::ScenarioFile> scenario = io::read_scenario_file(folder + "/battle.map.scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    ASSERT_EQ(scenario->rows.size(), 72U);
    const std::string text = read_text(folder + "/battle.map.scen");
    std::size_t differs_from_one_cell_ground = 0;
    for (std::size_t agent = 0; agent < scenario->rows.size(); ++agent) {
        const io::ScenarioRow& row = scenario->rows[agent];
        const std::uint32_t size = sizes[(agent / goals) % sizes.size()];
        const std::string& class_name = class_names[(agent / (goals * sizes.size())) % class_names.size()];
        EXPECT_EQ(row.agent_size, size) << "line " << row.line;
        EXPECT_EQ(row.agent_class, class_name) << "line " << row.line;
        const io::ScenarioRow& first_of_goal = scenario->rows[agent % goals];
        EXPECT_TRUE(row.goal_x == first_of_goal.goal_x && row.goal_y == first_of_goal.goal_y) << "line " << row.line;
        const grid::TerrainTable& terrain = classes->find(row.agent_class)->terrain;
        int start_layer = 0;
        int goal_layer = 0;
        ASSERT_TRUE(block_open(*map, terrain, size, row.start_x, row.start_y, start_layer)) << "line " << row.line;
        ASSERT_TRUE(block_open(*map, terrain, size, row.goal_x, row.goal_y, goal_layer)) << "line " << row.line;
        const double expected = sized_shortest(*map, terrain, size, row.start_x, row.start_y, row.goal_x, row.goal_y);
        ASSERT_GE(expected, 0) << "line " << row.line << ": the goal is not reachable";
        EXPECT_TRUE(io::length_matches(row.optimal_length, expected))
            << "line " << row.line << ": " << row.optimal_length << " against " << expected;
        const double one_cell_ground =
            sized_shortest(*map, grid::TerrainTable::benchmark(), 1, row.start_x, row.start_y, row.goal_x, row.goal_y);
        if (!io::length_matches(one_cell_ground, expected)) ++differs_from_one_cell_ground;
    }
    // The map makes sizes and classes matter: a test where they never changed a length would be empty.
    EXPECT_GE(differs_from_one_cell_ground, 10U);
    EXPECT_NE(text.find("\tsize=3\tclass=heavy\n"), std::string::npos);
    EXPECT_NE(text.find("\tsize=1\tclass=ground\n"), std::string::npos);
    // The same options give the same file.
    CommandOutcome again = generate("again.map.scen");
    ASSERT_EQ(again.exit_code, 0) << again.standard_error;
    EXPECT_EQ(read_text(folder + "/again.map.scen"), text);
}

TEST(GenerateCrowdCommand, SizesAloneWriteOnlySizeAndAChosenClassSubset) {
    const std::string folder = battle_folder("generate-crowd-subsets");
    CommandOutcome sized = run_swarmpath("generate crowd " + folder + "/battle.map --agents 8 --goals 2 " +
                                         "--agent-sizes 2 -o " + folder + "/sized.map.scen");
    ASSERT_EQ(sized.exit_code, 0) << sized.standard_error;
    Expected<io::ScenarioFile> sized_rows = io::read_scenario_file(folder + "/sized.map.scen");
    ASSERT_TRUE(sized_rows) << sized_rows.error().describe();
    for (const io::ScenarioRow& row : sized_rows->rows) {
        EXPECT_EQ(row.agent_size, 2U);
        EXPECT_EQ(row.agent_class, "");
    }
    EXPECT_EQ(read_text(folder + "/sized.map.scen").find("class="), std::string::npos);
    CommandOutcome chosen =
        run_swarmpath("generate crowd " + folder + "/battle.map --agents 8 --goals 2 --classes-file " + folder +
                      "/units.classes --agent-classes heavy,hover -o " + folder + "/chosen.map.scen");
    ASSERT_EQ(chosen.exit_code, 0) << chosen.standard_error;
    Expected<io::ScenarioFile> chosen_rows = io::read_scenario_file(folder + "/chosen.map.scen");
    ASSERT_TRUE(chosen_rows) << chosen_rows.error().describe();
    for (std::size_t agent = 0; agent < chosen_rows->rows.size(); ++agent) {
        EXPECT_EQ(chosen_rows->rows[agent].agent_size, 1U);
        EXPECT_EQ(chosen_rows->rows[agent].agent_class, (agent / 2) % 2 == 0 ? "heavy" : "hover");
    }
    EXPECT_EQ(read_text(folder + "/chosen.map.scen").find("size="), std::string::npos);
}

TEST(GenerateCrowdCommand, RefusesAgentOptionsThatCannotWork) {
    const std::string folder = battle_folder("generate-crowd-refusals");
    write_text(folder + "/bad.classes", "version 1\nclass a\nS=fast\n");
    write_text(folder + "/narrow.map", "type octile\nheight 3\nwidth 5\nmap\n.....\n@@@@@\n.....\n");
    // Ground's largest region is the swamp, heavy's (swamp blocked) the two columns of ground.
    write_text(folder + "/split.map", "type octile\nheight 2\nwidth 7\nmap\n..@SSSS\n..@SSSS\n");
    ASSERT_EQ(run_swarmpath("generate random --topology hex --width 12 --height 8 --seed 1 -o " + folder + "/hex.map")
                  .exit_code,
              0);
    struct Refusal {
        std::string options;
        std::string message;
    };
    const std::string classes = " --classes-file " + folder + "/units.classes";
    const std::vector<Refusal> refusals = {
        {"battle.map --agent-sizes 0", "--agent-sizes"},
        {"battle.map --agent-sizes 65", "--agent-sizes"},
        {"battle.map --agent-sizes 1,x", "--agent-sizes"},
        {"battle.map --agent-sizes 2,1,2", "--agent-sizes lists 2 twice"},
        {"battle.map --agent-classes hover", "--agent-classes needs --classes-file"},
        {"battle.map --agent-classes hovr" + classes, "did you mean hover?"},
        {"battle.map --agent-classes hover,hover" + classes, "lists 'hover' twice"},
        {"battle.map --classes-file " + folder + "/bad.classes", "bad.classes:3:1: terrain cost 'fast'"},
        {"battle.map --classes-file " + folder + "/absent.classes", "absent.classes"},
        {"hex.map --agent-sizes 1,2", "need square cells"},
        {"battle.map --agent-sizes 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22" + classes, "at most 64"},
        {"battle.map --goals 20000 --agents 20000 --agent-sizes 1,2,3,4,5,6", "one Dijkstra each"},
        {"narrow.map --agent-sizes 2", "no open position for agents of size 2"},
        {"split.map --classes-file " + folder + "/units.classes --agent-classes heavy,ground",
         "no position lies in the largest region of every agent size and class"},
    };
    for (const Refusal& refusal : refusals) {
        CommandOutcome outcome =
            run_swarmpath("generate crowd " + folder + "/" + refusal.options + " -o " + folder + "/out.map.scen");
        EXPECT_NE(outcome.exit_code, 0) << refusal.options;
        EXPECT_NE(outcome.standard_error.find(refusal.message), std::string::npos)
            << refusal.options << ": " << outcome.standard_error;
    }
    EXPECT_EQ(read_text(folder + "/out.map.scen"), "");
}

}  // namespace
}  // namespace swarmpath::testing
