// Build description and input checksums for the solve summary (see provenance.hpp).
#include "provenance.hpp"

#include <fmt/format.h>

#include "terminal_text.hpp"

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

nlohmann::ordered_json build_description() {
    return {
        {"compiler", SWARMPATH_COMPILER}, {"flags", SWARMPATH_COMPILER_FLAGS}, {"build_type", SWARMPATH_BUILD_TYPE}};
}

nlohmann::ordered_json describe_input(const io::InputRecord& input) {
    return {{"file", escape_text(input.path)},
            {"role", input.role},
            {"bytes", input.digest.bytes},
            {"xxh64", fmt::format("{:016x}", input.digest.checksum.value())}};
}

}  // namespace swarmpath::cli
