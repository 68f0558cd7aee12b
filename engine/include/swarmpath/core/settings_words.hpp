// The settings a caller hands the engine, named once, so that an error can say which setting it is
// about and every front end can word it in its own names: the command line says `--moves 4`, Python
// `moves=4`, C `moves = 4`. Engine messages never spell a front end's names; they write a setting as
// a placeholder, `{{moves}}` for the name alone or `{{algorithm=astar}}` for the name with a value,
// and `word_message` renders the placeholders with the wording a front end supplies. Also the one
// matcher of names used by every enumeration's parser: exact, case-sensitive names, and the closest
// valid name for a "did you mean" hint.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace swarmpath {

/// The settings an error may be about. `none`: not about one setting (a file, the grid, a query).
enum class Setting : std::uint8_t {
    none,
    algorithm,
    moves,
    diagonal_rule,
    heuristic,
    weight,
    fallback,
    max_expansions,
    deadline,
    terrain,
    threads,
    topology,
    agent_size,
    agent_class,
    classes,      ///< the declared movement classes
    goal_bounds,  ///< JPS+'s goal bounds (search/goal_bounds.hpp)
};

/// The setting's own name, as placeholders write it: "diagonal_rule", "max_expansions", ...
std::string_view setting_key(Setting setting);

/// How a front end words a setting: its name alone when `value` is empty, else the name with the value.
using SettingWording = std::string (*)(Setting setting, std::string_view value);

/// The engine's own wording, for callers with no names of their own: "moves", "algorithm astar".
std::string plain_setting_wording(Setting setting, std::string_view value);

/// `message` with every `{{key}}` and `{{key=value}}` placeholder worded by `wording`; text that is
/// not a placeholder of a known setting is left as it is.
std::string word_message(std::string_view message, SettingWording wording);

/// The placeholder for `setting` (with `value` when not empty), for engine code writing a message.
std::string setting_placeholder(Setting setting, std::string_view value = {});

/// The valid name closest to `name` by edit distance, or empty when none is close enough to suggest.
std::string_view closest_name(std::string_view name, std::span<const std::string_view> valid);

/// "a, b or c": the valid names listed for a message.
std::string list_names(std::span<const std::string_view> valid);

}  // namespace swarmpath
