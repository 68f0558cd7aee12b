// The hardware thread count a run of all threads takes (batch/processor_count.hpp): a CPU quota
// rounds up to whole processors and never to none, cgroup v2's cpu.max text reads as a quota or as
// none ("max"), odd text as none; and the count this process gets is at least one and at most what
// its affinity allows, the count worker_threads(0) and BatchSolver(0) take.
#include <gtest/gtest.h>

#include <sched.h>

#include <optional>

#include "batch/processor_count.hpp"
#include "swarmpath/batch/batch_solver.hpp"

namespace swarmpath::batch {
namespace {

TEST(ProcessorCount, QuotasRoundUpToWholeProcessors) {
    EXPECT_EQ(processors_of_quota(100000, 100000), 1U);
    EXPECT_EQ(processors_of_quota(150000, 100000), 2U);
    EXPECT_EQ(processors_of_quota(200000, 100000), 2U);
    EXPECT_EQ(processors_of_quota(50000, 100000), 1U);
    EXPECT_EQ(processors_of_quota(0, 100000), 1U);
    EXPECT_EQ(processors_of_quota(100000, 0), 1U);
    EXPECT_EQ(processors_of_quota(6400000, 100000), 64U);
}

TEST(ProcessorCount, CpuMaxTextReadsAsAQuotaOrNone) {
    EXPECT_EQ(processors_of_cpu_max("max 100000"), std::nullopt);
    EXPECT_EQ(processors_of_cpu_max("max"), std::nullopt);
    EXPECT_EQ(processors_of_cpu_max("200000 100000"), std::optional<unsigned>(2));
    EXPECT_EQ(processors_of_cpu_max("250000 100000"), std::optional<unsigned>(3));
    EXPECT_EQ(processors_of_cpu_max("50000 100000"), std::optional<unsigned>(1));
    EXPECT_EQ(processors_of_cpu_max("300000"), std::optional<unsigned>(3));  // the period defaults to 100 ms
    EXPECT_EQ(processors_of_cpu_max(""), std::nullopt);
    EXPECT_EQ(processors_of_cpu_max("lots 100000"), std::nullopt);
    EXPECT_EQ(processors_of_cpu_max("100000 0"), std::nullopt);
}

TEST(ProcessorCount, ThisProcessGetsAtLeastOneAndAtMostItsAffinity) {
    const unsigned threads = hardware_threads();
    EXPECT_GE(threads, 1U);
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    EXPECT_LE(threads, static_cast<unsigned>(CPU_COUNT(&allowed)));
    EXPECT_EQ(worker_threads(0), threads);
    EXPECT_EQ(BatchSolver(0).threads(), threads);
}

}  // namespace
}  // namespace swarmpath::batch
