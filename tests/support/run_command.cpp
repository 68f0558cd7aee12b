// Running the command line from tests (see run_command.hpp).
#include "run_command.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "random_maps.hpp"

namespace swarmpath::testing {

std::string read_text(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream contents;
    contents << file.rdbuf();
    return contents.str();
}

CommandOutcome run_swarmpath(const std::string& arguments, int timeout_seconds) {
    static int counter = 0;
    const std::string folder = scratch_folder("command-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    const std::string out_path = folder + "/stdout";
    const std::string error_path = folder + "/stderr";
    const std::string command = "timeout " + std::to_string(timeout_seconds) + " " + SWARMPATH_EXECUTABLE + " " +
                                arguments + " >" + out_path + " 2>" + error_path + " </dev/null";
    const int status = std::system(command.c_str());
    CommandOutcome outcome;
    outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    outcome.standard_output = read_text(out_path);
    outcome.standard_error = read_text(error_path);
    return outcome;
}

}  // namespace swarmpath::testing
