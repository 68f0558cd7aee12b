// The subcommands of the `swarmpath` command line. Each `add_*` registers its subcommand on the
// app and arranges for its run function to store the process exit code in `exit_code`:
// 0 success, 1 a --check mismatch, 2 bad input or usage (the message names file and line).
#pragma once

#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "swarmpath/core/settings_words.hpp"

namespace swarmpath::cli {

inline constexpr int kExitSuccess = 0;
inline constexpr int kExitMismatch = 1;
inline constexpr int kExitBadInput = 2;

void add_solve_command(CLI::App& app, int& exit_code);
void add_generate_command(CLI::App& app, int& exit_code);
/// Kinds of `generate`, registered on the `generate` subcommand.
void add_generate_map_commands(CLI::App& generate, int& exit_code);
void add_generate_crowd_command(CLI::App& generate, int& exit_code);
void add_validate_command(CLI::App& app, int& exit_code);
void add_route_command(CLI::App& app, int& exit_code);
void add_render_command(CLI::App& app, int& exit_code);
void add_field_command(CLI::App& app, int& exit_code);
void add_precompute_command(CLI::App& app, int& exit_code);
// Further subcommands register here, one declaration per line, each defined in its own file.

/// Prints an error to stderr as "swarmpath: <message>", control bytes and invalid UTF-8 escaped.
void report_error(const std::string& message);

/// How the command line names an engine setting in messages: `--moves`, `--algorithm astar`. Every
/// Error the command prints goes through it (`error.describe(command_line_wording)`).
std::string command_line_wording(Setting setting, std::string_view value);

/// The version of this build ("0.1.0"), also carried by `solve --summary`.
const char* version();

}  // namespace swarmpath::cli
