// Provenance for `swarmpath solve --summary`: how this executable was built (compiler, version,
// flags and build type, passed in by CMake as compile definitions) and a checksum of every input
// file the run read, so a figure in a paper can be traced to the exact data and build. The checksum
// is FNV-1a 64 over the file's bytes (implemented here; no cryptographic claim: it detects a
// changed or different file, not a malicious one). Files are read again in full to hash them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace swarmpath::cli {

/// FNV-1a 64 of `bytes`, continuing from `hash` (start with the offset basis, the default).
std::uint64_t fnv1a_64(std::string_view bytes, std::uint64_t hash = 0xcbf29ce484222325ULL);

/// {"compiler": "GNU 12.2.0", "flags": "-O3 -DNDEBUG", "build_type": "Release"}.
nlohmann::ordered_json build_description();

/// {"file": ESCAPED PATH, "role": ROLE, "bytes": N, "fnv1a_64": "16 hex digits"}; or, for a file that
/// cannot be read again, the same with "error" instead of bytes and checksum.
nlohmann::ordered_json describe_input(const std::string& path, std::string_view role);

}  // namespace swarmpath::cli
