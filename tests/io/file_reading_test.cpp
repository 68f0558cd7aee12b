// read_whole_file against inputs that are not regular files (issue 14, item 3): a FIFO with and
// without a writer, character devices (/dev/zero, /dev/urandom, /dev/null), a directory, a socket
// and a sparse file past kMaximumFileBytes. Each must be refused at once, naming the file and what
// it is, without blocking or reading much. Also whole files of sizes around the page and block
// sizes and past their stated size (a /proc file), the digests readers take of the bytes they read,
// InputFile's notice of a file that changes size, and the run's InputLog. Assumes Linux (mkfifo,
// AF_UNIX sockets, sparse files).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include "random_maps.hpp"
#include "swarmpath/io/file_reading.hpp"
#include "swarmpath/io/input_log.hpp"
#include "swarmpath/io/map_file.hpp"

namespace swarmpath::io {
namespace {

/// Reads `path` and checks that it is refused within a second with a message holding `expected`.
void expect_refused_at_once(const std::string& path, const std::string& expected) {
    const auto begin = std::chrono::steady_clock::now();
    Expected<std::string> text = read_whole_file(path);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    ASSERT_FALSE(text) << path << " was read";
    EXPECT_EQ(text.error().file, path);
    EXPECT_NE(text.error().message.find(expected), std::string::npos) << text.error().describe();
    EXPECT_LT(seconds, 1.0) << path;
}

class FileReadingTest : public ::testing::Test {
protected:
    void SetUp() override { folder_ = testing::scratch_folder("file-reading"); }
    void TearDown() override {
        std::error_code ignored;
        std::filesystem::remove_all(folder_, ignored);
    }
    std::string folder_;
};

TEST_F(FileReadingTest, ReadsARegularFileWhole) {
    const std::string path = folder_ + "/plain.txt";
    std::string contents(200000, 'x');
    contents[12345] = '\0';  // binary: nothing stops at a NUL
    std::ofstream(path, std::ios::binary) << contents;
    Expected<std::string> text = read_whole_file(path);
    ASSERT_TRUE(text) << text.error().describe();
    EXPECT_EQ(*text, contents);
    std::ofstream(folder_ + "/empty.txt", std::ios::binary).flush();
    Expected<std::string> empty = read_whole_file(folder_ + "/empty.txt");
    ASSERT_TRUE(empty);
    EXPECT_TRUE(empty->empty());
}

TEST_F(FileReadingTest, MissingFileNamesTheReason) {
    expect_refused_at_once(folder_ + "/missing.map", "cannot open file: No such file or directory");
}

TEST_F(FileReadingTest, FifoWithoutWriterIsRefusedWithoutBlocking) {
    const std::string path = folder_ + "/pipe.map";
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    expect_refused_at_once(path, "is a FIFO, not a regular file");
    // Through the map reader too: every reader goes through read_whole_file.
    Expected<MapFile> map = read_map_file(path);
    ASSERT_FALSE(map);
    EXPECT_NE(map.error().message.find("is a FIFO"), std::string::npos);
}

TEST_F(FileReadingTest, FifoWithWriterIsRefused) {
    const std::string path = folder_ + "/pipe.map";
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    const int writer = ::open(path.c_str(), O_RDWR | O_NONBLOCK);  // a writer that never closes
    ASSERT_GE(writer, 0);
    ASSERT_EQ(::write(writer, "type octile\n", 12), 12);
    expect_refused_at_once(path, "is a FIFO, not a regular file");
    ::close(writer);
}

TEST_F(FileReadingTest, CharacterDevicesAreRefusedAtOnce) {
    for (const std::string device : {"/dev/zero", "/dev/urandom", "/dev/null"}) {
        expect_refused_at_once(device, "is a character device, not a regular file");
    }
}

TEST_F(FileReadingTest, DirectoryIsRefused) { expect_refused_at_once(folder_, "is a directory, not a regular file"); }

TEST_F(FileReadingTest, SocketIsRefused) {
    const std::string path = folder_ + "/socket.map";
    const int listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(listener, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    ASSERT_LT(path.size(), sizeof(address.sun_path));
    std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
    ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof(address)), 0);
    expect_refused_at_once(path, "is a socket, not a regular file");
    ::close(listener);
}

TEST_F(FileReadingTest, FileBeyondTheLimitIsRefusedBeforeReading) {
    // A sparse file: no disk space, but its size is one byte over the limit.
    const std::string path = folder_ + "/huge.map";
    const int file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ASSERT_GE(file, 0);
    ASSERT_EQ(::ftruncate(file, static_cast<off_t>(kMaximumFileBytes + 1)), 0);
    ::close(file);
    expect_refused_at_once(path, "file is too large");
}

TEST_F(FileReadingTest, SymbolicLinkToARegularFileIsRead) {
    const std::string target = folder_ + "/target.txt";
    std::ofstream(target, std::ios::binary) << "hello";
    std::filesystem::create_symlink(target, folder_ + "/link.txt");
    Expected<std::string> text = read_whole_file(folder_ + "/link.txt");
    ASSERT_TRUE(text) << text.error().describe();
    EXPECT_EQ(*text, "hello");
    std::filesystem::create_symlink("/dev/zero", folder_ + "/zero.map");
    expect_refused_at_once(folder_ + "/zero.map", "is a character device");
}

// The digest is of the bytes handed over, taken as they are read: the same for a whole read, a
// read in blocks and an InputFile read, and the XXH64 of those bytes.
TEST_F(FileReadingTest, DigestsDescribeTheBytesRead) {
    const std::string path = folder_ + "/digest.txt";
    std::string contents(300000, 'y');
    contents[7] = '\0';
    std::ofstream(path, std::ios::binary) << contents;
    FileDigest whole;
    ASSERT_TRUE(read_whole_file(path, &whole));
    FileDigest blocks;
    ASSERT_TRUE(read_file_in_blocks(
        path, [](std::string_view) { return true; }, &blocks));
    FileDigest opened;
    Expected<InputFile> file = InputFile::open(path, &opened);
    ASSERT_TRUE(file) << file.error().describe();
    std::string buffer(contents.size(), '\0');
    ASSERT_TRUE(file->read_exactly(buffer.data(), buffer.size()));
    EXPECT_TRUE(file->expect_end());
    EXPECT_EQ(buffer, contents);
    EXPECT_EQ(whole.bytes, contents.size());
    XxHash64 expected;
    expected.add(contents);
    EXPECT_EQ(whole.checksum.value(), expected.value());
    EXPECT_EQ(blocks, whole);
    EXPECT_EQ(opened, whole);
    EXPECT_EQ(fnv1a_64("a"), 0xaf63dc4c8601ec8cULL);  // the published FNV-1a 64 of "a"
}

// XXH64 as xxHash's own tool prints it (`printf TEXT | xxhsum -H1`, xxHash 0.8.1), so a report's
// checksum can be checked without swarmpath: the empty text, texts ending in single bytes, a half
// word, whole words and a mix, and texts of several stripes, fed whole and a byte at a time.
TEST_F(FileReadingTest, XxHash64IsXxHashsOwn) {
    std::string numbers;  // `seq 1 10000`: 48,894 bytes, a tail of three words, a half word and two bytes
    for (int number = 1; number <= 10000; ++number) numbers += std::to_string(number) + "\n";
    const std::pair<std::string, std::uint64_t> known[] = {
        {"", 0xef46db3751d8e999ULL},
        {"a", 0xd24ec4f1a98c6e5bULL},
        {"abc", 0x44bc2cf5ad770999ULL},
        {"abcdefghijkl", 0x4b09b7d3a233d4b3ULL},
        {"0123456789abcdefghijklmnopqrstuvwxyz0123456789", 0x4ae5684cd402fbb4ULL},
        {std::string(100, '\0'), 0x17bb1103c92c502fULL},
        {numbers, 0x471649412d9a3124ULL},
    };
    for (const auto& [text, value] : known) {
        XxHash64 whole;
        whole.add(text);
        EXPECT_EQ(whole.value(), value) << text.size() << " bytes";
        XxHash64 bytewise;
        for (const char byte : text) bytewise.add(std::string_view(&byte, 1));
        EXPECT_EQ(bytewise.value(), value) << text.size() << " bytes, one at a time";
    }
}

// The checksum depends on the bytes alone: fed whole or in random pieces it is the same, and any
// one byte changed, or a byte added, changes it; digests of the same bytes are equal.
TEST_F(FileReadingTest, ChecksumsTellBytesApartWhateverThePieces) {
    XxHash64 nothing;
    nothing.add(std::string_view{});  // no data pointer at all: nothing added
    EXPECT_EQ(nothing.value(), XxHash64{}.value());
    std::mt19937_64 random(43);
    for (int round = 0; round < 300; ++round) {
        std::string bytes(static_cast<std::size_t>(random() % 300), '\0');
        for (char& byte : bytes) byte = static_cast<char>(random() % 4);  // few values: near misses
        XxHash64 whole;
        whole.add(bytes);
        XxHash64 pieces;
        for (std::size_t at = 0; at < bytes.size();) {
            const std::size_t piece = std::min<std::size_t>(bytes.size() - at, random() % 40);
            pieces.add(std::string_view(bytes).substr(at, piece));
            at += piece;
        }
        ASSERT_EQ(pieces.value(), whole.value()) << "round " << round;
        if (!bytes.empty()) {
            std::string changed = bytes;
            changed[random() % changed.size()] ^= static_cast<char>(1 + random() % 255);
            XxHash64 other;
            other.add(changed);
            EXPECT_NE(other.value(), whole.value()) << "round " << round;
        }
        XxHash64 longer;
        longer.add(bytes + '\0');
        EXPECT_NE(longer.value(), whole.value()) << "round " << round;
        FileDigest first;
        FileDigest second;
        first.add(bytes);
        second.add(bytes);
        EXPECT_EQ(first, second);
        EXPECT_EQ(first.checksum.value(), whole.value());
    }
}

// A whole file is read straight into the result, sized by the file as opened: every size around the
// page and block sizes reads back byte for byte, and a file holding more than its stated size (a
// /proc file states 0 bytes) is read to its end.
TEST_F(FileReadingTest, ReadsWholeFilesOfEverySizeAndPastTheirStatedSize) {
    for (const std::size_t size : {std::size_t{1}, std::size_t{4095}, std::size_t{4096}, std::size_t{65535},
                                   std::size_t{65536}, std::size_t{65537}, std::size_t{300001}}) {
        std::string contents(size, '\0');
        for (std::size_t index = 0; index < size; ++index) contents[index] = static_cast<char>(index * 7 + size);
        const std::string path = folder_ + "/sized.bin";
        std::ofstream(path, std::ios::binary | std::ios::trunc) << contents;
        Expected<std::string> text = read_whole_file(path);
        ASSERT_TRUE(text) << text.error().describe();
        EXPECT_EQ(*text, contents) << size;
    }
    struct stat information {};
    ASSERT_EQ(::stat("/proc/version", &information), 0);
    ASSERT_EQ(information.st_size, 0);
    std::ifstream stream("/proc/version", std::ios::binary);
    const std::string expected((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(expected.empty());
    Expected<std::string> version = read_whole_file("/proc/version");
    ASSERT_TRUE(version) << version.error().describe();
    EXPECT_EQ(*version, expected);
}

// An InputFile whose file shrinks or grows after it was opened says so, naming it.
TEST_F(FileReadingTest, InputFileNoticesAFileThatChangesSize) {
    const std::string path = folder_ + "/changing.bin";
    std::ofstream(path, std::ios::binary) << std::string(1000, 'z');
    Expected<InputFile> shrunk = InputFile::open(path);
    ASSERT_TRUE(shrunk);
    ASSERT_EQ(::truncate(path.c_str(), 10), 0);
    std::string buffer(1000, '\0');
    Status read = shrunk->read_exactly(buffer.data(), shrunk->size());
    ASSERT_FALSE(read);
    EXPECT_EQ(read.error().file, path);
    EXPECT_NE(read.error().message.find("changed while it was read"), std::string::npos) << read.error().describe();

    Expected<InputFile> grown = InputFile::open(path);
    ASSERT_TRUE(grown);
    std::ofstream(path, std::ios::binary | std::ios::app) << "more";
    ASSERT_TRUE(grown->read_exactly(buffer.data(), grown->size()));
    Status ended = grown->expect_end();
    ASSERT_FALSE(ended);
    EXPECT_NE(ended.error().message.find("grew past its size of 10 bytes"), std::string::npos)
        << ended.error().describe();
}

// A run's log keeps one record per path; reading a path again with other bytes is refused.
TEST_F(FileReadingTest, InputLogRefusesAFileReadTwiceWithOtherBytes) {
    InputLog log;
    FileDigest first;
    first.add("version 1\n");
    FileDigest other;
    other.add("version 1\n0\n");
    EXPECT_TRUE(log.record("a.scen", "scenario", first));
    EXPECT_TRUE(log.record("a.scen", "scenario", first));
    EXPECT_TRUE(log.record("a.map", "map", other));
    Status changed = log.record("a.scen", "scenario", other);
    ASSERT_FALSE(changed);
    EXPECT_EQ(changed.error().file, "a.scen");
    EXPECT_NE(changed.error().message.find("changed while the run was using it"), std::string::npos);
    ASSERT_EQ(log.records().size(), 2U);
    EXPECT_EQ(log.records()[0].digest, first);
}

}  // namespace
}  // namespace swarmpath::io
