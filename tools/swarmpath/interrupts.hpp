// Interrupts of the `swarmpath` command line: SIGINT, SIGTERM and SIGHUP end any subcommand at once,
// after removing every temporary output file of the run (io::remove_temporary_files_and_hold), so
// an interrupted run leaves no output and nothing that looks complete. The exit status is 128 plus
// the signal number (130 for SIGINT, 143 for SIGTERM). A commit of the outputs already under way
// finishes first; the run is then complete and still exits with that status.
// Assumes it is installed at the very start of main(), before any thread exists: the signals are
// blocked in every thread (threads inherit the mask) and taken by one waiting thread, so no signal
// handler ever runs inside the search or the allocator. SIGPIPE is ignored, so writing to a closed
// pipe is an ordinary write error, reported and cleaned up like any other.
#pragma once

namespace swarmpath::cli {

void install_interrupt_cleanup();

}  // namespace swarmpath::cli
