// `swarmpath generate`: writes Moving AI files for tests, benchmarks and users. Its kinds live in
// their own files: map generators (random, maze, rooms) and crowd scenarios (crowd).
#include "commands.hpp"

namespace swarmpath::cli {

void add_generate_command(CLI::App& app, int& exit_code) {
    CLI::App* command = app.add_subcommand("generate", "Generate maps and scenarios in Moving AI format");
    command->require_subcommand(1);
    add_generate_map_commands(*command, exit_code);
    add_generate_crowd_command(*command, exit_code);
}

}  // namespace swarmpath::cli
