// `--agent-size`, `--class`, `--classes` and `--classes-file` through the real executable: `solve --agent-size 2` on a
// bundled map writes paths every step of which is legal for the 2 x 2 block and priced as the block reference
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

using testing::dataset;
using testing::read_text;
using testing::run_swarmpath;

/// The rows of a paths CSV after its header, each split at its commas (scenario, query, status,
/// cost, path).
std::vector<std::vector<std::string>> paths_rows(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(text);
    std::string line;
    std::getline(lines, line);
    while (std::getline(lines, line)) {
        std::vector<std::string>& fields = rows.emplace_back();
        std::stringstream row(line);
        std::string field;
        while (std::getline(row, field, ',')) fields.push_back(field);
    }
    return rows;
}

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
    std::size_t found = 0;
    for (const std::vector<std::string>& fields : paths_rows(paths[0])) {
        if (fields.size() < 5 || fields[2] != "found") continue;
        std::vector<grid::CellIndex> cells;
        std::stringstream path(fields[4]);
        std::string step;
        while (path >> step) {
            const std::size_t colon = step.find(':');
            cells.push_back({static_cast<std::uint32_t>(std::stoul(step.substr(colon + 1)) * map->width +
                                                        std::stoul(step.substr(0, colon)))});
        }
        EXPECT_NEAR(reference.path_cost(cells), std::stod(fields[3]), 1e-6) << fields[4];
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

// One crowd file whose rows name their own size (1 to 3) and class (size= and class= columns), the
// classes declared by --classes-file: every row is solved for its own agent, at the optimal length
// the generator's independent reference wrote for that agent (--check), one table row per (size,
// class), the same paths at 1 and 2 threads, and the same again with the classes given as a spec.
TEST(AgentSizeCommand, MixedCrowdOfSizesAndClassesIsOptimalAndTheSameAtTwoThreads) {
    const std::string folder = testing::scratch_folder("agent-mixed-crowd");
    const testing::CommandOutcome crowd = testing::write_mixed_crowd(folder, 240);
    ASSERT_EQ(crowd.exit_code, 0) << crowd.standard_error;
    const std::string scenario = folder + "/den312d.map.scen";
    auto solve = [&](const std::string& name, const std::string& options) {
        const testing::CommandOutcome outcome =
            run_swarmpath("solve " + scenario + " --check " + options + " --summary " + folder + "/" + name +
                          ".json --paths " + folder + "/" + name + ".csv");
        EXPECT_EQ(outcome.exit_code, 0) << name << "\n" << outcome.standard_output << outcome.standard_error;
        return read_text(folder + "/" + name + ".csv");
    };
    const std::string declared = "--classes-file " + folder + "/units.classes";
    const std::string one_thread = solve("t1", declared + " --threads 1");
    EXPECT_EQ(solve("t2", declared + " --threads 2"), one_thread);
    EXPECT_EQ(solve("spec", "--classes 'walker;forester:T=3' --threads 2"), one_thread);

    const nlohmann::json summary = nlohmann::json::parse(read_text(folder + "/t1.json"));
    std::vector<std::string> agents;
    std::size_t checked = 0;
    for (const nlohmann::json& set : summary["scenarios"]) {
        agents.push_back(std::to_string(set.value("agent_size", 1)) + " " + set.value("agent_class", ""));
        EXPECT_EQ(set["mismatches"], 0);
        EXPECT_EQ(set["unknown"], 0);
        checked += set["queries"].get<std::size_t>();
    }
    std::sort(agents.begin(), agents.end());
    EXPECT_EQ(agents,
              (std::vector<std::string>{"1 forester", "1 walker", "2 forester", "2 walker", "3 forester", "3 walker"}));
    EXPECT_EQ(checked, 240U);
}

// --classes and --classes-file declare the classes --class and the rows name; a row's own size=1
// is kept under --agent-size; every refusal is bad input naming the option.
TEST(AgentSizeCommand, ClassesAreDeclaredByOneSpecOrOneFile) {
    const std::string folder = testing::scratch_folder("agent-classes");
    testing::write_text(folder + "/units.classes", "version 1\nclass walker\nclass forester: T=3\n");
    const std::string scenario = dataset("dao/den312d.map.scen");
    const std::string declared = " --classes-file " + folder + "/units.classes";

    testing::CommandOutcome forester = run_swarmpath("solve " + scenario + declared + " --class forester");
    EXPECT_EQ(forester.exit_code, 0) << forester.standard_error;
    EXPECT_NE(forester.standard_output.find("den312d.map forester"), std::string::npos) << forester.standard_output;
    testing::CommandOutcome walker = run_swarmpath("solve " + scenario + declared + " --class walker --check");
    EXPECT_EQ(walker.exit_code, 0) << walker.standard_error;

    testing::CommandOutcome both =
        run_swarmpath("solve " + scenario + declared + " --classes 'walker;forester:T=3' --class forester");
    EXPECT_EQ(both.exit_code, 2);
    EXPECT_NE(both.standard_error.find("--classes and --classes-file both declare"), std::string::npos)
        << both.standard_error;
    testing::CommandOutcome bad_spec = run_swarmpath("solve " + scenario + " --classes 'walker;forester:T=x'");
    EXPECT_EQ(bad_spec.exit_code, 2);
    EXPECT_NE(bad_spec.standard_error.find("--classes"), std::string::npos) << bad_spec.standard_error;
    testing::CommandOutcome unknown = run_swarmpath("solve " + scenario + declared + " --class forestr");
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.standard_error.find("--class forestr is not a declared movement class"), std::string::npos)
        << unknown.standard_error;
    EXPECT_NE(unknown.standard_error.find("did you mean 'forester'"), std::string::npos) << unknown.standard_error;
    testing::CommandOutcome missing = run_swarmpath("solve " + scenario + " --classes-file " + folder + "/none");
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.standard_error.find("none"), std::string::npos) << missing.standard_error;

    // A class a row names in its own column is the row's word, and the message says how to declare it.
    testing::write_text(folder + "/den312d.map", read_text(dataset("dao/den312d.map")));
    testing::write_text(folder + "/classed.map.scen",
                        "version 1\n0\tden312d.map\t65\t81\t10\t10\t20\t20\t0\tclass=forester\n");
    testing::CommandOutcome undeclared = run_swarmpath("solve " + folder + "/classed.map.scen");
    EXPECT_EQ(undeclared.exit_code, 2);
    EXPECT_NE(undeclared.standard_error.find("classed.map.scen:2: class=forester is not a declared movement class (no "
                                             "classes are declared: declare them with --classes or --classes-file)"),
              std::string::npos)
        << undeclared.standard_error;

    // A row that says size=1 is a one-cell agent even when the run's agents are 2 x 2.
    testing::write_text(folder + "/rows.map.scen",
                        "version 1\n0\tden312d.map\t65\t81\t10\t10\t20\t20\t0\tsize=1\n"
                        "0\tden312d.map\t65\t81\t10\t10\t20\t20\t0\n");
    testing::CommandOutcome kept =
        run_swarmpath("solve " + folder + "/rows.map.scen --agent-size 2 --summary " + folder + "/rows.json");
    EXPECT_EQ(kept.exit_code, 0) << kept.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(read_text(folder + "/rows.json"));
    ASSERT_EQ(summary["scenarios"].size(), 2U);
    EXPECT_EQ(summary["scenarios"][0].value("agent_size", 1), 1);
    EXPECT_EQ(summary["scenarios"][1].value("agent_size", 1), 2);
}

