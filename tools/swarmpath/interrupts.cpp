// Interrupt handling of the command line (see interrupts.hpp). POSIX threads and signals.
#include "interrupts.hpp"

#include <pthread.h>
#include <unistd.h>

#include <csignal>
#include <thread>

#include "swarmpath/io/atomic_file.hpp"

namespace swarmpath::cli {

void install_interrupt_cleanup() {
    std::signal(SIGPIPE, SIG_IGN);
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::thread([signals] {
        int received = 0;
        while (sigwait(&signals, &received) != 0) {
        }
        io::remove_temporary_files_and_hold();
        std::fflush(stdout);
        ::_exit(128 + received);
    }).detach();
}

}  // namespace swarmpath::cli
