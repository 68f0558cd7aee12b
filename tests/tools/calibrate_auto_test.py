#!/usr/bin/python3
# Tests of tools/calibrate-auto --fit through the real executable, on four bundled scenario files
# (arena, den312d, Berlin_1_256, AR0011SR; one round): one table row per file with positive times,
# the fitted JPS line with its three constants and an estimate per file, JPS+'s saving per expansion
# for every file with the open maps' median, and the table's fit over the maps of 50,000 padded cells
# or more (Berlin_1_256 and AR0011SR) with a figure per padded cell for each. These are the figures
# auto's cost model (engine/include/swarmpath/batch/algorithm_choice.hpp) is refitted from. Assumes the
# source tree, numpy and scipy (tools/install-dependencies.sh) and a built swarmpath, passed as
# argv[1]. Prints "N passed, N failed" and exits 1 on any failure.
import os
import re
import subprocess
import sys

from tool_checks import Checks

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
FILES = ["dao/arena", "dao/den312d", "street/Berlin_1_256", "bg512/AR0011SR"]


def main():
    swarmpath = sys.argv[1]
    check = Checks()
    scenarios = [os.path.join(ROOT, "datasets", "movingai", f"{name}.map.scen") for name in FILES]
    run = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "calibrate-auto"), "--rounds", "1",
                          "--fit", "--swarmpath", swarmpath, *scenarios], capture_output=True, text=True)
    check(run.returncode == 0, f"exit 0 (got {run.returncode}: {run.stderr[-600:]})")
    lines = run.stdout.splitlines()
    names = [os.path.basename(name) for name in FILES]

    rows = [line for line in lines if line.startswith("| ") and not line.startswith("| file")]
    check([row.split("|")[1].strip() for row in rows] == names, f"a table row per file: {rows!r}")
    for row in rows:
        times = re.findall(r"([\d.]+) µs", row)
        check(len(times) == 2 and all(float(value) > 0 for value in times), f"JPS and JPS+ timed: {row!r}")

    fitted = [line for line in lines if line.startswith("JPS = ")]
    pattern = r"JPS = [\d.]+ ns·E \+ [\d.]+ ns·G \+ [\d.]+ ns·R·D"
    check(len(fitted) == 1 and re.fullmatch(pattern, fitted[0]) is not None, f"the fitted JPS line: {fitted!r}")

    def section(title):
        start = next((index for index, line in enumerate(lines) if line.startswith(title)), None)
        if start is None:
            return []
        block = []
        for line in lines[start + 1:]:
            if not line.startswith("  "):
                break
            block.append(line.strip())
        return block

    estimates = section("estimate / measured")
    check([line.split()[0] for line in estimates] == names, f"an estimate per file: {estimates!r}")
    savings = section("JPS+ below JPS per expansion")
    for name in names:
        check(any(line.startswith(name + " ") and re.search(r" r +[\d.]+ +-?[\d.]+", line) for line in savings),
              f"{name}'s saving per expansion: {savings!r}")
    check(any(line.startswith("median, r >= 6:") for line in savings), f"the open maps' median: {savings!r}")
    check(not any(line.startswith("median, r < 3:") for line in savings),
          f"no cluttered median without a cluttered map: {savings!r}")
    check(any(line.startswith("arena") and "left out" in line for line in savings),
          f"arena's two-expansion queries left out of the medians: {savings!r}")

    table = [line for line in lines if line.startswith("JPS+ table = C·(")]
    check(len(table) == 1, f"the table's fit: {table!r}")
    cells = section("JPS+ table = C·(")
    check([line.split()[0] for line in cells] == ["Berlin_1_256", "AR0011SR"],
          f"the maps of 50,000 cells or more: {cells!r}")
    for line in cells:
        found = re.search(r"([\d.]+) ns a cell", line)
        check(found is not None and 1 < float(found.group(1)) < 200, f"a plausible cost per cell: {line!r}")
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
