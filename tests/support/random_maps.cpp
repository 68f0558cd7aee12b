// Random maps and scratch folders for the tests (see random_maps.hpp).
#include "random_maps.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace swarmpath::testing {

io::MapFile random_map(std::mt19937_64& random, std::uint32_t width, std::uint32_t height, double density,
                       const std::string& passable_letters) {
    io::MapFile map;
    map.path = "random";
    map.type = "octile";
    map.width = width;
    map.height = height;
    map.letters.resize(static_cast<std::size_t>(width) * height);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_int_distribution<std::size_t> pick(0, passable_letters.size() - 1);
    for (char& letter : map.letters) letter = unit(random) < density ? '@' : passable_letters[pick(random)];
    return map;
}

io::MapFile random_map(std::mt19937_64& random, std::uniform_int_distribution<std::uint32_t>& side, double density,
                       const std::string& passable_letters) {
    const std::uint32_t width = side(random);
    const std::uint32_t height = side(random);
    return random_map(random, width, height, density, passable_letters);
}

io::MapFile map_from_rows(std::initializer_list<std::string_view> rows) {
    io::MapFile map;
    map.path = "rows";
    map.type = "octile";
    map.height = static_cast<std::uint32_t>(rows.size());
    map.width = rows.size() == 0 ? 0 : static_cast<std::uint32_t>(rows.begin()->size());
    for (std::string_view row : rows) {
        if (row.size() != map.width) throw std::invalid_argument("map_from_rows: rows of different lengths");
        map.letters.append(row);
    }
    return map;
}

std::string to_map_text(const io::MapFile& map) {
    std::string text =
        "type octile\nheight " + std::to_string(map.height) + "\nwidth " + std::to_string(map.width) + "\nmap\n";
    for (std::uint32_t y = 0; y < map.height; ++y) {
        text.append(map.letters, static_cast<std::size_t>(y) * map.width, map.width);
        text.push_back('\n');
    }
    return text;
}

namespace {

// The scratch folders this process made, removed when it exits normally (its static objects are
// destroyed), so a test run leaves nothing in the temporary folder: every run used to leave a few
// hundred. Only the process that made them removes them (a forked child ends with _exit, but the
// check costs nothing). SWARMPATH_KEEP_SCRATCH=1 keeps them, to look at a failed test's files.
class ScratchFolders {
public:
    void add(const std::filesystem::path& folder) {
        if (std::find(folders_.begin(), folders_.end(), folder) == folders_.end()) folders_.push_back(folder);
    }
    ScratchFolders(const ScratchFolders&) = delete;
    ScratchFolders& operator=(const ScratchFolders&) = delete;
    ScratchFolders() = default;
    ~ScratchFolders() {
        const char* keep = std::getenv("SWARMPATH_KEEP_SCRATCH");
        if (::getpid() != owner_ || (keep != nullptr && std::string_view(keep) == "1")) return;
        for (const std::filesystem::path& folder : folders_) {
            std::error_code ignored;
            std::filesystem::remove_all(folder, ignored);
        }
    }

private:
    std::vector<std::filesystem::path> folders_;
    pid_t owner_ = ::getpid();
};

ScratchFolders& scratch_folders() {
    static ScratchFolders folders;
    return folders;
}

}  // namespace

std::string scratch_folder(const std::string& name) {
    // The process id keeps two test runs at once (two build trees, sanitizer and Release) apart.
    std::filesystem::path folder =
        std::filesystem::temp_directory_path() / ("swarmpath-test-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    scratch_folders().add(folder);
    return folder.string();
}

std::string dataset_folder() { return std::string(SWARMPATH_SOURCE_DIR) + "/datasets/movingai"; }

std::string dataset(const std::string& relative) { return dataset_folder() + "/" + relative; }

}  // namespace swarmpath::testing
