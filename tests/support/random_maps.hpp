// Maps for tests: a seeded generator of MapFile values with a given obstacle density and,
// optionally, extra terrain letters (deterministic for a given seed), and small maps drawn as rows.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>

#include "swarmpath/io/map_file.hpp"

namespace swarmpath::testing {

/// A width × height map: each cell is '@' with probability `density`, otherwise a letter drawn
/// uniformly from `passable_letters`.
io::MapFile random_map(std::mt19937_64& random, std::uint32_t width, std::uint32_t height, double density,
                       const std::string& passable_letters = ".");

/// The same with its width and then its height drawn from `side`, in that order. Use it rather
/// than random_map(random, side, ...): a function's arguments are evaluated
/// in an unspecified order (GCC right to left, Clang left to right), so that call draws a
/// different map under each compiler and a seeded test checks different cases in each build.
io::MapFile random_map(std::mt19937_64& random, std::uniform_int_distribution<std::uint32_t>& side, double density,
                       const std::string& passable_letters = ".");

/// A square-cell map drawn row by row, top row first: map_from_rows({"..@", "..."}) is 3 wide and
/// 2 high. Every row must be as long as the first (a test setup error throws std::invalid_argument).
io::MapFile map_from_rows(std::initializer_list<std::string_view> rows);

/// The map as Moving AI text (for parser round trips and command-line tests).
std::string to_map_text(const io::MapFile& map);

/// Folder for a test's scratch files, emptied and created: `name` and the process id under the
/// temporary folder. Removed when the test process exits normally, unless SWARMPATH_KEEP_SCRATCH=1.
std::string scratch_folder(const std::string& name);

/// Path of the bundled datasets folder.
std::string dataset_folder();
/// A bundled dataset file: dataset_folder() + "/" + relative.
std::string dataset(const std::string& relative);

}  // namespace swarmpath::testing
