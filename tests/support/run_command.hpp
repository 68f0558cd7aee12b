// Running the real `swarmpath` executable from tests: the command line is run through /bin/sh with
// stdout and stderr captured to files, under `timeout` so a hang fails the test instead of stalling it.
#pragma once

#include <string>

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

}  // namespace swarmpath::testing
