#!/usr/bin/python3
# Tests of tools/check-installed-headers: the real install passes (every installed header is listed
# as public in docs/architecture.md, none is internal, each compiles alone), and planted offences in
# a copy of it fail with a line naming the header: an unlisted header, an internal header, a header
# that does not compile alone, a listed header missing. Assumes python3, cmake and a C++20 compiler;
# BUILD_DIR is a built swarmpath tree. Prints "N passed, N failed" and exits 1 on any failure.
#   tests/tools/installed_headers_test.py BUILD_DIR
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CHECK = os.path.join(ROOT, "tools", "check-installed-headers")


def run_check(prefix, *options):
    done = subprocess.run([sys.executable, CHECK, "--prefix", prefix, "--root", ROOT, *options], capture_output=True,
                          text=True)
    return done.returncode, done.stdout + done.stderr


def main():
    build_dir = sys.argv[1]
    passed = failed = 0

    def expect(name, outcome, code, needles):
        nonlocal passed, failed
        returned, output = outcome
        ok = returned == code and all(needle in output for needle in needles)
        print(("ok  " if ok else "FAIL") + " " + name)
        if not ok:
            print(f"     exit {returned} (expected {code}); output:\n{output}")
        passed, failed = passed + ok, failed + (not ok)

    with tempfile.TemporaryDirectory() as work:
        prefix = os.path.join(work, "prefix")
        subprocess.run(["cmake", "--install", build_dir, "--prefix", prefix], check=True, capture_output=True)
        expect("the real install passes", run_check(prefix), 0, ["each listed as public and compiling alone"])

        # A planted offence is checked with one header compiled (the one it breaks, or a small one):
        # the real install above has compiled them all.
        def planted(change, compiled="swarmpath/grid/topology.hpp"):
            copy = os.path.join(work, "planted")
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(prefix, copy)
            change(os.path.join(copy, "include", "swarmpath"))
            return run_check(copy, "--compile-only", compiled)

        def add_unlisted(include):
            with open(os.path.join(include, "search", "extra.hpp"), "w") as header:
                header.write("#pragma once\n")
        expect("an unlisted header fails", planted(add_unlisted), 1,
               ["swarmpath/search/extra.hpp: installed but not listed"])

        def add_internal(include):
            os.makedirs(os.path.join(include, "search", "best_first"), exist_ok=True)
            shutil.copy(os.path.join(ROOT, "engine", "src", "search", "best_first", "loop.hpp"),
                        os.path.join(include, "search", "best_first", "loop.hpp"))
        expect("an internal header fails", planted(add_internal), 1,
               ["swarmpath/search/best_first/loop.hpp: an internal header"])

        def break_one(include):
            with open(os.path.join(include, "search", "solver.hpp"), "a") as header:
                header.write("\nstatic_assert(sizeof(UndeclaredType) > 0);\n")
        expect("a header that does not compile alone fails", planted(break_one, "swarmpath/search/solver.hpp"), 1,
               ["swarmpath/search/solver.hpp: does not compile alone"])

        def remove_listed(include):
            os.remove(os.path.join(include, "grid", "grid.hpp"))
        expect("a listed header missing fails", planted(remove_listed), 1,
               ["swarmpath/grid/grid.hpp: listed as public in docs/architecture.md but not installed"])

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
