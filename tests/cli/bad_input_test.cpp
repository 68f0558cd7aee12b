// Hostile and malformed input through the real `swarmpath` executable. Every case runs
// `swarmpath solve` (or `validate`) on files written to a scratch folder, under a 10 s timeout, and
// asserts: exit code 2 (bad input or usage: never a crash, a signal or a hang), a message on stderr
// naming the file and, for parse errors, the line, and no --summary / --paths output (nor a
// temporary file) left behind. Per-query problems (an endpoint off the map or on a wall) are
// statuses counted in the summary, unless --strict turns them into errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath::cli {
namespace {

namespace fs = std::filesystem;

constexpr int kTimeoutSeconds = 10;

using Outcome = testing::CommandOutcome;

/// Runs the executable with `arguments` (no shell) under the timeout.
Outcome run(const std::vector<std::string>& arguments) {
    return testing::run_swarmpath_arguments(arguments, kTimeoutSeconds);
}

/// A scratch folder for one case: `inputs/` holds the files the command reads and the outputs it
/// is asked to write; stdout and stderr are captured beside it.
struct Scratch {
    std::string root;
    std::string inputs;

    explicit Scratch(const std::string& name) {
        root = testing::scratch_folder("bad-input-" + name);
        inputs = root + "/inputs";
        fs::create_directories(inputs);
    }
    ~Scratch() {
        std::error_code ignored;
        fs::remove_all(root, ignored);
    }
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;

    [[nodiscard]] std::string path(const std::string& name) const { return inputs + "/" + name; }
    void write(const std::string& name, const std::string& contents) const {
        testing::write_text(path(name), contents);
    }

