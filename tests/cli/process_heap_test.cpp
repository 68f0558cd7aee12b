// The command line's heap: built with mimalloc, `swarmpath` makes 2 MB pages mimalloc's default
// before anything allocates (main.cpp, prefer_large_pages), and the environment's
// MIMALLOC_LARGE_OS_PAGES still decides when it is set. Read back from mimalloc itself: with
// MIMALLOC_VERBOSE=1 it prints every option's value as it starts (`option 'large_os_pages': 1`;
// newer mimalloc names it `allow_large_os_pages`, which the match allows). And malloc is mimalloc's
// for the whole process, whatever order the executable's shared libraries are loaded in (the C++
// library is put first, tools/CMakeLists.txt): with MIMALLOC_SHOW_STATS=1 mimalloc reports at exit
// the segments it reserved, none when another malloc served the run. Assumes the build tells
// the tests whether the command line links mimalloc (SWARMPATH_CLI_USES_MIMALLOC; sanitizer builds
// do not).
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>

#include "run_command.hpp"

namespace swarmpath::cli {
namespace {

#if defined(SWARMPATH_CLI_USES_MIMALLOC)
/// What `swarmpath --version` prints to standard error with MIMALLOC_VERBOSE=1 and, unless it is
/// null, MIMALLOC_LARGE_OS_PAGES=`large_pages`; both unset again afterwards.
std::string verbose_allocator_report(const char* large_pages) {
    ::setenv("MIMALLOC_VERBOSE", "1", 1);
    if (large_pages != nullptr) ::setenv("MIMALLOC_LARGE_OS_PAGES", large_pages, 1);
    const testing::CommandOutcome outcome = testing::run_swarmpath("--version");
    ::unsetenv("MIMALLOC_VERBOSE");
    ::unsetenv("MIMALLOC_LARGE_OS_PAGES");
    EXPECT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    return outcome.standard_error;
}
#endif

TEST(CommandLineHeap, AsksMimallocForLargePagesUnlessTheEnvironmentSaysOtherwise) {
#if defined(SWARMPATH_CLI_USES_MIMALLOC)
    ::unsetenv("MIMALLOC_LARGE_OS_PAGES");
    const std::string by_default = verbose_allocator_report(nullptr);
    EXPECT_NE(by_default.find("large_os_pages': 1"), std::string::npos) << by_default;
    const std::string turned_off = verbose_allocator_report("0");
    EXPECT_NE(turned_off.find("large_os_pages': 0"), std::string::npos) << turned_off;
    const std::string turned_on = verbose_allocator_report("1");
    EXPECT_NE(turned_on.find("large_os_pages': 1"), std::string::npos) << turned_on;
#else
    GTEST_SKIP() << "this build's command line does not link mimalloc (SWARMPATH_USE_MIMALLOC off or sanitizers)";
#endif
}

TEST(CommandLineHeap, MallocIsMimallocsForTheWholeProcess) {
#if defined(SWARMPATH_CLI_USES_MIMALLOC)
    ::setenv("MIMALLOC_SHOW_STATS", "1", 1);
    const testing::CommandOutcome outcome = testing::run_swarmpath("--version");
    ::unsetenv("MIMALLOC_SHOW_STATS");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    // The row reads "segments:  PEAK  TOTAL  FREED  CURRENT ...".
    const std::size_t row = outcome.standard_error.find("segments:");
    ASSERT_NE(row, std::string::npos) << outcome.standard_error;
    std::istringstream fields(outcome.standard_error.substr(row + std::string("segments:").size()));
    int peak = -1;
    fields >> peak;
    EXPECT_GE(peak, 1) << "mimalloc reserved no segment: another malloc served the process\n" << outcome.standard_error;
#else
    GTEST_SKIP() << "this build's command line does not link mimalloc (SWARMPATH_USE_MIMALLOC off or sanitizers)";
#endif
}

}  // namespace
}  // namespace swarmpath::cli
