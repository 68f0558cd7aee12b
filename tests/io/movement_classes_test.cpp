// Movement-class tests: classes files and one-line specs (io/movement_classes_file.hpp) — each class
// starts from the base table and changes only its letters, the first is the default, lookup by name
// suggests the closest — and every refusal, each with its file, line and column.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>

#include "random_maps.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/movement_classes_file.hpp"

namespace swarmpath::io {
namespace {

using grid::TerrainTable;

/// Every letter's rule in `table` equals the one in `expected` except the letters in `changed`.
void expect_same_except(const TerrainTable& table, const TerrainTable& expected, std::string_view changed = {}) {
    for (int code = 0; code < 256; ++code) {
        const char letter = static_cast<char>(code);
        if (changed.find(letter) != std::string_view::npos) continue;
        const grid::TerrainRule& rule = table.rule(letter);
        const grid::TerrainRule& wanted = expected.rule(letter);
        EXPECT_TRUE(rule.defined == wanted.defined && rule.passable == wanted.passable && rule.cost == wanted.cost &&
                    rule.layer == wanted.layer)
            << "letter " << code;
    }
}

TEST(MovementClassesTest, FileDeclaresClassesFromTheBenchmarkTableInOrder) {
    Expected<MovementClasses> classes = parse_movement_classes(
        "# units of the battleground\nversion 1\n\nclass ground        # the benchmark table\n"
        "class hover\n  W = 1, S = 2   # crosses water\r\n  x = 0.5\nclass heavy: S=inf, T = blocked\n",
        "units.classes");
    ASSERT_TRUE(classes) << classes.error().describe();
    ASSERT_EQ(classes->classes.size(), 3U);
    EXPECT_EQ(classes->classes[0].name, "ground");
    EXPECT_EQ(classes->classes[1].name, "hover");
    EXPECT_EQ(classes->classes[2].name, "heavy");
    expect_same_except(classes->classes[0].terrain, TerrainTable::benchmark());
    const TerrainTable& hover = classes->classes[1].terrain;
    EXPECT_TRUE(hover.rule('W').passable);
    EXPECT_EQ(hover.rule('W').layer, 1);  // water declared: ordinary ground for this class
    EXPECT_DOUBLE_EQ(hover.rule('S').cost, 2.0);
    EXPECT_DOUBLE_EQ(hover.rule('x').cost, 0.5);
    expect_same_except(hover, TerrainTable::benchmark(), "WSx");
    const TerrainTable& heavy = classes->classes[2].terrain;
    EXPECT_FALSE(heavy.rule('S').passable);
    EXPECT_FALSE(heavy.rule('T').passable);
    expect_same_except(heavy, TerrainTable::benchmark(), "ST");
}

TEST(MovementClassesTest, ClassesStartFromTheBaseGiven) {
    TerrainTable base = TerrainTable::benchmark();
    base.declare('r', true, 0.25);
    Expected<MovementClasses> classes = parse_movement_classes("version 1\nclass a\nclass b: r=3\n", "c", base);
    ASSERT_TRUE(classes) << classes.error().describe();
    EXPECT_DOUBLE_EQ(classes->classes[0].terrain.rule('r').cost, 0.25);
    EXPECT_DOUBLE_EQ(classes->classes[1].terrain.rule('r').cost, 3.0);
}

TEST(MovementClassesTest, SpecSaysWhatTheFileSays) {
    Expected<MovementClasses> spec = parse_movement_classes_spec(" ground ; hover:W=1,S=2;heavy: S=inf", "--classes");
    Expected<MovementClasses> file =
        parse_movement_classes("version 1\nclass ground\nclass hover\nW=1\nS=2\nclass heavy\nS=inf\n", "f");
    ASSERT_TRUE(spec) << spec.error().describe();
    ASSERT_TRUE(file) << file.error().describe();
    ASSERT_EQ(spec->classes.size(), file->classes.size());
    for (std::size_t index = 0; index < spec->classes.size(); ++index) {
        EXPECT_EQ(spec->classes[index].name, file->classes[index].name);
        expect_same_except(spec->classes[index].terrain, file->classes[index].terrain);
    }
}

TEST(MovementClassesTest, LookupByNameTheFirstIsTheDefault) {
    Expected<MovementClasses> classes = parse_movement_classes_spec("ground;hover:W=1;heavy:S=inf", "--classes");
    ASSERT_TRUE(classes) << classes.error().describe();
    EXPECT_EQ(*classes->index_of(""), 0U);
    EXPECT_EQ(*classes->index_of("ground"), 0U);
    EXPECT_EQ(*classes->index_of("heavy"), 2U);
    EXPECT_EQ(classes->find("hover"), &classes->classes[1]);
    EXPECT_EQ(classes->find("Hover"), nullptr);  // names are case-sensitive
    Expected<std::uint32_t> unknown = classes->index_of("hovr");
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("'hovr' is unknown"), std::string::npos) << unknown.error().message;
    EXPECT_NE(unknown.error().message.find("ground, hover or heavy"), std::string::npos) << unknown.error().message;
    EXPECT_NE(unknown.error().message.find("did you mean hover?"), std::string::npos) << unknown.error().message;
    Expected<std::uint32_t> far = classes->index_of("submarine");
    ASSERT_FALSE(far);
    EXPECT_EQ(far.error().message.find("did you mean"), std::string::npos) << far.error().message;
    EXPECT_FALSE(MovementClasses{}.index_of(""));
}

TEST(MovementClassesTest, SingleIsTheDefaultClassOfARunWithoutClasses) {
    MovementClasses classes = MovementClasses::single(TerrainTable::benchmark());
    ASSERT_EQ(classes.classes.size(), 1U);
    EXPECT_EQ(classes.classes[0].name, kDefaultClassName);
    EXPECT_EQ(*classes.index_of(""), 0U);
    EXPECT_EQ(*classes.index_of("default"), 0U);
}

TEST(MovementClassesTest, ClassNames) {
    for (const char* name : {"a", "ground", "Hover_2", "heavy-tank"}) {
        EXPECT_EQ(class_name_problem(name), "") << name;
    }
    for (const std::string& name :
         {std::string(""), std::string("2fast"), std::string("_x"), std::string("hover tank"), std::string("a=b"),
          std::string("a:b"), std::string("caf\xc3\xa9"), std::string(kMaximumClassNameLength + 1, 'a')}) {
        EXPECT_NE(class_name_problem(name), "") << name;
    }
    EXPECT_EQ(class_name_problem(std::string(kMaximumClassNameLength, 'a')), "");
}

TEST(MovementClassesTest, ReadsAFileAndNamesItInErrors) {
    const std::filesystem::path folder = testing::scratch_folder("movement-classes-file");
    const std::string good = (folder / "units.classes").string();
    const std::string bad = (folder / "bad.classes").string();
    std::ofstream(good) << "version 1\nclass ground\nclass hover: W=1\n";
    std::ofstream(bad) << "version 1\nclass ground\nclass ground\n";
    FileDigest digest;
    Expected<MovementClasses> classes = read_movement_classes_file(good, TerrainTable::benchmark(), &digest);
    ASSERT_TRUE(classes) << classes.error().describe();
    EXPECT_EQ(classes->classes.size(), 2U);
    EXPECT_EQ(digest.bytes, std::filesystem::file_size(good));
    Expected<MovementClasses> refused = read_movement_classes_file(bad);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().describe(), bad + ":3:7: class 'ground' is declared twice (first at line 2)");
    Expected<MovementClasses> missing = read_movement_classes_file((folder / "absent.classes").string());
    ASSERT_FALSE(missing);
    EXPECT_EQ(missing.error().file, (folder / "absent.classes").string());
}

