// The library's output files (io::AtomicFile, io::OutputGroup): exclusive temporaries in the target
// folder, refusal of links and devices, the null device discarded, group commits that put every
// earlier file back when one rename fails and name the output that failed first, paths identified by
// their opened folders, claims against other writers, and the interrupt clean-up. Linux file system semantics.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "random_maps.hpp"
#include "run_command.hpp"
#include "swarmpath/io/atomic_file.hpp"

namespace swarmpath::io {
namespace {

namespace fs = std::filesystem;

using testing::read_text;
using testing::write_text;

std::size_t temporaries_in(const std::string& folder) {
    std::size_t count = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
        if (entry.path().filename().string().find(".swarmpath-") != std::string::npos) ++count;
    }
    return count;
}

class AtomicFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = testing::scratch_folder(std::string("atomic-file-") +
                                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    void TearDown() override { fs::remove_all(folder_); }
    [[nodiscard]] std::string path(const std::string& name) const { return folder_ + "/" + name; }
    std::string folder_;
};

TEST_F(AtomicFileTest, WritesWholeFileAndLeavesNoTemporary) {
    {
        AtomicFile file(path("out.txt"));
        ASSERT_TRUE(file.status());
        EXPECT_EQ(temporaries_in(folder_), 1U);
        EXPECT_FALSE(fs::exists(path("out.txt")));  // nothing at the path until commit
        file.write("hello ");
        file.write(std::string(3 << 20, 'x'));  // past the buffer, so some of it reaches the temporary early
        EXPECT_FALSE(fs::exists(path("out.txt")));
        ASSERT_TRUE(file.commit());
    }
    EXPECT_EQ(read_text(path("out.txt")).size(), 6U + (3U << 20));
    EXPECT_EQ(temporaries_in(folder_), 0U);
    EXPECT_EQ(temporary_file_count(), 0U);
}

TEST_F(AtomicFileTest, DestroyedWithoutCommitLeavesTheEarlierFile) {
    write_text(path("out.txt"), "earlier");
    {
        AtomicFile file(path("out.txt"));
        file.write("new data");
    }
    EXPECT_EQ(read_text(path("out.txt")), "earlier");
    EXPECT_EQ(temporaries_in(folder_), 0U);
}

TEST_F(AtomicFileTest, RefusesLinksDevicesFifosAndFolders) {
    write_text(path("victim"), "precious");
    ASSERT_EQ(::symlink("victim", path("link").c_str()), 0);
    ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0644), 0);
    fs::create_directories(path("folder"));
    for (const char* name : {"link", "fifo", "folder"}) {
        AtomicFile file(path(name));
        EXPECT_FALSE(file.status()) << name;
        file.write("x");
        EXPECT_FALSE(file.commit()) << name;
    }
    AtomicFile device("/dev/zero");
    EXPECT_FALSE(device.status());
    EXPECT_NE(device.status().error().message.find("character device"), std::string::npos);
    AtomicFile missing(path("no/such/out.txt"));
    EXPECT_FALSE(missing.status());
    EXPECT_EQ(read_text(path("victim")), "precious");
    EXPECT_TRUE(fs::is_symlink(path("link")));
    EXPECT_TRUE(fs::is_fifo(path("fifo")));
    EXPECT_EQ(temporaries_in(folder_), 0U);
}

TEST_F(AtomicFileTest, NullDeviceDiscardsAndStaysADevice) {
    AtomicFile file("/dev/null");
    ASSERT_TRUE(file.status());
    EXPECT_EQ(file.kind(), OutputKind::discard);
    file.write("dropped");
    EXPECT_TRUE(file.commit());
    struct stat information {};
    ASSERT_EQ(::stat("/dev/null", &information), 0);
    EXPECT_TRUE(S_ISCHR(information.st_mode));
}

TEST_F(AtomicFileTest, LongNamesKeepTheTemporaryWithinNameMax) {
    const std::string name(255, 'n');
    AtomicFile file(path(name));
    ASSERT_TRUE(file.status()) << file.status().error().describe();
    file.write("x");
    EXPECT_TRUE(file.commit());
    EXPECT_EQ(read_text(path(name)), "x");
}

