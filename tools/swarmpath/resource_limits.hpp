// What the `swarmpath` command line does when the process runs out of something: memory (the system's,
// or the address space under `ulimit -v`), threads (a thread's stack, or `ulimit -u`), file size
// (`ulimit -f`) or CPU time (`ulimit -t`, see interrupts.hpp). Each ends the run with exit status 2,
// one message naming what ran out, and no temporary output file left behind.
// Assumes that the allocation operators call the C++ new handler before failing (libstdc++'s do;
// with mimalloc, whose own abort instead, resource_limits.cpp defines them on malloc), and that
// io::AtomicFile keeps every temporary file in the registry that io::remove_temporary_files_and_hold
// empties.
#pragma once

#include <exception>
#include <string>

namespace swarmpath::cli {

/// Call first in main(): from then on an allocation that fails throws std::bad_alloc (before main
/// it ends the process with a message), and an exception that escapes anywhere — a worker thread,
/// a destructor, a noexcept function — ends the run as report_exception() would, after removing
/// every temporary output file, instead of aborting.
void install_resource_handlers();

/// For a catch block at the command boundary: reports `error` (naming memory or threads when that is
/// what ran out) and returns the exit status, 2.
int report_exception(const std::exception_ptr& error);

/// `message` with what it means added when it reports a write refused by the file size limit
/// (EFBIG, "File too large"): every write error passes through here on its way to the user.
std::string explain_resource_errors(const std::string& message);

}  // namespace swarmpath::cli
