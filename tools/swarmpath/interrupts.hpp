// Interrupts of the `swarmpath` command line: SIGINT, SIGTERM and SIGHUP end any subcommand at once,
// after removing every temporary output file of the run (io::remove_temporary_files_and_hold), so
// an interrupted run leaves no output and nothing that looks complete. The exit status is 128 plus
// the signal number (130 for SIGINT, 143 for SIGTERM). SIGXCPU (the soft CPU time limit, ulimit -t)
// is handled the same way but exits 2 with "CPU time limit reached"; when the soft limit equals the
// hard one (where the kernel sends SIGKILL instead), the soft limit is lowered by one second first. A commit of the
// outputs already under way finishes first; the run is then complete and still exits with that status. SIGXFSZ is
// ignored, so a write past the file size limit (ulimit -f) fails with EFBIG and is reported.
// Assumes it is installed at the very start of main(), before any thread exists: the signals are
// blocked in every thread (threads inherit the mask) and taken by one waiting thread, so no signal
// handler ever runs inside the search or the allocator. SIGPIPE is ignored, so writing to a closed
// pipe is an ordinary write error, reported and cleaned up like any other. Throws std::system_error
// when the waiting thread cannot be created (reported at the command boundary).
#pragma once

namespace swarmpath::cli {

void install_interrupt_cleanup();

}  // namespace swarmpath::cli
