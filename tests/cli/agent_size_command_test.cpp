// `--agent-size` and `--class` through the real executable: `solve --agent-size 2` on a bundled map
// writes paths every step of which is legal for the 2 x 2 block and priced as the block reference
// (tests/support/block_reference.hpp) says, the same bytes at 1 and 2 threads, with the size in the
// table and the summary; `route` and `render` draw the block along the path, `field` and
// `precompute` take the option too (an oracle built for one size refuses another); a size of 0, an undeclared class
// and a size above 1 on a hex map are refused in the command line's words, naming the map.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "block_reference.hpp"
#include "random_maps.hpp"
#include "run_command.hpp"
#include "swarmpath/io/map_file.hpp"

namespace swarmpath::cli {
namespace {

using testing::read_text;
using testing::run_swarmpath;

std::string dataset(const std::string& relative) { return testing::dataset_folder() + "/" + relative; }

TEST(AgentSizeCommand, SolvedPathsAreLegalForTheBlockAndTheSameAtTwoThreads) {
    const std::string folder = testing::scratch_folder("agent-size-solve");
    const std::string scenario = dataset("dao/den312d.map.scen");
    std::string paths[2];
    for (int threads = 1; threads <= 2; ++threads) {
        const std::string prefix = folder + "/t" + std::to_string(threads);
        testing::CommandOutcome outcome =
            run_swarmpath("solve " + scenario + " --agent-size 2 --algorithm astar --threads " +
                          std::to_string(threads) + " --summary " + prefix + ".json --paths " + prefix + ".csv");
        ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
        EXPECT_NE(outcome.standard_output.find("den312d.map 2x2"), std::string::npos) << outcome.standard_output;
        paths[threads - 1] = read_text(prefix + ".csv");
        nlohmann::json summary = nlohmann::json::parse(read_text(prefix + ".json"));
        EXPECT_EQ(summary["scenarios"][0]["agent_size"], 2);
        // The file's one-cell optimal lengths do not apply to 2 x 2 agents: nothing is a mismatch.
        EXPECT_EQ(summary["scenarios"][0]["mismatches"], 0);
    }
    EXPECT_EQ(paths[0], paths[1]);

    Expected<io::MapFile> map = io::read_map_file(dataset("dao/den312d.map"));
    ASSERT_TRUE(map);
    const grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    const testing::BlockReference reference{*map, terrain, 2, testing::kAllRules[1]};
    std::istringstream lines(paths[0]);
    std::string line;
    std::getline(lines, line);
    std::size_t found = 0;
    while (std::getline(lines, line)) {
        std::vector<std::string> fields;
        std::stringstream row(line);
        std::string field;
        while (std::getline(row, field, ',')) fields.push_back(field);
        if (fields.size() < 5 || fields[2] != "found") continue;
        std::vector<grid::CellIndex> cells;
        std::stringstream path(fields[4]);
        std::string step;
        while (path >> step) {
            const std::size_t colon = step.find(':');
            cells.push_back({static_cast<std::uint32_t>(std::stoul(step.substr(colon + 1)) * map->width +
                                                        std::stoul(step.substr(0, colon)))});
        }
        EXPECT_NEAR(reference.path_cost(cells), std::stod(fields[3]), 1e-6) << line;
        ++found;
    }
    EXPECT_GT(found, 150U);
}

TEST(AgentSizeCommand, RouteAndFieldTakeTheSize) {
    const std::string folder = testing::scratch_folder("agent-size-route");
    const std::string map = dataset("dao/arena.map");
    testing::CommandOutcome route = run_swarmpath("route " + map + " 3 3 40 40 --agent-size 3");
    EXPECT_EQ(route.exit_code, 0) << route.standard_error;
    testing::CommandOutcome one = run_swarmpath("route " + map + " 3 3 40 40");
    EXPECT_EQ(one.exit_code, 0) << one.standard_error;
    EXPECT_NE(route.standard_output, one.standard_output);
    // The picture draws the start and goal as whole 3 x 3 blocks (render: the 2 x 2 start block).
    const std::string picture = route.standard_output.substr(route.standard_output.find("\n\n") + 2);
    EXPECT_EQ(std::count(picture.begin(), picture.end(), 'S'), 9) << picture;
    EXPECT_EQ(std::count(picture.begin(), picture.end(), 'G'), 9) << picture;
    const std::string rendered = folder + "/route.txt";
    testing::CommandOutcome render = run_swarmpath("render " + map + " -o " + rendered + " --scen " +
                                                   dataset("dao/arena.map.scen") + " --query 3 --agent-size 2");
    EXPECT_EQ(render.exit_code, 0) << render.standard_error;
    const std::string text = read_text(rendered);
    EXPECT_EQ(std::count(text.begin(), text.end(), 'S'), 4) << text;
    testing::CommandOutcome field =
        run_swarmpath("field " + map + " 40 40 -o " + folder + "/goal.field --agent-size 2");
    EXPECT_EQ(field.exit_code, 0) << field.standard_error;
}

// An oracle built for 2 x 2 agents answers their queries as A* does, names them in its file, and a run
// for one-cell agents refuses it.
TEST(AgentSizeCommand, OracleBuiltForOneSizeServesItAndRefusesAnother) {
    const std::string folder = testing::scratch_folder("agent-size-oracle");
    const std::string scenario = dataset("dao/arena.map.scen");
    testing::CommandOutcome built =
        run_swarmpath("precompute " + dataset("dao/arena.map") + " -o " + folder + "/arena.oracle --agent-size 2");
    ASSERT_EQ(built.exit_code, 0) << built.standard_error;
    testing::CommandOutcome oracle = run_swarmpath("solve " + scenario + " --agent-size 2 --oracle " + folder +
                                                   "/arena.oracle --paths " + folder + "/oracle.csv");
    ASSERT_EQ(oracle.exit_code, 0) << oracle.standard_error;
    testing::CommandOutcome searched =
        run_swarmpath("solve " + scenario + " --agent-size 2 --algorithm astar --paths " + folder + "/astar.csv");
    ASSERT_EQ(searched.exit_code, 0) << searched.standard_error;
    // The same statuses and costs row by row (paths may differ among equally cheap ones).
    auto costs = [](const std::string& text) {
        std::vector<std::string> rows;
        std::istringstream lines(text);
        std::string line;
        while (std::getline(lines, line)) rows.push_back(line.substr(0, line.rfind(',')));
        return rows;
    };
    EXPECT_EQ(costs(read_text(folder + "/oracle.csv")), costs(read_text(folder + "/astar.csv")));
    testing::CommandOutcome refused = run_swarmpath("solve " + scenario + " --oracle " + folder + "/arena.oracle");
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.standard_error.find("arena.map 2x2"), std::string::npos) << refused.standard_error;
}

TEST(AgentSizeCommand, RefusalsNameTheOptionAndTheMap) {
    const std::string scenario = dataset("dao/arena.map.scen");
    testing::CommandOutcome zero = run_swarmpath("solve " + scenario + " --agent-size 0");
    EXPECT_EQ(zero.exit_code, 2);
    EXPECT_NE(zero.standard_error.find("--agent-size 0 is not a size"), std::string::npos) << zero.standard_error;
    testing::CommandOutcome unknown = run_swarmpath("solve " + scenario + " --class tank");
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.standard_error.find("--class tank is not a declared movement class"), std::string::npos)
        << unknown.standard_error;

    const std::string folder = testing::scratch_folder("agent-size-hex");
    testing::write_text(folder + "/hex.map", "type hex\nheight 4\nwidth 6\nmap\n......\n......\n......\n......\n");
    testing::CommandOutcome refused = run_swarmpath("route " + folder + "/hex.map 0 0 3 3 --agent-size 2");
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.standard_error.find("hex.map: --agent-size 2 needs square cells"), std::string::npos)
        << refused.standard_error;
}

}  // namespace
}  // namespace swarmpath::cli
