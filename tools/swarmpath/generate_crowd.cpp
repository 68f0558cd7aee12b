// `swarmpath generate crowd`: many agents bound for a few goals, as a scenario file.
// (To be written for issue 7.)
#include "commands.hpp"

namespace swarmpath::cli {

void add_generate_crowd_command(CLI::App& /*generate*/, int& /*exit_code*/) {}

}  // namespace swarmpath::cli
