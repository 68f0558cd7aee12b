// Entry point of the `swarmpath` command line: installs the interrupt cleanup (interrupts.hpp),
// registers the subcommands, answers --version, and maps parse errors to exit code 2. Every
// subcommand reports its own errors through report_error, which escapes what it prints.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "interrupts.hpp"
#include "run_files.hpp"
#include "terminal_text.hpp"

#if defined(SWARMPATH_WITH_MIMALLOC)
#include <mimalloc.h>
#endif

namespace swarmpath::cli {

void report_error(const std::string& message) {
    std::fprintf(stderr, "swarmpath: %s\n", escape_text(message).c_str());
}

const char* version() { return SWARMPATH_VERSION; }

namespace {

bool has_subcommand(const CLI::App& app, const std::string& name) {
    for (const CLI::App* command : app.get_subcommands(nullptr)) {
        if (command->check_name(name)) return true;
    }
    return false;
}

}  // namespace

}  // namespace swarmpath::cli

int main(int argc, char** argv) {
#if defined(SWARMPATH_WITH_MIMALLOC)
    // Touch mimalloc so the linker keeps it: it then replaces malloc and operator new process-wide.
    (void)mi_version();
#endif
    using namespace swarmpath::cli;
    install_interrupt_cleanup();
    install_standard_output_check();  // a failed write to standard output is exit 2 in every subcommand
    CLI::App app{"swarmpath: bulk grid pathfinding over Moving AI maps and scenarios"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("swarmpath ") + version());
    int exit_code = kExitSuccess;
    add_solve_command(app, exit_code);
    add_generate_command(app, exit_code);
    add_validate_command(app, exit_code);
    add_route_command(app, exit_code);
    add_render_command(app, exit_code);
    add_field_command(app, exit_code);
    add_precompute_command(app, exit_code);
    // Further subcommands register here, one line each.
    if (argc > 1 && argv[1][0] != '-' && !has_subcommand(app, argv[1])) {
        std::string valid;
        for (const CLI::App* command : std::as_const(app).get_subcommands(nullptr)) {
            valid += (valid.empty() ? "" : ", ") + command->get_name();
        }
        report_error(std::string("unknown subcommand '") + argv[1] + "'; the subcommands are " + valid +
                     " (run 'swarmpath --help')");
        return kExitBadInput;
    }
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
