// `swarmpath generate random|maze|rooms`: generated Moving AI maps (and scenarios) of any size.
// (To be written for issue 4.)
#include "commands.hpp"

namespace swarmpath::cli {

void add_generate_map_commands(CLI::App& /*generate*/, int& /*exit_code*/) {}

}  // namespace swarmpath::cli
