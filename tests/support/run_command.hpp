// Running the real `swarmpath` executable from tests: the command line is run through /bin/sh with
// stdout and stderr captured to files, under `timeout` so a hang fails the test instead of stalling it.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace swarmpath::testing {

struct CommandOutcome {
    int exit_code = -1;  ///< the process's exit status; 124 when the timeout killed it
    std::string standard_output;
    std::string standard_error;
};

/// Runs `SWARMPATH_EXECUTABLE arguments` (arguments are passed to the shell as written).
CommandOutcome run_swarmpath(const std::string& arguments, int timeout_seconds = 120);

/// Reads a whole file, or returns an empty string when it does not exist.
std::string read_text(const std::string& path);

/// Writes `contents` to `path` (binary), replacing it.
void write_text(const std::string& path, const std::string& contents);

/// Starts `SWARMPATH_EXECUTABLE arguments` without a shell, in `folder`, with standard input from
/// /dev/null and standard output and error to the files named (an empty name: /dev/null). Returns
/// the child's process id, for waitpid or wait4.
pid_t start_swarmpath(const std::vector<std::string>& arguments, const std::string& folder,
                      const std::string& output_path = "", const std::string& error_path = "");

}  // namespace swarmpath::testing
