// Running the command line from tests (see run_command.hpp).
#include "run_command.hpp"

#include <filesystem>

#include <sys/stat.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "random_maps.hpp"

namespace swarmpath::testing {

std::string read_text(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream contents;
    contents << file.rdbuf();
    return contents.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) lines.push_back(line);
    return lines;
}

void write_text(const std::string& path, const std::string& contents) {
    std::ofstream file(path, std::ios::binary);
    file << contents;
}

CommandOutcome write_mixed_crowd(const std::string& folder, int agents) {
    write_text(folder + "/den312d.map", read_text(dataset_folder() + "/dao/den312d.map"));
    write_text(folder + "/units.classes", "version 1\nclass walker\nclass forester: T=3\n");
    return run_swarmpath("generate crowd " + folder + "/den312d.map --agents " + std::to_string(agents) +
                         " --goals 4 --seed 17 --agent-sizes 1,2,3 --classes-file " + folder + "/units.classes -o " +
                         folder + "/den312d.map.scen");
}

void exec_swarmpath(const std::vector<std::string>& arguments) {
    std::vector<std::string> words{SWARMPATH_EXECUTABLE};
    words.insert(words.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
}

pid_t start_swarmpath(const std::vector<std::string>& arguments, const std::string& folder,
                      const std::string& output_path, const std::string& error_path) {
    const pid_t child = ::fork();
    if (child != 0) return child;
    auto open_output = [](const std::string& path) {
        return ::open(path.empty() ? "/dev/null" : path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    };
    const int output = open_output(output_path);
    const int error = open_output(error_path);
    const int nothing = ::open("/dev/null", O_RDONLY);
    if (output < 0 || error < 0 || nothing < 0 || ::chdir(folder.c_str()) != 0) ::_exit(126);
    ::dup2(output, 1);
    ::dup2(error, 2);
    ::dup2(nothing, 0);
    exec_swarmpath(arguments);
}

namespace {

/// A fresh scratch folder for one run's captured streams.
std::string capture_folder() {
    static int counter = 0;
    return scratch_folder("command-" + std::to_string(counter++));
}

}  // namespace

CommandOutcome run_swarmpath(const std::string& arguments, int timeout_seconds) {
    const std::string folder = capture_folder();
    const std::string out_path = folder + "/stdout";
    const std::string error_path = folder + "/stderr";
    const std::string command = "timeout " + std::to_string(timeout_seconds) + " " + SWARMPATH_EXECUTABLE + " " +
                                arguments + " >" + out_path + " 2>" + error_path + " </dev/null";
    const int status = std::system(command.c_str());
    CommandOutcome outcome;
    outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    outcome.timed_out = outcome.exit_code == 124;
    outcome.standard_output = read_text(out_path);
    outcome.standard_error = read_text(error_path);
    return outcome;
}

CommandOutcome run_swarmpath_arguments(const std::vector<std::string>& arguments, int timeout_seconds) {
    const std::string folder = capture_folder();
    const std::string out_path = folder + "/stdout";
    const std::string error_path = folder + "/stderr";
    const pid_t child = start_swarmpath(arguments, ".", out_path, error_path);
    if (child < 0) {
        CommandOutcome outcome;
        outcome.standard_error = "fork failed";
        return outcome;
    }
    return finish_swarmpath(child, out_path, error_path, timeout_seconds);
}

CommandOutcome finish_swarmpath(pid_t child, const std::string& output_path, const std::string& error_path,
                                int timeout_seconds) {
    CommandOutcome outcome;
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
    while (::waitpid(child, &status, WNOHANG) != child) {
        if (std::chrono::steady_clock::now() > deadline) {
            ::kill(child, SIGKILL);
            ::waitpid(child, &status, 0);
            outcome.timed_out = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (!outcome.timed_out && WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
    if (!outcome.timed_out && WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
    outcome.standard_output = read_text(output_path);
    outcome.standard_error = read_text(error_path);
    return outcome;
}

std::map<std::string, std::string> folder_snapshot(const std::string& folder) {
    namespace fs = std::filesystem;
    std::map<std::string, std::string> entries;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
        const std::string name = fs::relative(entry.path(), folder).string();
        const fs::file_status status = entry.symlink_status();
        if (fs::is_symlink(status)) {
            entries[name] = "link to " + fs::read_symlink(entry.path()).string();
        } else if (fs::is_regular_file(status)) {
            struct stat information {};
            ::stat(entry.path().c_str(), &information);
            entries[name] = "file mode " + std::to_string(information.st_mode & 0777) + ": " + read_text(entry.path());
        } else if (fs::is_fifo(status)) {
            entries[name] = "fifo";
        } else if (fs::is_directory(status)) {
            entries[name] = "folder";
        } else {
            entries[name] = "other";
        }
    }
    return entries;
}

pid_t start_captured_swarmpath(const std::vector<std::string>& arguments, const std::string& folder,
                               const std::string& capture) {
    return start_swarmpath(arguments, folder, capture + "/stdout", capture + "/stderr");
}

CommandOutcome finish_captured_swarmpath(pid_t child, const std::string& capture, int timeout_seconds) {
    return finish_swarmpath(child, capture + "/stdout", capture + "/stderr", timeout_seconds);
}

}  // namespace swarmpath::testing
