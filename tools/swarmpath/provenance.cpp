// Build description and input checksums for the solve summary (see provenance.hpp).
#include "provenance.hpp"

#include <fmt/format.h>

#include "terminal_text.hpp"
#include "io/file_reading.hpp"

#ifndef SWARMPATH_COMPILER
#define SWARMPATH_COMPILER "unknown"
#endif
#ifndef SWARMPATH_COMPILER_FLAGS
#define SWARMPATH_COMPILER_FLAGS "unknown"
#endif
#ifndef SWARMPATH_BUILD_TYPE
#define SWARMPATH_BUILD_TYPE "unknown"
#endif

namespace swarmpath::cli {

std::uint64_t fnv1a_64(std::string_view bytes, std::uint64_t hash) {
    for (const char byte : bytes) {
        hash ^= static_cast<unsigned char>(byte);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

nlohmann::ordered_json build_description() {
    return {{"compiler", SWARMPATH_COMPILER}, {"flags", SWARMPATH_COMPILER_FLAGS}, {"build_type", SWARMPATH_BUILD_TYPE}};
}

nlohmann::ordered_json describe_input(const std::string& path, std::string_view role) {
    nlohmann::ordered_json entry = {{"file", escape_text(path)}, {"role", std::string(role)}};
    Expected<std::string> bytes = io::read_whole_file(path);
    if (!bytes) {
        entry["error"] = escape_text(bytes.error().message);
        return entry;
    }
    entry["bytes"] = bytes->size();
    entry["fnv1a_64"] = fmt::format("{:016x}", fnv1a_64(*bytes));
    return entry;
}

}  // namespace swarmpath::cli
