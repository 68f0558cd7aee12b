#!/usr/bin/python3
# Checks that every jump point search function of a Release build of the command line fits the
# window of machine code a new solver reads into the caches after the function's entry
# (core::warm_code, kWarmCodeAfter in engine/src/search/solver.cpp). A search that outgrows it runs
# its first query of a process from code fetched one miss at a time (13-21 µs instead of 2-3 µs on
# the test machine): whoever grows one past the window widens the window or shrinks the search.
# Assumes the source tree (solver.cpp is found relative to this file), GNU nm, and an unstripped
# optimised build in which each search is one function with its per-node code inlined (the
# CMake registration runs it only for Release builds without sanitizers or SWARMPATH_QUICK_COMPILE).
#
#   code_window_test.py SWARMPATH_EXECUTABLE
#
# Prints each search's size against the window and, through tool_checks.Checks, exits 1 when one
# exceeds it, when a search is missing from the symbol table, or when the window cannot be read from
# solver.cpp.
import os
import re
import subprocess
import sys

from tool_checks import Checks

SOLVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "src", "search",
                      "solver.cpp")
# The eight entry points Solver::create picks among (pick_jump_search in solver.cpp).
SEARCHES = [form + suffix for form in ("online_lines", "online_cells", "table", "table_bounded")
            for suffix in ("", "_hashed")]


def window_after():
    """kWarmCodeAfter's value in bytes, as solver.cpp writes it (a product of integer literals)."""
    with open(SOLVER, encoding="utf-8") as source:
        match = re.search(r"constexpr std::size_t kWarmCodeAfter = ([0-9 *]+);", source.read())
    if not match:
        return None
    value = 1
    for factor in match.group(1).split("*"):
        value *= int(factor)
    return value


def search_sizes(executable):
    """Bytes of each jump point search function in the executable's symbol table (clones excluded)."""
    listing = subprocess.run(["nm", "-S", "--defined-only", "-C", executable], capture_output=True, text=True,
                             check=True).stdout
    sizes = {}
    pattern = re.compile(r"^[0-9a-f]+ ([0-9a-f]+) [tT] swarmpath::search::jump_point_search_([a-z_]+)\(")
    for line in listing.splitlines():
        match = pattern.match(line)
        if match and "[clone" not in line:
            sizes[match.group(2)] = int(match.group(1), 16)
    return sizes


def main():
    if len(sys.argv) != 2:
        print("usage: code_window_test.py SWARMPATH_EXECUTABLE", file=sys.stderr)
        return 2
    window = window_after()
    if window is None:
        print(f"FAIL: no kWarmCodeAfter in {SOLVER}")
        return 1
    sizes = search_sizes(sys.argv[1])
    check = Checks()
    for search in SEARCHES:
        size = sizes.get(search)
        check(size is not None, f"jump_point_search_{search} is not in {sys.argv[1]}'s symbol table")
        if size is not None:
            print(f"jump_point_search_{search}: {size} bytes, window {window} ({window - size} to spare)")
            check(size <= window, f"jump_point_search_{search}: {size} bytes exceed the window of {window}")
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
