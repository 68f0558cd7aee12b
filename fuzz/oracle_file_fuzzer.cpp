// libFuzzer target: path-oracle files as io::OracleFileReader reads them (io/oracle_file.hpp). The
// first input byte chooses the reader's buffer size (3 to 24 words, so that small inputs cross its
// pieces' seams); the rest is written to a file of its own and read. Checks that an error names the
// file, that a file whose header fits its size reads to the end, that finish() accepts exactly the
// files whose checksum is right, that the reader reports the runs in so far rising to their count,
// and that a second read through the default buffer gives the same rows and the same verdict.
// Assumes a writable temporary folder (TMPDIR, else /tmp).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "io/oracle_file.hpp"

namespace {

using namespace swarmpath;
using fuzz::require;

const std::string& scratch_path() {
    static const std::string path = [] {
        const char* folder = std::getenv("TMPDIR");
        std::string made = std::string(folder != nullptr && *folder != '\0' ? folder : "/tmp") +
                           "/swarmpath-oracle-fuzz-" + std::to_string(::getpid()) + ".oracle";
        std::atexit([] { std::remove(scratch_path().c_str()); });
        return made;
    }();
    return path;
}

struct ReadOutcome {
    bool opened = false;
    bool finished = false;
    std::vector<std::uint32_t> row_begin;
    std::vector<std::uint32_t> runs;
};

ReadOutcome read_with(std::size_t buffer_words, std::size_t file_bytes) {
    ReadOutcome outcome;
    Expected<io::OracleFileReader> reader = io::OracleFileReader::open(scratch_path(), nullptr, buffer_words);
    if (!reader) {
        require(reader.error().file == scratch_path(), "an open error does not name the file");
        require(!reader.error().message.empty(), "an open error has no message");
        return outcome;
    }
    outcome.opened = true;
    const io::OracleFileHeader& header = reader->header();
    // The header's sections add up to the file's size, which bounds what is allocated here.
    require((std::uint64_t{header.positions} + 1) * 4 + std::uint64_t{header.runs} * header.run_bytes <= file_bytes,
            "a header accepted for sections larger than its file");
    outcome.row_begin.assign(std::size_t{header.positions} + 1, 0xFFFFFFFFU);
    outcome.runs.assign(header.runs, 0xFFFFFFFFU);
    require(static_cast<bool>(reader->read_row_begin(outcome.row_begin)), "the row index of a whole file unread");
    std::uint64_t last_arrived = 0;
    const Status runs = reader->read_runs(outcome.runs, [&](std::uint64_t arrived) {
        require(arrived > last_arrived && arrived <= header.runs, "runs in so far do not rise within the runs");
        last_arrived = arrived;
    });
    require(static_cast<bool>(runs), "the runs of a whole file unread");
    require(last_arrived == header.runs, "the runs in so far never reach the run count");
    const Status finished = reader->finish();
    if (!finished) {
        require(finished.error().file == scratch_path(), "a finish error does not name the file");
    }
    outcome.finished = static_cast<bool>(finished);
    return outcome;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t buffer_words = 3 * (1 + data[0] % 8);
    std::FILE* file = std::fopen(scratch_path().c_str(), "wb");
    require(file != nullptr, "cannot write the scratch file");
    const std::size_t body = size - 1;
    require(std::fwrite(data + 1, 1, body, file) == body && std::fclose(file) == 0, "cannot write the scratch file");
    const ReadOutcome small = read_with(buffer_words, body);
    if (!small.opened) return 0;
    // The file's own checksum, computed apart from the reader: finish() agrees with it.
    io::OracleFileHeader header{};
    std::memcpy(&header, data + 1, sizeof(header));
    io::Fingerprint checksum;
    checksum.add(data + 1 + io::kOracleHeaderBytes, body - io::kOracleHeaderBytes);
    require(small.finished == (checksum.value() == header.checksum), "finish() disagrees with the checksum");
    const ReadOutcome whole = read_with(io::OracleFileReader::kBufferWords, body);
    require(whole.opened && whole.finished == small.finished, "two buffer sizes give two verdicts");
    require(whole.row_begin == small.row_begin && whole.runs == small.runs, "two buffer sizes give two readings");
    return 0;
}
