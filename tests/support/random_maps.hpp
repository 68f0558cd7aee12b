// Random maps for randomized tests: a seeded generator of MapFile values with a given obstacle
// density and, optionally, extra terrain letters. Deterministic for a given seed.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "swarmpath/io/map_file.hpp"

namespace swarmpath::testing {

/// A width × height map: each cell is '@' with probability `density`, otherwise a letter drawn
/// uniformly from `passable_letters`.
io::MapFile random_map(std::mt19937_64& random, std::uint32_t width, std::uint32_t height, double density,
                       const std::string& passable_letters = ".");

/// The map as Moving AI text (for parser round trips and command-line tests).
std::string to_map_text(const io::MapFile& map);

/// Folder for a test's scratch files (created; under the build tree's temporary folder).
std::string scratch_folder(const std::string& name);

/// Path of the bundled datasets folder.
std::string dataset_folder();

}  // namespace swarmpath::testing
