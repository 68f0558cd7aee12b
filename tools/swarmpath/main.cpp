// Entry point of the `swarmpath` command line: hands over to the MPI build when an MPI launcher
// started it (distributed_solve.hpp), installs the handlers for running out of memory,
// threads and file size (resource_limits.hpp) and the interrupt cleanup (interrupts.hpp), registers
// the subcommands, answers --version, and maps parse errors and exceptions to exit code 2. Every
// subcommand reports its own errors through report_error, which escapes what it prints.
// With mimalloc, it also asks mimalloc for 2 MB pages before anything allocates (see
// prefer_large_pages below), and then lets small search arrays come from that heap.
#include <array>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "distributed_solve.hpp"
#include "interrupts.hpp"
#include "resource_limits.hpp"
#include "run_files.hpp"
#include "terminal_text.hpp"

#if defined(SWARMPATH_WITH_MIMALLOC)
#include <mimalloc.h>

#include "core/page_memory.hpp"

namespace {

/// Makes 2 MB pages mimalloc's default for this process (MIMALLOC_LARGE_OS_PAGES=0 in the
/// environment still turns them off). A run's map text, letters, component labels, JPS lines and
/// results come from the heap; on 4 KB pages each page costs a fault, and on this kind of virtual
/// machine its first touch costs 2-5 µs a KB even when faulted in ahead (1 MB: 2.3-4.9 ms), against
/// 0.22-0.30 ms for a 2 MB page. Set-up on the bundled 512×512 maps fell from 4-7 ms to 1-1.5 ms
/// (A*, JPS), warm searches unchanged (docs/performance-log.md, 2026-12-05, sixth session). It has
/// to run before the first allocation, which the C++ library's and oneTBB's initialisers make before
/// main (set from main, a 49×49 map's set-up stayed at 1.1 ms instead of 0.4): an executable's
/// .preinit_array runs before any shared library's initialiser, and setting a default only writes
/// a field of mimalloc's option table (relocated by then), allocating nothing.
void prefer_large_pages(int /*argc*/, char** /*argv*/, char** /*environment*/) {
    mi_option_set_enabled_default(mi_option_large_os_pages, true);
}

#if defined(__ELF__)
[[gnu::used, gnu::section(".preinit_array")]] void (*const prefer_large_pages_first)(int, char**,
                                                                                     char**) = prefer_large_pages;
#endif

}  // namespace
#endif

namespace swarmpath::cli {

void report_error(const std::string& message) {
    std::fprintf(stderr, "swarmpath: %s\n", escape_text(explain_resource_errors(message)).c_str());
}

const char* version() { return SWARMPATH_VERSION; }

namespace {

bool has_subcommand(const CLI::App& app, const std::string& name) {
    for (const CLI::App* command : app.get_subcommands(nullptr)) {
        if (command->check_name(name)) return true;
    }
    return false;
}

/// The subcommands, by name. Further subcommands register here, one line each.
struct Subcommand {
    const char* name;
    void (*add)(CLI::App& app, int& exit_code);
};
constexpr std::array<Subcommand, 7> kSubcommands = {{{"solve", add_solve_command},
                                                     {"generate", add_generate_command},
                                                     {"validate", add_validate_command},
                                                     {"route", add_route_command},
                                                     {"render", add_render_command},
                                                     {"field", add_field_command},
                                                     {"precompute", add_precompute_command}}};

/// Registers the subcommands and runs the one named on the command line.
int run_command_line(int argc, char** argv) {
    install_interrupt_cleanup();
    install_standard_output_check();  // a failed write to standard output is exit 2 in every subcommand
    CLI::App app{"swarmpath: bulk grid pathfinding over Moving AI maps and scenarios"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("swarmpath ") + version());
    int exit_code = kExitSuccess;
    // Registering a subcommand builds every one of its options: when the first argument names one,
    // only that one is registered (a run then pays for its own options alone, about 1.2M of the 1.6M
    // instructions of registering them all); help, --version and unknown names see them all.
    const Subcommand* named = nullptr;
    for (const Subcommand& subcommand : kSubcommands) {
        if (argc > 1 && std::strcmp(argv[1], subcommand.name) == 0) named = &subcommand;
    }
    for (const Subcommand& subcommand : kSubcommands) {
        if (named == nullptr || named == &subcommand) subcommand.add(app, exit_code);
    }
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
    }
    return exit_code;
}

}  // namespace

}  // namespace swarmpath::cli

int main(int argc, char** argv) {
    swarmpath::cli::distributed::hand_over_to_mpi_build(argv);  // returns unless under mpirun
#if defined(SWARMPATH_WITH_MIMALLOC)
    // Touch mimalloc so the linker keeps it: it then replaces malloc and operator new process-wide.
    (void)mi_version();
    // Its pages are 2 MB ones (unless the environment turned them off), whose first touch the run's
    // set-up pays anyway: small search arrays then come from the heap (core/page_memory.hpp).
    swarmpath::core::use_heap_for_small_blocks(mi_option_is_enabled(mi_option_large_os_pages));
#endif
    swarmpath::cli::install_resource_handlers();
    try {
        return swarmpath::cli::run_command_line(argc, argv);
    } catch (...) {
        // Out of memory or threads, or an unexpected failure: the outputs' temporary files are gone
        // by now (their destructors ran while the exception travelled here).
        return swarmpath::cli::report_exception(std::current_exception());
    }
}
