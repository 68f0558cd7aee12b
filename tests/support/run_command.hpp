// Running the real `swarmpath` executable from tests, the process runner the test suites share:
// a command line through /bin/sh, or a list of arguments with no shell at all (for names a shell
// would mangle); both capture stdout and stderr through files in a scratch folder of their own and
// stop the process after a timeout, so a hang fails the test instead of stalling it. A test that
// must act while the command runs (send it a signal) starts it and waits for it in two steps.
#pragma once

#include <sys/types.h>

#include <map>
#include <string>
#include <vector>

namespace swarmpath::testing {

struct CommandOutcome {
    /// The exit status. run_swarmpath: 124 when the timeout stopped it, 128 + N after signal N (as
    /// the shell says); run_swarmpath_arguments: -1 unless the process exited by itself.
    int exit_code = -1;
    std::string standard_output;
    std::string standard_error;
    bool timed_out = false;  ///< the timeout stopped it (both runners)
    int signal = 0;          ///< the signal that ended it (run_swarmpath_arguments only)
};

/// Runs `SWARMPATH_EXECUTABLE arguments` (arguments are passed to the shell as written).
CommandOutcome run_swarmpath(const std::string& arguments, int timeout_seconds = 120);

/// Runs SWARMPATH_EXECUTABLE with each of `arguments` passed as it is (no shell), in the current
/// folder, with standard input from /dev/null; killed after `timeout_seconds`.
CommandOutcome run_swarmpath_arguments(const std::vector<std::string>& arguments, int timeout_seconds = 120);

/// Reads a whole file, or returns an empty string when it does not exist.
std::string read_text(const std::string& path);

/// The lines of `text`, without their line ends (a last line end adds no empty line).
std::vector<std::string> lines_of(const std::string& text);

/// Writes `contents` to `path` (binary), replacing it.
void write_text(const std::string& path, const std::string& contents);

/// Writes a mixed crowd into `folder` for the sized-agent tests: den312d.map (a bundled map, more
/// than half trees), units.classes (`walker`, the benchmark table, and `forester`, who walks through
/// trees at cost 3) and den312d.map.scen, which the real `generate crowd` fills with `agents` rows
/// mixing sizes 1 to 3 and both classes over 4 goals, each row's optimal length computed for its
/// own size and class. Returns the generator's outcome (exit code 0 when all is written).
CommandOutcome write_mixed_crowd(const std::string& folder, int agents);

/// In a forked child whose streams are set up: replaces the child with the swarmpath executable
/// run with `arguments`; exits 127 when it cannot be started.
[[noreturn]] void exec_swarmpath(const std::vector<std::string>& arguments);

/// Starts `SWARMPATH_EXECUTABLE arguments` without a shell, in `folder`, with standard input from
/// /dev/null and standard output and error to the files named (an empty name: /dev/null). Returns
/// the child's process id, for waitpid or wait4.
pid_t start_swarmpath(const std::vector<std::string>& arguments, const std::string& folder,
                      const std::string& output_path = "", const std::string& error_path = "");

/// What a folder holds, to compare before and after a run: for each entry (recursively, links not
/// followed) its kind and, for a regular file, its permission bits and contents.
std::map<std::string, std::string> folder_snapshot(const std::string& folder);

/// Waits for `child` (from start_swarmpath) to end, killing it after `timeout_seconds`, and reads
/// back the streams it wrote to `output_path` and `error_path` (as run_swarmpath_arguments reports).
CommandOutcome finish_swarmpath(pid_t child, const std::string& output_path, const std::string& error_path,
                                int timeout_seconds);

/// start_swarmpath with standard output and error to the files `stdout` and `stderr` in `capture`.
pid_t start_captured_swarmpath(const std::vector<std::string>& arguments, const std::string& folder,
                               const std::string& capture);

/// finish_swarmpath for a run started by start_captured_swarmpath with the same `capture`.
CommandOutcome finish_captured_swarmpath(pid_t child, const std::string& capture, int timeout_seconds);

}  // namespace swarmpath::testing
