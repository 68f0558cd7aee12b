// Interrupt handling of the command line (see interrupts.hpp). POSIX threads and signals.
#include "interrupts.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <thread>

#include "commands.hpp"
#include "swarmpath/io/atomic_file.hpp"

namespace swarmpath::cli {
namespace {

/// The kernel sends SIGXCPU at the soft CPU time limit but SIGKILL at the hard one: when the two are
/// equal (plain `ulimit -t N` sets both), the soft limit is lowered by one second, so the run gets
/// SIGXCPU first and a second to remove its temporary files.
void leave_time_to_stop_at_cpu_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_CPU, &limit) != 0 || limit.rlim_max == RLIM_INFINITY) return;
    if (limit.rlim_cur < limit.rlim_max || limit.rlim_max < 2) return;
    limit.rlim_cur = limit.rlim_max - 1;
    (void)::setrlimit(RLIMIT_CPU, &limit);
}

}  // namespace

void install_interrupt_cleanup() {
    leave_time_to_stop_at_cpu_limit();
    std::signal(SIGPIPE, SIG_IGN);
    // Past the file size limit a write then fails with EFBIG, reported like any write error.
    std::signal(SIGXFSZ, SIG_IGN);
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGHUP);
    sigaddset(&signals, SIGXCPU);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::thread([signals] {
        int received = 0;
        while (sigwait(&signals, &received) != 0) {
        }
        io::remove_temporary_files_and_hold();
        std::fflush(stdout);
        if (received == SIGXCPU) {
            std::fputs("swarmpath: CPU time limit reached (ulimit -t); the run was stopped\n", stderr);
            ::_exit(kExitBadInput);
        }
        ::_exit(128 + received);
    }).detach();
}

}  // namespace swarmpath::cli
