// The C API's wording of the engine's errors. The engine names its settings as the command line
// spells them (`--algorithm astar`, `--moves is 4`, `declare it with --terrain`); a C caller knows
// them as swarmpath_settings fields, enumeration constants and parameter names, so every message
// that reaches swarmpath_last_error() passes through here. Assumes the engine's messages name a
// setting by its flag, optionally followed by its value as the command line prints it.
#pragma once

#include <string>

#include "swarmpath/core/error.hpp"

namespace swarmpath::bindings {

/// `message` with every command-line setting replaced by the C API's name for it (a
/// swarmpath_settings field, a SWARMPATH_* constant, a parameter name).
std::string in_c_words(std::string message);

/// `error` described for a C caller, its message in C words: "file:line:column: message" for a
/// file; "origin, character N: message" for a parameter's text (a column but no line).
std::string describe_for_c(const Error& error);

}  // namespace swarmpath::bindings
