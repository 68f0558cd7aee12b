// Scenario parser tests: both version spellings, tab and space separators, CRLF and a missing final
// newline, map names as paths or bare names, the optional agent columns (size=K, class=NAME) and
// every malformed row, each error with its line (and, for the optional columns, its column); the
// integer fields read exactly as std::from_chars reads them, and the common row read at once exactly
// as field by field.
#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "io/scenario_parsing.hpp"
#include "random_maps.hpp"
#include "swarmpath/io/scenario_file.hpp"

namespace swarmpath::io {
namespace {

TEST(ScenarioFileTest, ParsesTabSeparatedRows) {
    Expected<ScenarioFile> scenario = parse_scenario(
        "version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n3\tarena.map\t49\t49\t2\t3\t4\t5\t12.5\n",
        "a.scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    ASSERT_EQ(scenario->rows.size(), 2U);
    const ScenarioRow& row = scenario->rows[1];
    EXPECT_EQ(row.bucket, 3U);
    EXPECT_EQ(row.map_name, "arena.map");
    EXPECT_EQ(row.start_x, 2);
    EXPECT_EQ(row.goal_y, 5);
    EXPECT_DOUBLE_EQ(row.optimal_length, 12.5);
    EXPECT_EQ(row.line, 3U);
    EXPECT_EQ(scenario->version, "1");
}

// The integer fields are read as std::from_chars reads a whole field (the parser has its own loop
// for speed): random fields of digits, signs, dots and letters, and the edges of each type's range,
// in the bucket (unsigned 32-bit) and start x (signed 64-bit) columns, are accepted, with the same
// value, exactly when from_chars accepts them.
TEST(ScenarioFileTest, IntegerFieldsAreReadAsFromCharsReadsThem) {
    std::vector<std::string> fields = {"0",
                                       "-0",
                                       "-",
                                       "",
                                       "+1",
                                       "007",
                                       "4294967295",
                                       "4294967296",
                                       "-1",
                                       "9223372036854775807",
                                       "9223372036854775808",
                                       "-9223372036854775808",
                                       "-9223372036854775809",
                                       "18446744073709551615",
                                       "18446744073709551616",
                                       "99999999999999999999999",
                                       "1-",
                                       "--1",
                                       "1.0",
                                       "1e3",
                                       "x"};
    std::mt19937_64 random(0x5ce4);
    const std::string alphabet = "0123456789000000000-+.ex";
    std::uniform_int_distribution<std::size_t> letter(0, alphabet.size() - 1);
    std::uniform_int_distribution<int> length(1, 22);
    for (int count = 0; count < 3000; ++count) {
        std::string field;
        for (int index = length(random); index > 0; --index) field += alphabet[letter(random)];
        fields.push_back(field);
    }
    auto from_chars = [](const std::string& field, auto& value) {
        const auto [position, error] = std::from_chars(field.data(), field.data() + field.size(), value);
        return !field.empty() && error == std::errc() && position == field.data() + field.size();
    };
    // One row with `field` in `column` (row_text): parsed exactly when from_chars reads the field.
    auto check = [&]<class Integer>(const std::string& field, const std::string& row_text, Integer ScenarioRow::*member,
                                    const char* column) {
        Integer value = 0;
        const bool accepted = from_chars(field, value);
        Expected<ScenarioFile> parsed = parse_scenario("version 1\n" + row_text + "\n", "a.scen");
        ASSERT_EQ(static_cast<bool>(parsed), accepted) << column << " " << field;
        if (accepted) {
            EXPECT_EQ(parsed->rows.at(0).*member, value) << column << " " << field;
        } else {
            EXPECT_NE(parsed.error().message.find("is not a whole number"), std::string::npos)
                << column << " " << field;
        }
    };
    for (const std::string& field : fields) {
        if (field.empty()) continue;  // an empty field is no field: the row would have eight
        check(field, field + "\tm.map\t9\t9\t1\t1\t2\t2\t1", &ScenarioRow::bucket, "bucket");
        check(field, "0\tm.map\t9\t9\t" + field + "\t1\t2\t2\t1", &ScenarioRow::start_x, "start x");
    }
}

// The common row (nine tab-separated plain fields) is read in one pass, any other line field by
// field: random lines, mostly common rows and rows a byte or two from one (a space, a sign, an
// exponent, a doubled tab, a long or odd length, a size column, a CR), parse to the same rows,
// lengths bit for bit, or to the same problems, whichever way the parser reads them. (That the
// quick way is taken shows in instruction counts: docs/performance-log.md.)
TEST(ScenarioFileTest, CommonRowsReadAtOnceReadAsFieldByField) {
    std::mt19937_64 random(0x5c3a);
    auto pick = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(random); };
    auto digits = [&](int count) {
        std::string text;
        for (int index = 0; index < count; ++index) text += static_cast<char>('0' + pick(0, 9));
        return text;
    };
    auto length = [&]() -> std::string {
        switch (pick(0, 7)) {
            case 0:
                return digits(pick(1, 4));
            case 1:
                return digits(pick(1, 16)) + "." + digits(pick(1, 16));
            case 2:
                return "0." + std::string(static_cast<std::size_t>(pick(0, 25)), '0') + digits(pick(1, 3));
            case 3:
                return digits(pick(1, 3)) + "e" + digits(1);
            case 4:
                return pick(0, 1) == 0 ? "-" + digits(2) : "." + digits(3);
            case 5:
                return digits(2) + ".";
            default:
                return digits(pick(1, 3)) + "." + digits(pick(1, 8));
        }
    };
    const std::string noise = " \t\r-+.e0x9";
    std::vector<std::string> lines;
    for (int count = 0; count < 6000; ++count) {
        std::string line = digits(pick(1, 2)) + "\tmaps/x/" + digits(3) + ".map";
        for (int field = 0; field < 6; ++field) line += "\t" + digits(pick(1, field < 2 ? 4 : 3));
        line += "\t" + length();
        const int edits = pick(0, 3) == 0 ? pick(1, 2) : 0;
        for (int edit = 0; edit < edits; ++edit) {
            const auto at = static_cast<std::size_t>(pick(0, static_cast<int>(line.size())));
            if (pick(0, 3) == 0 && at < line.size()) {
                line.erase(at, 1);
            } else {
                line.insert(at, 1, noise[static_cast<std::size_t>(pick(0, static_cast<int>(noise.size()) - 1))]);
            }
        }
        if (pick(0, 9) == 0) line += pick(0, 1) == 0 ? "\tsize=2" : " class=x";
        if (pick(0, 9) == 0) line += "\r";
        lines.push_back(line);
    }
    // Lengths at the edges of the quick reading: 15 digits and more, long fractions, an overflow.
    for (const char* edge :
         {"999999999999999", "9999999999999999", "9007199254740993", "900719925474099.3", "0.30000000000000004",
          "0.000000000000001", "0.1234567890123456789012", "1e400", "00000000000000012.5", "1.0000000000000002"}) {
        lines.push_back(std::string("0\tm.map\t9\t9\t1\t1\t2\t2\t") + edge);
    }
    auto same_rows = [](const ScenarioFile& quick, const ScenarioFile& general, const std::string& text) {
        ASSERT_EQ(quick.rows.size(), general.rows.size()) << text;
        for (std::size_t index = 0; index < quick.rows.size(); ++index) {
            const ScenarioRow& one = quick.rows[index];
            const ScenarioRow& other = general.rows[index];
            EXPECT_EQ(one.bucket, other.bucket) << text;
            EXPECT_EQ(one.map_name, other.map_name) << text;
            EXPECT_EQ(
                std::tie(one.map_width, one.map_height, one.start_x, one.start_y, one.goal_x, one.goal_y),
                std::tie(other.map_width, other.map_height, other.start_x, other.start_y, other.goal_x, other.goal_y))
                << text;
            EXPECT_EQ(one.optimal_length, other.optimal_length) << text;
            EXPECT_EQ(std::signbit(one.optimal_length), std::signbit(other.optimal_length)) << text;
            EXPECT_EQ(std::tie(one.agent_size, one.agent_class, one.agent_size_given, one.line),
                      std::tie(other.agent_size, other.agent_class, other.agent_size_given, other.line))
                << text;
        }
    };
    int accepted = 0;
    for (std::size_t first = 0; first < lines.size(); first += 3) {
        // Three lines a file, so that a quick row follows a refused one and the other way round.
        std::string text = "version 1\n";
        for (std::size_t index = first; index < std::min(first + 3, lines.size()); ++index) text += lines[index] + "\n";
        Expected<ScenarioFile> quick = parse_scenario(text, "r.scen", nullptr, RowReading::common_rows_at_once);
        Expected<ScenarioFile> general = parse_scenario(text, "r.scen", nullptr, RowReading::field_by_field);
        ASSERT_EQ(static_cast<bool>(quick), static_cast<bool>(general)) << text;
        if (quick) {
            same_rows(*quick, *general, text);
            accepted += static_cast<int>(quick->rows.size());
        } else {
            EXPECT_EQ(quick.error().describe(), general.error().describe()) << text;
        }
        std::vector<Error> quick_problems;
        std::vector<Error> general_problems;
        Expected<ScenarioFile> quick_listed =
            parse_scenario(text, "r.scen", &quick_problems, RowReading::common_rows_at_once);
        Expected<ScenarioFile> general_listed =
            parse_scenario(text, "r.scen", &general_problems, RowReading::field_by_field);
        ASSERT_EQ(quick_problems.size(), general_problems.size()) << text;
        for (std::size_t index = 0; index < quick_problems.size(); ++index) {
            EXPECT_EQ(quick_problems[index].describe(), general_problems[index].describe()) << text;
        }
    }
    EXPECT_GT(accepted, 2000);  // most files hold only rows that parse
}

TEST(ScenarioFileTest, LegacySpacesVersionOneDotZeroCrlfNoFinalNewline) {
    Expected<ScenarioFile> scenario = parse_scenario(
        "version 1.0\r\n49 maps/wc3maps/battleground.map 512 512 328 401 323 216 197.11\r\n"
        "44 maps/wc3maps/battleground.map 512 512 207 204 75 266 178.65",
        "legacy.scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    ASSERT_EQ(scenario->rows.size(), 2U);
    EXPECT_EQ(scenario->version, "1.0");
    EXPECT_EQ(scenario->rows[1].goal_x, 75);
    EXPECT_DOUBLE_EQ(scenario->rows[1].optimal_length, 178.65);
}

TEST(ScenarioFileTest, TabbedMapNameMayContainSpaces) {
    Expected<ScenarioFile> scenario =
        parse_scenario("version 1\n0\tmy maps/a b.map\t4\t4\t0\t0\t1\t1\t1.41421356\n", "s");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    EXPECT_EQ(scenario->rows[0].map_name, "my maps/a b.map");
}

TEST(ScenarioFileTest, OffMapCoordinatesAreKeptForTheSolver) {
    Expected<ScenarioFile> scenario = parse_scenario("version 1\n0\ta.map\t4\t4\t-1\t0\t9\t1\t3\n", "s");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    EXPECT_EQ(scenario->rows[0].start_x, -1);
    EXPECT_EQ(scenario->rows[0].goal_x, 9);
}

TEST(ScenarioFileTest, MapNamesResolveBesideTheScenario) {
    EXPECT_EQ(resolve_map_path("data/dao/arena.map.scen", "maps/dao/arena.map"), "data/dao/arena.map");
    EXPECT_EQ(resolve_map_path("data/bg512/AR0011SR.map.scen", "AR0011SR.map"), "data/bg512/AR0011SR.map");
    EXPECT_EQ(resolve_map_path("local.scen", "maps\\x\\y.map"), "y.map");
}

TEST(ScenarioFileTest, ToleranceFollowsFormats) {
    EXPECT_TRUE(length_matches(1000.0, 1000.0 + 0.009));
    EXPECT_FALSE(length_matches(1000.0, 1000.0 + 0.02));
    EXPECT_TRUE(length_matches(0.0, 0.0));
    EXPECT_FALSE(length_matches(1.0, 1.00002));
    EXPECT_TRUE(length_matches(1.0, 1.000009));
}

TEST(ScenarioFileTest, OptionalAgentColumnsInAnyOrderTabbedOrSpaced) {
    Expected<ScenarioFile> scenario = parse_scenario(
        "version 1\n"
        "0\tmy maps/a.map\t8\t8\t0\t0\t5\t5\t7.07106781\tsize=2\tclass=hover\n"
        "1\ta.map\t8\t8\t1\t1\t6\t2\t5.41421356 class=heavy-tank  size=3\t\n"
        "2\ta.map\t8\t8\t1\t1\t6\t2\t5.41421356\tclass=ground\r\n"
        "3 a.map 8 8 0 0 1 1 1.41421356 size=64\n"
        "4 a.map 8 8 0 0 1 1 1.41421356\n",
        "mixed.scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    ASSERT_EQ(scenario->rows.size(), 5U);
    const std::vector<ScenarioRow>& rows = scenario->rows;
    EXPECT_EQ(rows[0].map_name, "my maps/a.map");
    EXPECT_DOUBLE_EQ(rows[0].optimal_length, 7.07106781);
    EXPECT_EQ(rows[0].agent_size, 2U);
    EXPECT_EQ(rows[0].agent_class, "hover");
    EXPECT_EQ(rows[1].agent_size, 3U);
    EXPECT_EQ(rows[1].agent_class, "heavy-tank");
    EXPECT_DOUBLE_EQ(rows[1].optimal_length, 5.41421356);
    EXPECT_EQ(rows[2].agent_size, 1U);
    EXPECT_EQ(rows[2].agent_class, "ground");
    EXPECT_EQ(rows[3].agent_size, kMaximumAgentSize);
    EXPECT_EQ(rows[3].agent_class, "");
    EXPECT_EQ(rows[4].agent_size, 1U);
    EXPECT_EQ(rows[4].agent_class, "");
}

TEST(ScenarioFileTest, StreamedRowsCarryTheAgentColumnsToo) {
    std::string text = "version 1\n";
    for (int index = 0; index < 5000; ++index) {
        text += std::to_string(index % 7) + "\ta.map\t64\t64\t" + std::to_string(index % 64) + "\t3\t4\t5\t" +
                std::to_string(index) + ".5";
        if (index % 3 != 0) text += "\tsize=" + std::to_string(1 + index % 4);
        if (index % 5 != 0) text += " class=c" + std::to_string(index % 5);
        text += "\n";
    }
    const std::string path = testing::scratch_folder("scenario-agent-columns") + "/a.map.scen";
    std::ofstream(path, std::ios::binary) << text;
    Expected<ScenarioFile> whole = parse_scenario(text, path);
    ASSERT_TRUE(whole) << whole.error().describe();
    std::size_t index = 0;
    Status streamed = for_each_scenario_row(path, [&](const ScenarioRow& row) {
        const ScenarioRow& expected = whole->rows.at(index);
        EXPECT_EQ(row.agent_size, expected.agent_size) << row.line;
        EXPECT_EQ(row.agent_class, expected.agent_class) << row.line;
        EXPECT_EQ(row.agent_size, index % 3 != 0 ? 1 + index % 4 : 1U) << row.line;
        std::string expected_class;  // built with append: GCC 12 at -O3 warns falsely on `literal + string`
        if (index % 5 != 0) expected_class.append("c").append(std::to_string(index % 5));
        EXPECT_EQ(row.agent_class, expected_class) << row.line;
        ++index;
        return true;
    });
    ASSERT_TRUE(streamed) << streamed.error().describe();
    EXPECT_EQ(index, 5000U);
}

/// A test case's name with every character that is not a letter or digit made '_'.
template <class Case>
std::string case_name(const ::testing::TestParamInfo<Case>& parameter_info) {
    std::string name = parameter_info.param.name;
    for (char& character : name) {
        if (!std::isalnum(static_cast<unsigned char>(character))) character = '_';
    }
    return name;
}

struct BadScenarioCase {
    std::string name;
    std::string text;
    std::uint32_t line;
    std::string message_part;
};

class BadScenarioTest : public ::testing::TestWithParam<BadScenarioCase> {};

TEST_P(BadScenarioTest, IsRejectedWithLine) {
    const BadScenarioCase& bad = GetParam();
    Expected<ScenarioFile> scenario = parse_scenario(bad.text, "bad.scen");
    ASSERT_FALSE(scenario) << bad.name << " was accepted";
    EXPECT_EQ(scenario.error().file, "bad.scen");
    EXPECT_EQ(scenario.error().line, bad.line) << scenario.error().describe();
    EXPECT_NE(scenario.error().message.find(bad.message_part), std::string::npos) << scenario.error().describe();
}

INSTANTIATE_TEST_SUITE_P(
    MalformedScenarios, BadScenarioTest,
    ::testing::Values(
        BadScenarioCase{"empty", "", 0, "empty"}, BadScenarioCase{"only blank lines", "\n\n", 2, "missing 'version'"},
        BadScenarioCase{"no version", "0\ta.map\t4\t4\t0\t0\t1\t1\t1\n", 1, "missing 'version'"},
        BadScenarioCase{"wrong version", "version 2\n", 1, "unsupported scenario version '2'"},
        BadScenarioCase{"too few fields", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\n", 2, "missing optimal length"},
        BadScenarioCase{"too many fields", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t1\t7\n", 2, "more than 9"},
        BadScenarioCase{"text coordinate", "version 1\n0\ta.map\t4\t4\tzero\t0\t1\t1\t1\n", 2, "start x 'zero'"},
        BadScenarioCase{"real coordinate", "version 1\n0\ta.map\t4\t4\t1.5\t0\t1\t1\t1\n", 2, "start x"},
        BadScenarioCase{"text length", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\tfar\n", 2, "optimal length"},
        BadScenarioCase{"negative length", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t-2\n", 2, "optimal length"},
        BadScenarioCase{"zero map size", "version 1\n0\ta.map\t0\t4\t0\t0\t1\t1\t1\n", 2, "out of range"},
        BadScenarioCase{"bad row after good", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t1\n\n0 a.map 4\n", 4, "fields"},
        BadScenarioCase{"empty length between tabs", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t\t1\n", 2,
                        "optimal length ''"}),
    case_name<BadScenarioCase>);

struct BadColumnCase {
    std::string name;
    std::string columns;  ///< what follows a good row's optimal length
    std::uint32_t column;
    std::string message_part;
};

class BadAgentColumnTest : public ::testing::TestWithParam<BadColumnCase> {};

TEST_P(BadAgentColumnTest, IsRefusedWithLineAndColumn) {
    const BadColumnCase& bad = GetParam();
    const std::string row = "0\ta.map\t4\t4\t0\t0\t1\t1\t1";  // the optimal length is column 21
    Expected<ScenarioFile> scenario = parse_scenario("version 1\n" + row + bad.columns + "\n", "bad.scen");
    ASSERT_FALSE(scenario) << bad.name << " was accepted";
    EXPECT_EQ(scenario.error().file, "bad.scen");
    EXPECT_EQ(scenario.error().line, 2U);
    EXPECT_EQ(scenario.error().column, bad.column) << scenario.error().describe();
    EXPECT_NE(scenario.error().message.find(bad.message_part), std::string::npos) << scenario.error().describe();
    // The problem list records it too, and parsing goes on to the next row.
    std::vector<Error> problems;
    Expected<ScenarioFile> listed =
        parse_scenario("version 1\n" + row + bad.columns + "\n" + row + "\tsize=0\n", "bad.scen", &problems);
    ASSERT_FALSE(listed);
    ASSERT_GE(problems.size(), 2U);
    EXPECT_EQ(problems.front().column, bad.column);
    EXPECT_EQ(problems.back().line, 3U);
}

INSTANTIATE_TEST_SUITE_P(
    MalformedAgentColumns, BadAgentColumnTest,
    ::testing::Values(BadColumnCase{"not a key", "\t7", 23, "more than 9 fields: '7' is not an optional column"},
                      BadColumnCase{"unknown key", "\tsise=2", 23, "unknown optional column 'sise'"},
                      BadColumnCase{"unknown key suggestion", " clas=a", 23, "did you mean class?"},
                      BadColumnCase{"size twice", "\tsize=2 class=a\tsize=2", 38,
                                    "'size' is given twice (first at column 23)"},
                      BadColumnCase{"class twice", " class=a class=a", 31, "'class' is given twice"},
                      BadColumnCase{"size zero", "\tsize=0", 23, "agent size '0' is not a whole number from 1 to 64"},
                      BadColumnCase{"size too large", "\tsize=65", 23, "from 1 to 64"},
                      BadColumnCase{"size huge", "\tsize=99999999999999999999", 23, "from 1 to 64"},
                      BadColumnCase{"size negative", "\tsize=-1", 23, "agent size '-1'"},
                      BadColumnCase{"size not whole", "\tsize=1.5", 23, "agent size '1.5'"},
                      BadColumnCase{"size empty", "\tsize=", 23, "agent size ''"},
                      BadColumnCase{"class empty", "\tclass=", 23, "agent class: missing class name"},
                      BadColumnCase{"class not a name", "\tclass=2fast", 23, "agent class: class name '2fast'"},
                      BadColumnCase{"class too long", "\tclass=" + std::string(65, 'a'), 23, "longer than 64"}),
    case_name<BadColumnCase>);

/// A bundled row read the plain Moving AI way, independently of the parser: nine fields split on
/// tabs when the line has any, else on spaces.
std::vector<std::string> plain_fields(const std::string& line) {
    std::vector<std::string> fields;
    if (line.find('\t') != std::string::npos) {
        std::stringstream stream(line);
        std::string field;
        while (std::getline(stream, field, '\t')) fields.push_back(field);
    } else {
        std::stringstream stream(line);
        std::string field;
        while (stream >> field) fields.push_back(field);
    }
    return fields;
}

TEST(ScenarioFileTest, EveryBundledScenarioParsesAsPlainMovingAiRows) {
    std::size_t rows = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(testing::dataset_folder())) {
        if (entry.path().extension() != ".scen") continue;
        Expected<ScenarioFile> scenario = read_scenario_file(entry.path().string());
        ASSERT_TRUE(scenario) << scenario.error().describe();
        EXPECT_FALSE(scenario->rows.empty()) << entry.path();
        if (entry.path().string().find("legacy") == std::string::npos) rows += scenario->rows.size();
        std::ifstream input(entry.path(), std::ios::binary);
        std::vector<std::string> lines;
        for (std::string line; std::getline(input, line);) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            lines.push_back(line);
        }
        for (const ScenarioRow& row : scenario->rows) {
            const std::vector<std::string> fields = plain_fields(lines.at(row.line - 1));
            ASSERT_EQ(fields.size(), 9U) << entry.path() << ":" << row.line;
            EXPECT_EQ(std::to_string(row.bucket), fields[0]);
            EXPECT_EQ(row.map_name, fields[1]);
            EXPECT_EQ(std::to_string(row.start_x) + " " + std::to_string(row.start_y) + " " +
                          std::to_string(row.goal_x) + " " + std::to_string(row.goal_y),
                      fields[4] + " " + fields[5] + " " + fields[6] + " " + fields[7]);
            EXPECT_EQ(row.optimal_length, std::stod(fields[8])) << entry.path() << ":" << row.line;
            EXPECT_EQ(row.agent_size, 1U);
            EXPECT_EQ(row.agent_class, "");
        }
    }
    EXPECT_EQ(rows, 37709U);
}

}  // namespace
}  // namespace swarmpath::io