struct BadClassesCase {
    std::string name;
    std::string text;
    std::uint32_t line;
    std::uint32_t column;
    std::string message_part;
};

std::string case_name(const std::string& name) {
    std::string cleaned = name;
    for (char& character : cleaned) {
        if (!std::isalnum(static_cast<unsigned char>(character))) character = '_';
    }
    return cleaned;
}

class BadClassesFileTest : public ::testing::TestWithParam<BadClassesCase> {};

/// Checks that `classes` was refused as `bad` says, naming `origin`.
void expect_refused(const Expected<MovementClasses>& classes, const BadClassesCase& bad, std::string_view origin) {
    ASSERT_FALSE(classes) << bad.name << " was accepted";
    EXPECT_EQ(classes.error().file, origin);
    EXPECT_EQ(classes.error().line, bad.line) << classes.error().describe();
    EXPECT_EQ(classes.error().column, bad.column) << classes.error().describe();
    EXPECT_NE(classes.error().message.find(bad.message_part), std::string::npos) << classes.error().describe();
}

TEST_P(BadClassesFileTest, IsRefusedWithLineAndColumn) {
    expect_refused(parse_movement_classes(GetParam().text, "bad.classes"), GetParam(), "bad.classes");
}

std::string many_classes(std::size_t count) {
    std::string text = "version 1\n";
    for (std::size_t index = 0; index < count; ++index) text += "class c" + std::to_string(index) + "\n";
    return text;
}

