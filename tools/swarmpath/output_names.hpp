// Output names checked against what a command writes into them, before any work: a name whose
// extension says another format (`-o x.jpg` for PNG bytes, `-o x.txt` for a map) is refused, so a
// file is never written under a misleading name. A name with no extension at all (a scratch name,
// /dev/stdout) and "-" (standard output) are taken as they are; case does not matter (`.PNG`).
// Also the file-name helper the commands share (file_name_of).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace swarmpath::cli {

/// The last component of `path` (all of it when it has no slash): the name reports and map
/// headers show for a file.
std::string file_name_of(std::string_view path);

/// The message refusing `path`, given for `option` to hold `what` ("a map"), when its extension is
/// not `extension` (".map"); nothing when the name is acceptable (see the file comment).
std::optional<std::string> wrong_output_extension(std::string_view option, std::string_view path,
                                                  std::string_view extension, std::string_view what);

}  // namespace swarmpath::cli