    /// Names of everything in inputs/ (to find outputs or temporaries left behind).
    [[nodiscard]] std::set<std::string> listing() const {
        std::set<std::string> names;
        for (const auto& entry : fs::directory_iterator(inputs)) names.insert(entry.path().filename().string());
        return names;
    }
};

const std::string kGoodMap = "type octile\nheight 4\nwidth 5\nmap\n.....\n.@@..\n.....\nT....\n";

std::string scenario_row(const std::string& map_name, int width, int height, int start_x, int start_y, int goal_x,
                         int goal_y, const std::string& length = "4") {
    return "0\t" + map_name + "\t" + std::to_string(width) + "\t" + std::to_string(height) + "\t" +
           std::to_string(start_x) + "\t" + std::to_string(start_y) + "\t" + std::to_string(goal_x) + "\t" +
           std::to_string(goal_y) + "\t" + length + "\n";
}

const std::string kGoodScenario = "version 1\n" + scenario_row("maps/a.map", 5, 4, 0, 0, 4, 0) +
                                  scenario_row("a.map", 5, 4, 0, 2, 4, 3, "4.41421356");

/// One hostile input: the files to write (name → contents), extra arguments, and what stderr must
/// name. `where` is the file (as a name in inputs/) and `line` the 1-based line the message must
/// point at (0: the file has no line to point at, e.g. it is empty or missing).
struct BadInput {
    std::string name;
    std::string map_text;       ///< written as a.map unless empty_map_file is set and this is empty
    std::string scenario_text;  ///< written as a.map.scen
    std::vector<std::string> extra_arguments;
    std::string where;  ///< "a.map", "a.map.scen", or an option name such as "--threads"
    std::uint32_t line = 0;
    std::string message_part;  ///< a word the message must contain
    bool write_map = true;
    bool map_is_directory = false;  ///< a.map is a folder: a map that exists but cannot be read
};

std::ostream& operator<<(std::ostream& stream, const BadInput& input) { return stream << input.name; }

class BadInputTest : public ::testing::TestWithParam<BadInput> {};

/// Writes the case's files into the scratch folder.
void write_inputs(const BadInput& input, const Scratch& scratch) {
    if (input.write_map) scratch.write("a.map", input.map_text);
    if (input.map_is_directory) fs::create_directories(scratch.path("a.map"));
    scratch.write("a.map.scen", input.scenario_text);
}

/// Where stderr must point: an option name and an absolute path stay as given, a file name is in inputs/.
std::string where_of(const BadInput& input, const Scratch& scratch) {
    if (input.where.rfind("--", 0) == 0 || input.where.rfind('/', 0) == 0) return input.where;
    return scratch.path(input.where);
}

/// The checks every refusal must pass.
void expect_clean_refusal(const Outcome& outcome, const Scratch& scratch, const std::set<std::string>& inputs,
                          const std::string& where, std::uint32_t line, const std::string& message_part) {
    EXPECT_FALSE(outcome.timed_out) << "the command hung";
    EXPECT_EQ(outcome.signal, 0) << "the command died of signal " << outcome.signal;
    EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
    const std::string& error = outcome.standard_error;
    EXPECT_NE(error.find(where), std::string::npos) << "stderr does not name " << where << ":\n" << error;
    if (line != 0) {
        // Either "file:LINE:" (a parse error) or "file line LINE" (a map named by a scenario row).
        const bool named = error.find(where + ":" + std::to_string(line) + ":") != std::string::npos ||
                           error.find(where + " line " + std::to_string(line)) != std::string::npos;
        EXPECT_TRUE(named) << "stderr does not give line " << line << " of " << where << ":\n" << error;
    }
    EXPECT_NE(error.find(message_part), std::string::npos) << "stderr lacks '" << message_part << "':\n" << error;
    EXPECT_LT(error.size(), 4000U) << "an error message should be short";
    for (char character : error) {
        const auto code = static_cast<unsigned char>(character);
        EXPECT_TRUE(code == '\n' || (code >= 32 && code < 127)) << "stderr holds byte " << int(code);
    }
    EXPECT_EQ(scratch.listing(), inputs) << "an output or temporary file was left behind";
}

TEST_P(BadInputTest, SolveRefusesCleanlyAndWritesNothing) {
    const BadInput& input = GetParam();
    Scratch scratch(input.name);
    write_inputs(input, scratch);
    const std::set<std::string> inputs = scratch.listing();
    std::vector<std::string> arguments{
        "solve",     scratch.path("a.map.scen"),   "--threads", "2",
        "--summary", scratch.path("summary.json"), "--paths",   scratch.path("paths.csv")};
    arguments.insert(arguments.end(), input.extra_arguments.begin(), input.extra_arguments.end());
    const Outcome outcome = run(arguments);
    expect_clean_refusal(outcome, scratch, inputs, where_of(input, scratch), input.line, input.message_part);
}

TEST_P(BadInputTest, ValidateReportsTheSameProblem) {
    const BadInput& input = GetParam();
    if (input.where.rfind("--", 0) == 0 && input.where != "--terrain" && input.where != "--terrain-file") {
        GTEST_SKIP() << "a solve option; validate does not take it";
    }
    Scratch scratch(input.name);
    write_inputs(input, scratch);
    const std::set<std::string> inputs = scratch.listing();
    std::vector<std::string> arguments{"validate", scratch.path("a.map.scen")};
    for (const std::string& argument : input.extra_arguments) {
        if (argument.rfind("--threads", 0) == 0 || argument.rfind("--weight", 0) == 0) break;
        arguments.push_back(argument);
    }
    const Outcome outcome = run(arguments);
    expect_clean_refusal(outcome, scratch, inputs, where_of(input, scratch), input.line, input.message_part);
}

// The length comes from the array, so the string holds every byte of the literal (NULs included)
// and nothing past it.
constexpr char kBinaryGarbageBytes[] =
    "\x7f"
    "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0\x10\x6b\0\0\0\0\0\0"
    "\n\x1b[31m\xff\xfe\n";
const std::string kBinaryGarbage = std::string(kBinaryGarbageBytes, sizeof(kBinaryGarbageBytes) - 1);

INSTANTIATE_TEST_SUITE_P(
    HostileFiles, BadInputTest,
    ::testing::Values(
        // The map file.
        BadInput{"map_missing", "", kGoodScenario, {}, "a.map.scen", 2, "cannot open", false},
        BadInput{"map_empty", "", kGoodScenario, {}, "a.map", 0, "empty"},
        BadInput{"map_binary_garbage", kBinaryGarbage, kGoodScenario, {}, "a.map", 1, "unexpected header"},
        BadInput{"map_no_type",
                 "height 4\nwidth 5\nmap\n.....\n.....\n.....\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 3,
                 "'type'"},
        BadInput{"map_no_height",
                 "type octile\nwidth 5\nmap\n.....\n.....\n.....\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 3,
                 "'height'"},
        BadInput{"map_no_width",
                 "type octile\nheight 4\nmap\n.....\n.....\n.....\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 3,
                 "'width'"},
        BadInput{"map_no_map_line", "type octile\nheight 4\nwidth 5\n", kGoodScenario, {}, "a.map", 3, "'map'"},
        BadInput{"map_negative_height",
                 "type octile\nheight -4\nwidth 5\nmap\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 2,
                 "height"},
        BadInput{
            "map_zero_width", "type octile\nheight 4\nwidth 0\nmap\n.....\n", kGoodScenario, {}, "a.map", 3, "width"},
        BadInput{"map_text_height",
                 "type octile\nheight four\nwidth 5\nmap\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 2,
                 "height"},
        BadInput{"map_absurd_height",
                 "type octile\nheight 2000000000\nwidth 5\nmap\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 2,
                 "maximum"},
        BadInput{"map_overflowing_height",
                 "type octile\nheight 99999999999999999999999\nwidth 5\nmap\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 2,
                 "maximum"},
        BadInput{"map_too_many_cells",
                 "type octile\nheight 30000\nwidth 30000\nmap\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 3,
                 "maximum"},
        BadInput{"map_row_too_short",
                 "type octile\nheight 4\nwidth 5\nmap\n.....\n....\n.....\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 6,
                 "expected 5"},
        BadInput{"map_row_too_long",
                 "type octile\nheight 4\nwidth 5\nmap\n.....\n.....\n......\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 7,
                 "expected 5"},
        BadInput{"map_too_few_rows",
                 "type octile\nheight 4\nwidth 5\nmap\n.....\n.....\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 7,
                 "found 3"},
        BadInput{"map_too_many_rows",
                 "type octile\nheight 4\nwidth 5\nmap\n.....\n.....\n.....\n.....\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 9,
                 "more rows"},
        BadInput{"map_unknown_letter",
                 "type octile\nheight 4\nwidth 5\nmap\n.....\n..X..\n.....\n.....\n",
                 kGoodScenario,
                 {},
                 "a.map",
                 6,
                 "unknown terrain letter 'X'"},
        BadInput{"map_is_a_directory", "", kGoodScenario, {}, "a.map", 0, "directory", false, true},
        // The scenario file.
        BadInput{"scenario_empty", kGoodMap, "", {}, "a.map.scen", 0, "empty"},
        BadInput{"scenario_binary_garbage", kGoodMap, kBinaryGarbage, {}, "a.map.scen", 1, "version"},
        BadInput{
            "scenario_no_version", kGoodMap, scenario_row("a.map", 5, 4, 0, 0, 4, 0), {}, "a.map.scen", 1, "version"},
        BadInput{"scenario_wrong_version",
                 kGoodMap,
                 "version 2\n" + scenario_row("a.map", 5, 4, 0, 0, 4, 0),
                 {},
                 "a.map.scen",
                 1,
                 "version"},
        BadInput{"scenario_too_few_fields",
                 kGoodMap,
                 "version 1\n" + scenario_row("a.map", 5, 4, 0, 0, 4, 0) + "0\ta.map\t5\t4\t0\t0\t4\n",
                 {},
                 "a.map.scen",
                 3,
                 "fields"},
        BadInput{"scenario_too_many_fields",
                 kGoodMap,
                 "version 1\n0\ta.map\t5\t4\t0\t0\t4\t0\t4\t9\n",
                 {},
                 "a.map.scen",
                 2,
                 "more than 9"},
        BadInput{"scenario_non_numeric_coordinate",
                 kGoodMap,
                 "version 1\n0\ta.map\t5\t4\tzero\t0\t4\t0\t4\n",
                 {},
                 "a.map.scen",
                 2,
                 "start x"},
        BadInput{"scenario_non_numeric_length",
                 kGoodMap,
                 "version 1\n0\ta.map\t5\t4\t0\t0\t4\t0\tfour\n",
                 {},
                 "a.map.scen",
                 2,
                 "optimal length"},
        BadInput{"scenario_absurd_map_size",
                 kGoodMap,
                 "version 1\n0\ta.map\t2000000000\t4\t0\t0\t4\t0\t4\n",
                 {},
                 "a.map.scen",
                 2,
                 "out of range"},
        BadInput{"scenario_size_differs_from_map",
                 kGoodMap,
                 "version 1\n" + scenario_row("a.map", 5, 4, 0, 0, 4, 0) + scenario_row("a.map", 6, 4, 0, 0, 4, 0),
                 {},
                 "a.map.scen",
                 3,
                 "5 x 4"},
        BadInput{"scenario_names_missing_map",
                 kGoodMap,
                 "version 1\n" + scenario_row("other.map", 5, 4, 0, 0, 4, 0),
                 {},
                 "a.map.scen",
                 2,
                 "other.map"},
        // Option values.
        BadInput{"threads_too_many", kGoodMap, kGoodScenario, {"--threads", "1025"}, "--threads", 0, "--threads"},
        BadInput{"threads_negative", kGoodMap, kGoodScenario, {"--threads", "-3"}, "--threads", 0, "--threads"},
        BadInput{"weight_negative", kGoodMap, kGoodScenario, {"--weight", "-1"}, "--weight", 0, "--weight"},
        BadInput{"weight_not_a_number", kGoodMap, kGoodScenario, {"--weight", "nan"}, "--weight", 0, "--weight"},
        BadInput{
            "algorithm_unknown", kGoodMap, kGoodScenario, {"--algorithm", "teleport"}, "--algorithm", 0, "teleport"},
        BadInput{"moves_unknown", kGoodMap, kGoodScenario, {"--moves", "6"}, "--moves", 0, "--moves"},
        BadInput{
            "heuristic_unknown", kGoodMap, kGoodScenario, {"--heuristic", "guess"}, "--heuristic", 0, "--heuristic"},
        BadInput{"terrain_spec_not_a_pair", kGoodMap, kGoodScenario, {"--terrain", "G"}, "--terrain", 0, "LETTER=COST"},
        BadInput{"terrain_spec_bad_cost", kGoodMap, kGoodScenario, {"--terrain", "G=cheap"}, "--terrain", 0, "cheap"},
        BadInput{"terrain_spec_negative_cost",
                 kGoodMap,
                 kGoodScenario,
                 {"--terrain", "G=-2"},
                 "--terrain",
                 0,
                 "out of range"},
        BadInput{"terrain_file_missing",
                 kGoodMap,
                 kGoodScenario,
                 {"--terrain-file", "/nonexistent/costs.txt"},
                 "/nonexistent/costs.txt",
                 0,
                 "cannot open"},
        BadInput{"unknown_option", kGoodMap, kGoodScenario, {"--teleport"}, "--teleport", 0, "--teleport"}),
    [](const ::testing::TestParamInfo<BadInput>& parameter) { return parameter.param.name; });

TEST(BadInputTest, MissingScenarioFileIsNamed) {
    Scratch scratch("missing-scenario");
    const Outcome outcome = run({"solve", scratch.path("nothing.map.scen"), "--summary", scratch.path("summary.json")});
    expect_clean_refusal(outcome, scratch, {}, scratch.path("nothing.map.scen"), 0, "cannot open");
}

TEST(BadInputTest, UnwritableSummaryLeavesNothing) {
    Scratch scratch("unwritable-summary");
    scratch.write("a.map", kGoodMap);
    scratch.write("a.map.scen", kGoodScenario);
    const std::string summary = scratch.path("no-such-folder/summary.json");
    const Outcome outcome =
        run({"solve", scratch.path("a.map.scen"), "--summary", summary, "--paths", scratch.path("paths.csv")});
    expect_clean_refusal(outcome, scratch, {"a.map", "a.map.scen"}, summary, 0, "cannot write");
}

TEST(BadInputTest, UnwritablePathsRemovesTheSummaryToo) {
    Scratch scratch("unwritable-paths");
    scratch.write("a.map", kGoodMap);
    scratch.write("a.map.scen", kGoodScenario);
    const std::string paths = scratch.path("no-such-folder/paths.csv");
    const Outcome outcome =
        run({"solve", scratch.path("a.map.scen"), "--summary", scratch.path("summary.json"), "--paths", paths});
    expect_clean_refusal(outcome, scratch, {"a.map", "a.map.scen"}, paths, 0, "cannot write");
}

// Endpoints off the map or on walls are per-query statuses: the batch runs, the summary counts them.
const std::string kScenarioWithBadEndpoints = "version 1\n" + scenario_row("a.map", 5, 4, 0, 0, 4, 0) +
                                              scenario_row("a.map", 5, 4, 7, 0, 4, 0) +   // start off the map
                                              scenario_row("a.map", 5, 4, 0, 0, 0, -1) +  // goal off the map
                                              scenario_row("a.map", 5, 4, 1, 1, 4, 0) +   // start on '@'
                                              scenario_row("a.map", 5, 4, 0, 0, 0, 3);    // goal on 'T'

TEST(BadInputTest, BadEndpointsAreCountedStatusesWithoutStrict) {
    Scratch scratch("endpoint-statuses");
    scratch.write("a.map", kGoodMap);
    scratch.write("a.map.scen", kScenarioWithBadEndpoints);
    const Outcome outcome = run({"solve", scratch.path("a.map.scen"), "--summary", scratch.path("summary.json")});
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(testing::read_text(scratch.path("summary.json")));
    const nlohmann::json& statuses = summary["totals"]["statuses"];
    EXPECT_EQ(summary["totals"]["queries"], 5);
    EXPECT_EQ(statuses["found"], 1);
    EXPECT_EQ(statuses["invalid"], 2);
    EXPECT_EQ(statuses["start_blocked"], 1);
    EXPECT_EQ(statuses["goal_blocked"], 1);
}

TEST(BadInputTest, StrictTurnsBadEndpointsIntoErrorsNamingEachLine) {
    Scratch scratch("endpoint-strict");
    scratch.write("a.map", kGoodMap);
    scratch.write("a.map.scen", kScenarioWithBadEndpoints);
    const Outcome outcome = run({"solve", scratch.path("a.map.scen"), "--strict", "--summary",
                                 scratch.path("summary.json"), "--paths", scratch.path("paths.csv")});
    const std::string scenario = scratch.path("a.map.scen");
    expect_clean_refusal(outcome, scratch, {"a.map", "a.map.scen"}, scenario, 3, "off the 5 x 4 map");
    for (const char* expected : {":3:", ":4:", ":5:", ":6:"}) {
        EXPECT_NE(outcome.standard_error.find(scenario + expected), std::string::npos)
            << "no error for line " << expected << ":\n"
            << outcome.standard_error;
    }
    EXPECT_EQ(outcome.standard_error.find(scenario + ":2:"), std::string::npos) << "line 2 is a good row";
    EXPECT_NE(outcome.standard_error.find("blocked cell '@'"), std::string::npos) << outcome.standard_error;
    EXPECT_NE(outcome.standard_error.find("blocked cell 'T'"), std::string::npos) << outcome.standard_error;
}

TEST(ValidateCommandTest, ReportsEveryProblemNotJustTheFirst) {
    Scratch scratch("validate-every-problem");
    scratch.write("a.map", "type octile\nheight 4\nwidth 5\nmap\n.....\n..X..\n....\n.....\n");
    scratch.write("b.map", kGoodMap);
    scratch.write("b.map.scen", "version 1\n" + scenario_row("b.map", 5, 4, 0, 0, 4, 0) +
                                    "0\tb.map\t5\t4\tzero\t0\t4\t0\t4\n" + scenario_row("b.map", 6, 4, 0, 0, 4, 0) +
                                    "0\tb.map\t5\n" + scenario_row("b.map", 5, 4, 9, 0, 4, 0) +
                                    scenario_row("b.map", 5, 4, 0, 0, 1, 1));
    const Outcome outcome = run({"validate", scratch.path("a.map"), scratch.path("b.map.scen"), scratch.path("b.map")});
    EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
    const std::string& error = outcome.standard_error;
    const std::string map = scratch.path("a.map");
    const std::string scenario = scratch.path("b.map.scen");
    EXPECT_NE(error.find(map + ":6:3: error: unknown terrain letter 'X'"), std::string::npos) << error;
    EXPECT_NE(error.find(map + ":7:5: error: row 2 has 4 cells"), std::string::npos) << error;
    EXPECT_NE(error.find(scenario + ":3:"), std::string::npos) << error;  // non-numeric start x
    EXPECT_NE(error.find(scenario + ":4: error: row names a 6 x 4 map"), std::string::npos) << error;
    EXPECT_NE(error.find(scenario + ":5: error: scenario row has 3 fields"), std::string::npos) << error;
    EXPECT_NE(error.find(scenario + ":6: warning: start (9, 0) is off"), std::string::npos) << error;
    EXPECT_NE(error.find(scenario + ":7: warning: goal (1, 1) is on a blocked cell"), std::string::npos) << error;
    const std::string& report = outcome.standard_output;
    EXPECT_NE(report.find(map + ": 2 errors"), std::string::npos) << report;
    EXPECT_NE(report.find(scenario + ": 3 errors, 2 warnings"), std::string::npos) << report;
    EXPECT_NE(report.find(scratch.path("b.map") + ": ok (map, type octile, 5 x 4)"), std::string::npos) << report;
}

TEST(ValidateCommandTest, WarningsOnlyPassUnlessStrict) {
    Scratch scratch("validate-strict");
    scratch.write("a.map", kGoodMap);
    scratch.write("a.map.scen", kScenarioWithBadEndpoints);
    Outcome outcome = run({"validate", scratch.path("a.map.scen")});
    EXPECT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    EXPECT_NE(outcome.standard_output.find("ok, 4 warnings (scenario, 5 rows, maps of type octile)"), std::string::npos)
        << outcome.standard_output;
    outcome = run({"validate", "--strict", scratch.path("a.map.scen")});
    EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
    EXPECT_NE(outcome.standard_output.find("4 errors"), std::string::npos) << outcome.standard_output;
}

TEST(ValidateCommandTest, BundledDatasetsAreClean) {
    std::vector<std::string> arguments{"validate"};
    for (const auto& entry : fs::recursive_directory_iterator(testing::dataset_folder())) {
        const std::string path = entry.path().string();
        if (entry.is_regular_file() && (path.ends_with(".map") || path.ends_with(".scen"))) arguments.push_back(path);
    }
    ASSERT_GE(arguments.size(), 27U);
    Scratch scratch("validate-bundled");
    const Outcome outcome = run(arguments);
    EXPECT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    // The legacy wc3maps512 scenario has rows whose endpoints are on blocked cells (warnings, as solve
    // answers them with a status); every other bundled file is clean.
    std::istringstream lines(outcome.standard_error);
    for (std::string line; std::getline(lines, line);) {
        EXPECT_NE(line.find("/legacy/wc3maps512/battleground.map.scen:"), std::string::npos) << line;
        EXPECT_NE(line.find(": warning: "), std::string::npos) << line;
    }
}

TEST(ValidateCommandTest, GarbageStopsAtTheProblemLimit) {
    Scratch scratch("validate-garbage");
    std::string garbage;
    for (int line = 0; line < 5000; ++line) garbage += "\x01\x02 junk " + std::to_string(line) + "\n";
    scratch.write("junk.map", garbage);
    const Outcome outcome = run({"validate", scratch.path("junk.map")});
    EXPECT_FALSE(outcome.timed_out);
    EXPECT_EQ(outcome.exit_code, 2);
    EXPECT_NE(outcome.standard_error.find("stopped after 100 problems"), std::string::npos);
    EXPECT_LT(outcome.standard_error.size(), 20000U);
}

}  // namespace
}  // namespace swarmpath::cli