INSTANTIATE_TEST_SUITE_P(
    MalformedClassesFiles, BadClassesFileTest,
    ::testing::Values(
        BadClassesCase{"empty", "", 0, 0, "empty file"},
        BadClassesCase{"only comments", "# nothing\n\n", 2, 0, "missing 'version'"},
        BadClassesCase{"no version", "class ground\n", 1, 1, "missing 'version'"},
        BadClassesCase{"wrong version", "version 2\nclass a\n", 1, 9, "unsupported classes file version '2'"},
        BadClassesCase{"version without number", "  version\n", 1, 3, "unsupported classes file version ''"},
        BadClassesCase{"second version", "version 1\nclass a\nversion 1\n", 3, 1, "duplicate 'version'"},
        BadClassesCase{"no class", "version 1\n# none yet\n", 2, 0, "declares no class"},
        BadClassesCase{"items before a class", "version 1\nS=2\nclass a\n", 2, 1, "before the first 'class'"},
        BadClassesCase{"class without name", "version 1\nclass\n", 2, 6, "missing class name"},
        BadClassesCase{"class with colon only", "version 1\nclass : S=2\n", 2, 7, "missing class name"},
        BadClassesCase{"bad class name", "version 1\nclass 2fast\n", 2, 7, "is not a name"},
        BadClassesCase{"name with a space", "version 1\nclass hover tank: W=1\n", 2, 7, "is not a name"},
        BadClassesCase{"long class name", "version 1\nclass " + std::string(65, 'a') + "\n", 2, 7, "longer than 64"},
        BadClassesCase{"duplicate class", "version 1\nclass a\nclass b\n  class a\n", 4, 9,
                       "class 'a' is declared twice (first at line 2)"},
        BadClassesCase{"too many classes", many_classes(kMaximumMovementClasses + 1),
                       static_cast<std::uint32_t>(kMaximumMovementClasses + 2), 7, "more than 64 movement classes"},
        BadClassesCase{"empty items after colon", "version 1\nclass a:\n", 2, 9, "empty terrain spec"},
        BadClassesCase{"item without equals", "version 1\nclass a\n  S 2\n", 3, 3, "is not LETTER=COST"},
        BadClassesCase{"two-letter item", "version 1\nclass a\nSW=2\n", 3, 1, "exactly one character"},
        BadClassesCase{"non-printable letter", "version 1\nclass a\n\x01=2\n", 3, 1, "printable"},
        BadClassesCase{"cost not a number", "version 1\nclass a\nS=2, W=fast\n", 3, 5,
                       "'fast' for 'W' is not a number"},
        BadClassesCase{"cost too small", "version 1\nclass a: S=1e-7\n", 2, 9, "out of range"},
        BadClassesCase{"cost too large", "version 1\nclass a\nS=1e13\n", 3, 1, "out of range"},
        BadClassesCase{"zero cost", "version 1\nclass a\nS=0\n", 3, 1, "out of range"},
        BadClassesCase{"trailing comma", "version 1\nclass a\nS=2,\n", 3, 5, "is not LETTER=COST"},
        BadClassesCase{"letter twice in a class", "version 1\nclass a: S=2\nclass b\nS=3\nW=1\nS=inf\n", 6, 1,
                       "'S' is declared twice (first at line 4)"},
        BadClassesCase{"huge line", "version 1\nclass a\n" + std::string(kMaximumClassesLineLength + 1, ' ') + "\n", 3,
                       static_cast<std::uint32_t>(kMaximumClassesLineLength + 1), "bytes long"},
        BadClassesCase{"byte-order mark", "\xEF\xBB\xBFversion 1\nclass a\n", 1, 1, "byte-order mark"},
        BadClassesCase{"CR-only line ends", "version 1\rclass a\r", 1, 1, "CR-only"}),
    [](const ::testing::TestParamInfo<BadClassesCase>& parameter_info) {
        return case_name(parameter_info.param.name);
    });

class BadClassesSpecTest : public ::testing::TestWithParam<BadClassesCase> {};

TEST_P(BadClassesSpecTest, IsRefusedWithColumn) {
    expect_refused(parse_movement_classes_spec(GetParam().text, "--classes"), GetParam(), "--classes");
}

INSTANTIATE_TEST_SUITE_P(
    MalformedClassesSpecs, BadClassesSpecTest,
    ::testing::Values(BadClassesCase{"empty", "  ", 0, 0, "empty movement-class spec"},
                      BadClassesCase{"empty class between", "a;;b", 0, 3, "empty class"},
                      BadClassesCase{"trailing semicolon", "a;b:S=2;", 0, 9, "empty class"},
                      BadClassesCase{"missing name", "a; :S=2", 0, 4, "missing class name"},
                      BadClassesCase{"bad name", "a;b c:S=2", 0, 3, "is not a name"},
                      BadClassesCase{"duplicate", "a;b;a:S=2", 0, 5, "declared twice (first at column 1)"},
                      BadClassesCase{"bad cost", "a;hover:S=2,W=x", 0, 13, "not a number"},
                      BadClassesCase{"letter twice", "a:S=2,S=3", 0, 7, "declared twice (first at column 3)"},
                      BadClassesCase{"empty items", "a:", 0, 3, "empty terrain spec"}),
    [](const ::testing::TestParamInfo<BadClassesCase>& parameter_info) {
        return case_name(parameter_info.param.name);
    });

TEST(MovementClassesTest, TooManyClassesInASpec) {
    std::string spec = "c0";
    for (std::size_t index = 1; index <= kMaximumMovementClasses; ++index) spec += ";c" + std::to_string(index);
    Expected<MovementClasses> classes = parse_movement_classes_spec(spec, "--classes");
    ASSERT_FALSE(classes);
    EXPECT_NE(classes.error().message.find("more than 64"), std::string::npos) << classes.error().describe();
    spec.resize(spec.rfind(';'));
    EXPECT_TRUE(parse_movement_classes_spec(spec, "--classes"));
}

}  // namespace
}  // namespace swarmpath::io