// A letter only one class defines (a road for rovers) is a wall for the run's other classes, so a
// map holding it is read once classes are declared, and refused as an unknown letter without them.
TEST(AgentSizeCommand, ALetterOnlyOneClassDefinesIsAWallForTheOthers) {
    const std::string folder = testing::scratch_folder("agent-class-letter");
    testing::write_text(folder + "/road.map", "type octile\nheight 3\nwidth 7\nmap\n...R...\n@@@R@@@\n...R...\n");
    testing::write_text(folder + "/road.map.scen",
                        "version 1\n0\troad.map\t7\t3\t0\t0\t0\t2\t0\tclass=walker\n"
                        "0\troad.map\t7\t3\t0\t0\t0\t2\t0\tclass=rover\n");
    const std::string classes = " --classes 'walker;rover:R=1'";
    testing::CommandOutcome solved =
        run_swarmpath("solve " + folder + "/road.map.scen" + classes + " --paths " + folder + "/paths.csv");
    ASSERT_EQ(solved.exit_code, 0) << solved.standard_error;
    const std::string paths = read_text(folder + "/paths.csv");
    std::vector<std::string> statuses;
    for (const std::vector<std::string>& fields : paths_rows(paths)) {
        ASSERT_GE(fields.size(), 3U) << paths;
        statuses.push_back(fields[2]);
    }
    EXPECT_EQ(statuses, (std::vector<std::string>{"no_path", "found"})) << paths;

    testing::CommandOutcome validated = run_swarmpath("validate --strict " + folder + "/road.map.scen" + classes);
    EXPECT_EQ(validated.exit_code, 0) << validated.standard_error;
    testing::CommandOutcome without = run_swarmpath("solve " + folder + "/road.map.scen");
    EXPECT_EQ(without.exit_code, 2);
    EXPECT_NE(without.standard_error.find("'R'"), std::string::npos) << without.standard_error;

    // A row without class= is of the first declared class for validate as for solve: a rover, here,
    // who may start on the road.
    testing::write_text(folder + "/rover.map.scen", "version 1\n0\troad.map\t7\t3\t3\t0\t3\t2\t2\n");
    testing::CommandOutcome rover =
        run_swarmpath("validate --strict " + folder + "/rover.map.scen --classes 'rover:R=1;walker'");
    EXPECT_EQ(rover.exit_code, 0) << rover.standard_error;
    // generate crowd reads the map the same way once its classes file declares the road.
    testing::write_text(folder + "/units.classes", "version 1\nclass walker\nclass rover: R=1\n");
    testing::CommandOutcome crowd =
        run_swarmpath("generate crowd " + folder + "/road.map --agents 4 --goals 1 " + "--classes-file " + folder +
                      "/units.classes -o " + folder + "/crowd.map.scen");
    EXPECT_EQ(crowd.exit_code, 0) << crowd.standard_error;
    testing::CommandOutcome checked =
        run_swarmpath("solve " + folder + "/crowd.map.scen --check --classes-file " + folder + "/units.classes");
    EXPECT_EQ(checked.exit_code, 0) << checked.standard_output << checked.standard_error;
}

