// read_whole_file against inputs that are not regular files (issue 14, item 3): a FIFO with and
// without a writer, character devices (/dev/zero, /dev/urandom, /dev/null), a directory, a socket
// and a sparse file past kMaximumFileBytes. Each must be refused at once, naming the file and what
// it is, without blocking or reading much. Assumes Linux (mkfifo, AF_UNIX sockets, sparse files).
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
#include <string>

#include "random_maps.hpp"
#include "io/file_reading.hpp"
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
    void SetUp() override { folder_ = testing::scratch_folder("file-reading-" + std::to_string(::getpid())); }
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

}  // namespace
}  // namespace swarmpath::io
