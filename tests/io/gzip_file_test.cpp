// gzip writing and reading (io/gzip_file.hpp): text written through GzipWriter and committed reads
// back the same through read_text_file, on the test's own thread and on a thread whose stack is
// only 64 KB, as a host embedding the library may give it (the 64 KB blocks zlib works through
// once sat on the stack and overflowed such a thread). Damaged data is refused naming the file.
// Assumes POSIX threads and a build with zlib (skipped without it).
#include <gtest/gtest.h>
#include <pthread.h>

#include <cstdint>
#include <random>
#include <string>

#include "io/gzip_file.hpp"
#include "random_maps.hpp"
#include "swarmpath/io/atomic_file.hpp"

namespace swarmpath::io {
namespace {

/// About a megabyte of CSV-like rows, some of it repetitive and some not, so that deflate writes
/// many output blocks and inflate fills many.
std::string sample_text() {
    std::mt19937_64 random(41);
    std::string text;
    for (int row = 0; row < 40000; ++row) {
        text +=
            std::to_string(row) + "," + std::to_string(random() % 100000) + ",found," + std::to_string(random()) + "\n";
    }
    return text;
}

/// Writes `text` to `path` through a GzipWriter and reads it back; the outcome in `failure` (empty
/// when the bytes came back the same).
struct RoundTrip {
    std::string path;
    std::string text;
    std::string failure;

    void run() {
        AtomicFile file(path);
        if (!file.status()) {
            failure = file.status().error().describe();
            return;
        }
        GzipWriter writer(file);
        writer.write(text);
        if (Status finished = writer.finish(); !finished) {
            failure = finished.error().describe();
            return;
        }
        if (Status committed = file.commit(); !committed) {
            failure = committed.error().describe();
            return;
        }
        Expected<std::string> read = read_text_file(path);
        if (!read) {
            failure = read.error().describe();
        } else if (*read != text) {
            failure = "read back " + std::to_string(read->size()) + " bytes, not the " + std::to_string(text.size()) +
                      " written";
        }
    }
};

TEST(GzipFileTest, WrittenTextReadsBackTheSame) {
    if (!gzip_available()) GTEST_SKIP() << "no zlib in this build";
    RoundTrip trip{testing::scratch_folder("gzip_round_trip") + "/rows.csv.gz", sample_text(), ""};
    trip.run();
    EXPECT_EQ(trip.failure, "");
}

TEST(GzipFileTest, WritesAndReadsOnAThreadWithA64KilobyteStack) {
    if (!gzip_available()) GTEST_SKIP() << "no zlib in this build";
    RoundTrip trip{testing::scratch_folder("gzip_small_stack") + "/rows.csv.gz", sample_text(), ""};
    pthread_attr_t attributes;
    ASSERT_EQ(pthread_attr_init(&attributes), 0);
    ASSERT_EQ(pthread_attr_setstacksize(&attributes, 64 * 1024), 0);
    pthread_t thread;
    ASSERT_EQ(pthread_create(
                  &thread, &attributes,
                  [](void* trip_pointer) -> void* {
                      static_cast<RoundTrip*>(trip_pointer)->run();
                      return nullptr;
                  },
                  &trip),
              0);
    ASSERT_EQ(pthread_join(thread, nullptr), 0);
    pthread_attr_destroy(&attributes);
    EXPECT_EQ(trip.failure, "");
}

TEST(GzipFileTest, DamagedDataIsRefusedNamingTheFile) {
    if (!gzip_available()) GTEST_SKIP() << "no zlib in this build";
    const std::string folder = testing::scratch_folder("gzip_damaged");
    RoundTrip trip{folder + "/rows.csv.gz", sample_text(), ""};
    trip.run();
    ASSERT_EQ(trip.failure, "");
    Expected<std::string> whole = read_text_file(trip.path);
    ASSERT_TRUE(whole);
    std::string bytes = read_whole_file(trip.path).value();
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x5A);
    const std::string damaged = folder + "/damaged.csv.gz";
    {
        AtomicFile file(damaged);
        file.write(bytes);
        ASSERT_TRUE(file.commit());
    }
    Expected<std::string> read = read_text_file(damaged);
    ASSERT_FALSE(read);
    EXPECT_NE(read.error().describe().find("damaged.csv.gz"), std::string::npos) << read.error().describe();
}

}  // namespace
}  // namespace swarmpath::io
