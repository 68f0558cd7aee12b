// Movement classes: named terrain tables, one per kind of unit (ground, hover, heavy...), each saying
// for every letter what entering it costs that class or that the class cannot enter it. A query
// names its class (io/scenario_file.hpp's `class=` column); the first class declared is the default.
// Two text forms, both in docs/formats.md#movement-classes:
//   a classes file   `version 1`, then `class NAME` lines, each followed by lines of terrain items
//                    (`LETTER=COST, LETTER=COST`, the terrain-spec grammar of io/terrain_file.hpp);
//                    `class NAME: ITEMS` on one line says the same; `#` starts a comment;
//   a one-line spec  `NAME[:ITEMS][;NAME[:ITEMS]]...`, for example `ground;hover:W=1,S=2;heavy:S=inf`.
// Every class starts from the same base table (the benchmark's unless the caller passes another) and
// changes only the letters it names. Errors name the origin, the line and the column; the parsers
// never print.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

/// Most classes one file or spec may declare: a game has a handful, each derived grid costs memory.
inline constexpr std::size_t kMaximumMovementClasses = 64;
/// Class names: 1 to this many characters, ASCII letters, digits, `_` and `-`, starting with a letter.
inline constexpr std::size_t kMaximumClassNameLength = 64;
/// Longest line of a classes file, in bytes (its end excluded).
inline constexpr std::size_t kMaximumClassesLineLength = 4096;
/// The name of the only class of a run that declares none (MovementClasses::single).
inline constexpr std::string_view kDefaultClassName = "default";

struct MovementClass {
    std::string name;
    grid::TerrainTable terrain;
};

struct MovementClasses {
    std::vector<MovementClass> classes;  ///< in declaration order; the first is the default

    /// One class, named kDefaultClassName, holding `terrain`: what a run that declares no class uses.
    static MovementClasses single(grid::TerrainTable terrain);

    /// The index of the class named `name` (names are case-sensitive); an empty name is the default
    /// class, index 0. An unknown name is an Error (no file or line: the caller knows where the name
    /// came from) listing the classes and suggesting the closest.
    [[nodiscard]] Expected<std::uint32_t> index_of(std::string_view name) const;
    /// The class named `name` (empty: the default), or nullptr when there is none.
    [[nodiscard]] const MovementClass* find(std::string_view name) const;

    /// Declares, in `terrain` (the run's table, the one a map is read with) and in every class, each
    /// letter that some class defines and they do not, as blocked: a map may then hold a letter that
    /// only one class can enter (a hover pad, a road for wheels), and everyone else treats it as a wall.
    void block_letters_defined_elsewhere(grid::TerrainTable& terrain);
};

/// Why `name` is not a valid class name (empty text when it is one).
[[nodiscard]] std::string class_name_problem(std::string_view name);

/// Parses the text of a classes file; `origin` names it in errors. Each class starts from `base`.
Expected<MovementClasses> parse_movement_classes(std::string_view text, std::string_view origin,
                                                 const grid::TerrainTable& base = grid::TerrainTable::benchmark());
/// Reads and parses a classes file; with `digest`, its bytes are checksummed there as they are read.
Expected<MovementClasses> read_movement_classes_file(const std::string& path,
                                                     const grid::TerrainTable& base = grid::TerrainTable::benchmark(),
                                                     FileDigest* digest = nullptr);
/// Parses a one-line spec, `NAME[:ITEMS][;NAME[:ITEMS]]...`; errors give the column in the spec
/// (line 0), `origin` naming it (for example the option that carried it).
Expected<MovementClasses> parse_movement_classes_spec(std::string_view spec, std::string_view origin,
                                                      const grid::TerrainTable& base = grid::TerrainTable::benchmark());

}  // namespace swarmpath::io
