// The command line's words for the engine's settings: an engine message that names a setting as a
// placeholder (core/settings_words.hpp) reads `--moves`, `--algorithm astar` here.
#include <string>
#include <string_view>

#include "commands.hpp"

namespace swarmpath::cli {

std::string command_line_wording(Setting setting, std::string_view value) {
    std::string_view option;
    switch (setting) {
        case Setting::algorithm:
            option = "--algorithm";
            break;
        case Setting::moves:
            option = "--moves";
            break;
        case Setting::diagonal_rule:
            option = "--diagonal-rule";
            break;
        case Setting::heuristic:
            option = "--heuristic";
            break;
        case Setting::weight:
            option = "--weight";
            break;
        case Setting::fallback:
            option = "--fallback";
            break;
        case Setting::max_expansions:
            option = "--max-expansions";
            break;
        case Setting::deadline:
            option = "--deadline-ms";
            break;
        case Setting::terrain:
            option = "--terrain";
            break;
        case Setting::threads:
            option = "--threads";
            break;
        case Setting::topology:
            option = "--topology";
            break;
        case Setting::agent_size:
            option = "--agent-size";
            break;
        case Setting::agent_class:
            option = "--class";
            break;
        case Setting::classes:
            option = "--classes or --classes-file";
            break;
        case Setting::goal_bounds:
            option = "--goal-bounds";
            break;
        case Setting::none:
            break;
    }
    std::string text(option);
    if (!value.empty()) text.append(" ").append(value);
    return text;
}

}  // namespace swarmpath::cli
