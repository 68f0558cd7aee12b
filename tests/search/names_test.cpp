// The one parser and printer per enumeration (search/types.hpp, grid/topology.hpp) and the wording of
// settings in messages (core/settings_words.hpp): every printed name parses back to its value, the
// aliases for callers without `+` and `-` parse to the same values, an unknown name is an error about
// its setting that lists the valid names and suggests the closest, and each front end's wording
// replaces the placeholders while other text stays as it is.
#include <string>

#include <gtest/gtest.h>

#include "swarmpath/core/settings_words.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {
namespace {

TEST(EnumerationNames, EveryPrintedNameParsesBack) {
    for (Algorithm algorithm :
         {Algorithm::automatic, Algorithm::astar, Algorithm::jps, Algorithm::jps_plus, Algorithm::flowfield}) {
        Expected<Algorithm> parsed = parse_algorithm(to_string(algorithm));
        ASSERT_TRUE(parsed) << to_string(algorithm);
        EXPECT_EQ(*parsed, algorithm);
    }
    for (Moves moves : {Moves::four, Moves::eight}) EXPECT_EQ(*parse_moves(to_string(moves)), moves);
    for (DiagonalRule rule : {DiagonalRule::both_free, DiagonalRule::one_free, DiagonalRule::any}) {
        EXPECT_EQ(*parse_diagonal_rule(to_string(rule)), rule);
    }
    for (HeuristicKind heuristic :
         {HeuristicKind::automatic, HeuristicKind::octile, HeuristicKind::manhattan, HeuristicKind::euclidean,
          HeuristicKind::chebyshev, HeuristicKind::zero, HeuristicKind::hex, HeuristicKind::triangle}) {
        EXPECT_EQ(*parse_heuristic(to_string(heuristic)), heuristic);
    }
    for (Fallback fallback : {Fallback::none, Fallback::nearest})
        EXPECT_EQ(*parse_fallback(to_string(fallback)), fallback);
    for (int index = 0; index < kQueryStatusCount; ++index) {
        const auto status = static_cast<QueryStatus>(index);
        Expected<QueryStatus> parsed = parse_status(to_string(status));
        ASSERT_TRUE(parsed) << to_string(status);
        EXPECT_EQ(*parsed, status);
    }
    for (grid::Topology topology : {grid::Topology::square, grid::Topology::hex, grid::Topology::triangle}) {
        EXPECT_EQ(*grid::parse_topology(grid::topology_type_name(topology)), topology);
    }
    EXPECT_EQ(*grid::parse_topology("square"), grid::Topology::square);
}

TEST(EnumerationNames, AliasesParseToTheSameValues) {
    EXPECT_EQ(*parse_algorithm("jps_plus"), Algorithm::jps_plus);
    EXPECT_EQ(*parse_diagonal_rule("both_free"), DiagonalRule::both_free);
    EXPECT_EQ(*parse_diagonal_rule("one_free"), DiagonalRule::one_free);
}

TEST(EnumerationNames, UnknownNamesListTheValidOnesAndTheClosest) {
    Expected<Algorithm> typo = parse_algorithm("jsp");
    ASSERT_FALSE(typo);
    EXPECT_EQ(typo.error().setting, Setting::algorithm);
    EXPECT_EQ(typo.error().value, "jsp");
    const std::string described = typo.error().describe();
    EXPECT_NE(described.find("algorithm jsp is unknown"), std::string::npos) << described;
    EXPECT_NE(described.find("auto, astar, jps, jps+ or flowfield"), std::string::npos) << described;
    EXPECT_NE(described.find("did you mean jps?"), std::string::npos) << described;

    Expected<Algorithm> far = parse_algorithm("dijkstra-with-buckets");
    ASSERT_FALSE(far);
    EXPECT_EQ(far.error().describe().find("did you mean"), std::string::npos) << far.error().describe();
    EXPECT_FALSE(parse_algorithm("oracle")) << "the oracle is not asked of a Solver";
    EXPECT_FALSE(parse_algorithm("ASTAR")) << "names are exact";
    EXPECT_FALSE(parse_moves("6"));
    EXPECT_EQ(parse_moves("6").error().setting, Setting::moves);
    EXPECT_EQ(parse_diagonal_rule("bothfree").error().describe().find("did you mean both-free?") == std::string::npos,
              false);
    EXPECT_EQ(grid::parse_topology("hexagon").error().setting, Setting::topology);
    EXPECT_NE(parse_status("lost").error().describe().find("status 'lost' is unknown"), std::string::npos);
}

std::string dashed(Setting setting, std::string_view value) {
    std::string text = "--" + std::string(setting_key(setting));
    if (!value.empty()) text.append("=").append(value);
    return text;
}

TEST(SettingWords, EachFrontEndWordsThePlaceholders) {
    const std::string message = "{{moves=4}} is set; use {{algorithm=astar}} or change {{diagonal_rule}}";
    EXPECT_EQ(word_message(message, plain_setting_wording),
              "moves 4 is set; use algorithm astar or change diagonal_rule");
    EXPECT_EQ(word_message(message, dashed), "--moves=4 is set; use --algorithm=astar or change --diagonal_rule");
    EXPECT_EQ(setting_placeholder(Setting::heuristic, "zero"), "{{heuristic=zero}}");
    // Text that is no placeholder of a setting stays as written, braces and all.
    EXPECT_EQ(word_message("a {{map}} b {{ c", plain_setting_wording), "a {{map}} b {{ c");
    EXPECT_EQ(word_message("file {x}.map", plain_setting_wording), "file {x}.map");
    Error error{"map.txt", 3, 0, "{{terrain}} is missing", Setting::terrain, ""};
    EXPECT_EQ(error.describe(dashed), "map.txt:3: --terrain is missing");
}

}  // namespace
}  // namespace swarmpath::search
