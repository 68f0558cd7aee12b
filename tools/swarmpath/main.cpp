// Entry point of the `swarmpath` command line: registers the subcommands and maps parse errors
// to exit code 2. Every subcommand reports its own errors through report_error.
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "commands.hpp"

#if defined(SWARMPATH_WITH_MIMALLOC)
#include <mimalloc.h>
#endif

namespace swarmpath::cli {

void report_error(const std::string& message) { std::fprintf(stderr, "swarmpath: %s\n", message.c_str()); }

}  // namespace swarmpath::cli

int main(int argc, char** argv) {
#if defined(SWARMPATH_WITH_MIMALLOC)
    // Touch mimalloc so the linker keeps it: it then replaces malloc and operator new process-wide.
    (void)mi_version();
#endif
    using namespace swarmpath::cli;
    CLI::App app{"swarmpath: bulk grid pathfinding over Moving AI maps and scenarios"};
    app.require_subcommand(1);
    int exit_code = kExitSuccess;
    add_solve_command(app, exit_code);
    add_generate_command(app, exit_code);
    add_validate_command(app, exit_code);
    add_route_command(app, exit_code);
    add_render_command(app, exit_code);
    add_field_command(app, exit_code);
    // Further subcommands register here, one line each.
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& help) {
        return app.exit(help);
    } catch (const CLI::CallForAllHelp& help) {
        return app.exit(help);
    } catch (const CLI::CallForVersion& version) {
        return app.exit(version);
    } catch (const CLI::ParseError& error) {
        report_error(std::string(error.what()) + " (run 'swarmpath --help')");
        return kExitBadInput;
    } catch (const std::exception& error) {
        report_error(error.what());
        return kExitBadInput;
    }
    return exit_code;
}
