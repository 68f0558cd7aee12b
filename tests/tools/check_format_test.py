#!/usr/bin/python3
# Tests of tools/check-format on small trees in a temporary folder with the project's .clang-format,
# so the format check cannot pass by checking nothing: a formatted file passes; a misformatted one
# fails with a line naming it; --fix formats it so that the check then passes. Assumes python3 and
# clang-format. Prints "N passed, N failed" and exits 1 on any failure.
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
CHECK = os.path.join(ROOT, "tools", "check-format")
FORMATTED = "int add(int left, int right) { return left + right; }\n"
MISFORMATTED = "int  add( int left,int right ){\nreturn left+right;}\n"


def run(root, *extra):
    done = subprocess.run([sys.executable, CHECK, "--root", root, *extra], capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def main():
    passed = failed = 0

    def expect(name, outcome, code, needle):
        nonlocal passed, failed
        returned, output = outcome
        ok = returned == code and needle in output
        print(("ok  " if ok else "FAIL") + " " + name)
        if not ok:
            print(f"     exit {returned} (expected {code}); output:\n{output}")
        passed, failed = passed + ok, failed + (not ok)

    with tempfile.TemporaryDirectory() as root:
        shutil.copy(os.path.join(ROOT, ".clang-format"), root)
        os.makedirs(os.path.join(root, "engine", "src"))
        source = os.path.join(root, "engine", "src", "add.cpp")
        with open(source, "w") as out:
            out.write(FORMATTED)
        expect("a formatted tree passes", run(root), 0, "1 C and C++ files formatted")
        with open(source, "w") as out:
            out.write(MISFORMATTED)
        expect("a misformatted file fails, named", run(root), 1, "engine/src/add.cpp:1: not formatted")
        run(root, "--fix")
        expect("--fix formats it", run(root), 0, "formatted as .clang-format says")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