TEST_F(AtomicFileTest, GroupPutsEveryEarlierFileBackWhenALaterRenameFails) {
    write_text(path("first.txt"), "earlier first");
    {
        OutputGroup group;
        AtomicFile& first = group.add(path("first.txt"));
        AtomicFile& second = group.add(path("second.txt"));
        AtomicFile& third = group.add(path("third.txt"));
        ASSERT_TRUE(group.status());
        first.write("new first");
        second.write("new second");
        third.write("new third");
        fs::create_directories(path("third.txt"));  // the third path becomes a folder while the run works
        const Status committed = group.commit();
        ASSERT_FALSE(committed);
        EXPECT_NE(committed.error().message.find("became a directory"), std::string::npos) << committed.error().message;
    }
    EXPECT_EQ(read_text(path("first.txt")), "earlier first");
    EXPECT_FALSE(fs::exists(path("second.txt")));
    EXPECT_TRUE(fs::is_directory(path("third.txt")));
    EXPECT_EQ(temporaries_in(folder_), 0U);
    EXPECT_EQ(temporary_file_count(), 0U);
}

TEST_F(AtomicFileTest, GroupCommitsAllTogether) {
    write_text(path("a"), "old a");
    OutputGroup group;
    group.add(path("a")).write("new a");
    group.add(path("b")).write("new b");
    ASSERT_TRUE(group.commit());
    EXPECT_EQ(read_text(path("a")), "new a");
    EXPECT_EQ(read_text(path("b")), "new b");
    EXPECT_EQ(temporaries_in(folder_), 0U);
}

TEST_F(AtomicFileTest, InterruptCleanupRemovesEveryTemporary) {
    const pid_t child = ::fork();
    if (child == 0) {
        AtomicFile first(path("one"));
        AtomicFile second(path("two"));
        first.write("partial");
        second.write("partial");
        remove_temporary_files_and_hold();
        ::_exit(temporaries_in(folder_) == 0 ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    EXPECT_EQ(temporaries_in(folder_), 0U);
    EXPECT_FALSE(fs::exists(path("one")));
}

TEST_F(AtomicFileTest, PathsAreIdentifiedByTheirOpenedFolderNotByTheirText) {
    fs::create_directories(path("sub/inner"));
    fs::create_symlink("sub/inner", path("link"));
    PathIdentity through_link;
    PathIdentity direct;
    PathIdentity other;
    ASSERT_TRUE(identify_path(path("link/../x.csv"), through_link));  // the kernel's "..": sub
    ASSERT_TRUE(identify_path(path("sub/x.csv"), direct));
    ASSERT_TRUE(identify_path(path("x.csv"), other));
    EXPECT_TRUE(same_file(through_link, direct));
    EXPECT_FALSE(same_file(through_link, other));  // text normalisation would call these the same
    EXPECT_FALSE(through_link.exists);
    PathIdentity missing_folder;
    EXPECT_FALSE(identify_path(path("no/such/x.csv"), missing_folder));
}

TEST_F(AtomicFileTest, AClaimedOutputIsRefusedToASecondClaimantUntilReleased) {
    AtomicFile first(path("out.csv"));
    ASSERT_TRUE(first.claim());
    {
        AtomicFile second(path("out.csv"));
        const Status refused = second.claim();
        ASSERT_FALSE(refused);
        EXPECT_NE(refused.error().describe().find("another swarmpath run is writing this file"), std::string::npos);
        AtomicFile neighbour(path("other.csv"));  // another name in the same folder is free
        EXPECT_TRUE(neighbour.claim());
    }
    first.discard();  // releases the claim
    AtomicFile third(path("out.csv"));
    EXPECT_TRUE(third.claim());
    EXPECT_EQ(temporaries_in(folder_), 1U);  // only third's temporary
}

TEST_F(AtomicFileTest, ReportsTheOutputThatFailedFirst) {
    OutputGroup group;
    AtomicFile& first = group.add(path("first"));
    AtomicFile& second = group.add(path("second"));
    second.discard();
    first.discard();
    const Status committed = group.commit();
    ASSERT_FALSE(committed);
    EXPECT_EQ(committed.error().describe().rfind(path("second"), 0), 0U) << committed.error().describe();
}

}  // namespace
}  // namespace swarmpath::io