// validate checks each row for its own agent: a generated crowd is clean with its classes declared,
// a row of an undeclared class is an error, and a sized row whose block is not open is a warning
// that names the agent.
TEST(AgentSizeCommand, ValidateChecksEachRowForItsOwnAgent) {
    const std::string folder = testing::scratch_folder("agent-validate");
    const testing::CommandOutcome crowd = testing::write_mixed_crowd(folder, 120);
    ASSERT_EQ(crowd.exit_code, 0) << crowd.standard_error;
    const std::string scenario = folder + "/den312d.map.scen";
    testing::CommandOutcome clean =
        run_swarmpath("validate " + scenario + " --strict --classes-file " + folder + "/units.classes");
    EXPECT_EQ(clean.exit_code, 0) << clean.standard_error;
    EXPECT_NE(clean.standard_output.find("den312d.map.scen: ok (scenario, 120 rows"), std::string::npos)
        << clean.standard_output;
    EXPECT_EQ(clean.standard_error, "");

    testing::CommandOutcome undeclared = run_swarmpath("validate " + scenario);
    EXPECT_EQ(undeclared.exit_code, 2);
    EXPECT_NE(undeclared.standard_error.find(":2: error: class=walker is not a declared movement class"),
              std::string::npos)
        << undeclared.standard_error;

    // (5, 2) on den312d is open ground for one cell, but the 3 x 3 block from it holds trees.
    testing::write_text(folder + "/rows.map.scen",
                        "version 1\n0\tden312d.map\t65\t81\t5\t2\t20\t20\t0\tsize=3\n"
                        "0\tden312d.map\t65\t81\t5\t2\t20\t20\t0\n");
    testing::CommandOutcome sized = run_swarmpath("validate " + folder + "/rows.map.scen");
    EXPECT_EQ(sized.exit_code, 0) << sized.standard_error;
    EXPECT_NE(sized.standard_error.find("rows.map.scen:2: warning: start (5, 2) is on a blocked cell"),
              std::string::npos)
        << sized.standard_error;
    EXPECT_NE(sized.standard_error.find("for agents of 3x3"), std::string::npos) << sized.standard_error;
    EXPECT_EQ(sized.standard_error.find("rows.map.scen:3:"), std::string::npos) << sized.standard_error;
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
