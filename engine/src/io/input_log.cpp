// The log of a run's inputs and their digests (see input_log.hpp).
#include "swarmpath/io/input_log.hpp"

#include <cstdio>

namespace swarmpath::io {
namespace {

std::string describe(const FileDigest& digest) {
    char checksum[17];
    std::snprintf(checksum, sizeof(checksum), "%016llx", static_cast<unsigned long long>(digest.checksum.value()));
    return std::to_string(digest.bytes) + " bytes, XXH64 " + checksum;
}

}  // namespace

Status InputLog::record(const std::string& path, std::string_view role, const FileDigest& digest) {
    for (const InputRecord& known : records_) {
        if (known.path != path) continue;
        if (known.digest == digest) return Success{};
        return Error{path, 0, 0,
                     "changed while the run was using it (read first as " + describe(known.digest) + ", then as " +
                         describe(digest) + "); run again once the file stays unchanged"};
    }
    records_.push_back({path, std::string(role), digest});
    return Success{};
}

}  // namespace swarmpath::io
