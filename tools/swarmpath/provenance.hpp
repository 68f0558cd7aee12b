// Provenance for `swarmpath solve --summary`: how this executable was built (compiler, version,
// flags and build type, passed in by CMake as compile definitions) and a checksum of every input
// file the run read, so a figure in a paper can be traced to the exact data and build. The checksum
// is xxHash's XXH64 over the file's bytes (io::XxHash64, which `xxhsum -H1 FILE` reproduces; no
// cryptographic claim: it detects a changed or different file, not a malicious one), taken by the
// readers as they read the bytes the run used (io::InputLog): a file is never opened again to
// describe it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "swarmpath/io/input_log.hpp"

namespace swarmpath::cli {

/// {"compiler": "GNU 12.2.0", "flags": "-O3 -DNDEBUG", "build_type": "Release"}.
nlohmann::ordered_json build_description();

/// {"file": ESCAPED PATH, "role": ROLE, "bytes": N, "xxh64": "16 hex digits"}, from the digest
/// recorded when the file was read.
nlohmann::ordered_json describe_input(const io::InputRecord& input);

}  // namespace swarmpath::cli
