// Output name checks (see output_names.hpp).
#include "output_names.hpp"

#include <algorithm>
#include <cctype>

#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

/// The extension of the last component of `path`, dot included ("" when it has none; a leading
/// dot, as in ".hidden", starts a name, not an extension).
std::string_view extension_of(std::string_view path) {
    const std::size_t slash = path.find_last_of('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const std::size_t dot = name.find_last_of('.');
    return dot == std::string_view::npos || dot == 0 ? std::string_view{} : name.substr(dot);
}

bool same_ignoring_case(std::string_view left, std::string_view right) {
    return std::equal(left.begin(), left.end(), right.begin(), right.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
}

}  // namespace

std::string file_name_of(std::string_view path) {
    const std::size_t slash = path.find_last_of('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::optional<std::string> wrong_output_extension(std::string_view option, std::string_view path,
                                                  std::string_view extension, std::string_view what) {
    if (path == "-") return std::nullopt;
    const std::string_view found = extension_of(path);
    if (found.empty() || same_ignoring_case(found, extension)) return std::nullopt;
    return std::string(option) + " " + escape_text(path) + ": this output is " + std::string(what) +
           ", so its name must end in " + std::string(extension) + ", not " + escape_text(found);
}

}  // namespace swarmpath::cli
