#!/usr/bin/python3
# Tests of tools/compare-algorithms through the real executable: on the bundled arena scenario file
# and on a generated hex set it prints one Markdown row per workload whose CPU figures are positive,
# names auto's choice and the fastest algorithm, leaves JPS and JPS+ out on a hex map (they do not
# apply there), and computes auto / fastest from the figures it printed; with --instructions it adds
# auto's instruction count and its ratio to the fewest; --algorithms and --rows run only the named
# algorithms on each file's first rows (a row per count, the file whole once when it holds fewer);
# unknown names and bad counts are refused; a scenario file that does not exist makes it exit 1.
# Assumes the source tree and a built swarmpath, passed as argv[1]; with a second argument
# `--instructions`, only the callgrind part runs (a separate test, left out of sanitizer builds).
# Prints "N passed, N failed" and exits 1 on any failure.
import os
import shutil
import subprocess
import sys
import tempfile

from tool_checks import Checks

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SCRIPT = os.path.join(ROOT, "tools", "compare-algorithms")


def run(swarmpath, *workloads):
    return subprocess.run(["/usr/bin/python3", SCRIPT, "--rounds", "1", "--swarmpath", swarmpath, *workloads],
                          capture_output=True, text=True)


def table_rows(output):
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in output.splitlines()
            if line.startswith("| ") and not line.startswith("| file")]


def check_first_rows(swarmpath, check):
    """--algorithms jps and --rows 5,40,100000 on arena (160 rows): three rows, named by their counts,
    with auto and JPS timed and the rest left out; the solved prefixes hold that many queries."""
    arena = os.path.join(ROOT, "datasets/movingai/dao/arena.map.scen")
    work = tempfile.mkdtemp(prefix="compare-algorithms-test-")
    cut = run(swarmpath, "--algorithms", "jps", "--rows", "40,5,100000", "--work", work, arena)
    for count in (5, 40):
        with open(os.path.join(work, f"arena-first-{count}.map.scen"), encoding="utf-8") as prefix:
            lines = prefix.read().splitlines()
        check(lines[0].startswith("version") and len(lines) == count + 1,
              f"the first {count} rows after the version line: {len(lines)} lines")
    shutil.rmtree(work, ignore_errors=True)
    check(cut.returncode == 0, f"--rows exits 0 (got {cut.returncode}: {cut.stderr})")
    rows = table_rows(cut.stdout)
    names = [cells[0] for cells in rows]
    check(names == ["arena (first 5)", "arena (first 40)", "arena (all 160)"], f"a row per count: {names!r}")
    for cells in rows:
        if len(cells) != 9:
            check(False, f"nine columns in {cells!r}")
            continue
        check(float(cells[2]) > 0 and float(cells[4].rstrip("*")) > 0, f"auto and JPS timed: {cells!r}")
        check(cells[3] == "—" and cells[5] == "—" and cells[6] == "—", f"only JPS beside auto: {cells!r}")
        check(cells[7] == "jps", f"the fastest of those run: {cells!r}")
    for arguments, word in ((["--algorithms", "dijkstra"], "unknown"), (["--rows", "0"], "at least 1"),
                            (["--rows", "ten"], "whole numbers")):
        refused = run(swarmpath, *arguments, arena)
        check(refused.returncode == 2 and word in refused.stderr, f"{arguments} refused: {refused.stderr!r}")


def check_instructions(swarmpath, check):
    """--instructions: three more columns, auto's instructions (millions) and its ratio to the fewest of
    the algorithms alone, counted under callgrind (not under a sanitizer build, which valgrind cannot run)."""
    counted = subprocess.run(["/usr/bin/python3", SCRIPT, "--rounds", "1", "--instructions", "--swarmpath", swarmpath,
                              os.path.join(ROOT, "datasets/movingai/dao/arena.map.scen")], capture_output=True, text=True)
    check(counted.returncode == 0, f"--instructions exits 0 (got {counted.returncode}: {counted.stderr})")
    rows = table_rows(counted.stdout)
    cells = rows[0] if len(rows) == 1 else []
    check(len(cells) == 12, f"twelve columns with --instructions: {counted.stdout!r}")
    if len(cells) == 12:
        auto_millions, fewest, ratio = float(cells[9]), cells[10], float(cells[11])
        check(auto_millions > 1, f"auto runs millions of instructions: {cells!r}")
        check(fewest in ("astar", "jps", "jps+", "flowfield"), f"the fewest is an algorithm alone: {cells!r}")
        check(0.5 < ratio < 2, f"auto's instruction ratio is plausible: {cells!r}")


def main():
    swarmpath = sys.argv[1]
    instructions_only = sys.argv[2:] == ["--instructions"]
    check = Checks()
    if instructions_only:
        check_instructions(swarmpath, check)
        return check.finish()

    completed = run(swarmpath, os.path.join(ROOT, "datasets/movingai/dao/arena.map.scen"),
                    os.path.join(ROOT, "datasets/generated/hex/random128-hex.map.scen"))
    check(completed.returncode == 0, f"exit 0 on bundled files (got {completed.returncode}: {completed.stderr})")
    rows = table_rows(completed.stdout)
    check(len(rows) == 2, f"one row per workload: {completed.stdout!r}")
    for cells in rows:
        check(len(cells) == 9, f"nine columns in {cells!r}")
        if len(cells) != 9:
            continue
        name, chosen, auto, astar, jps, table, fields, fastest, ratio = cells
        figures = {"auto": auto, "astar": astar, "jps": jps, "jps+": table, "flowfield": fields}
        numbers = {key: float(value.rstrip("*")) for key, value in figures.items() if value != "—"}
        check(all(value > 0 for value in numbers.values()), f"positive CPU seconds in {cells!r}")
        check(chosen in ("astar", "jps", "jps+", "flowfield"), f"auto's choice named in {cells!r}")
        check(fastest in numbers and fastest != "auto", f"the fastest is one of the algorithms alone in {cells!r}")
        if fastest in numbers:
            others = {key: value for key, value in numbers.items() if key != "auto"}
            check(numbers[fastest] == min(others.values()), f"the fastest has the least time in {cells!r}")
            # Figures are printed to 0.1 ms and the ratio to 0.01: allow for both roundings.
            expected = numbers["auto"] / numbers[fastest]
            rounding = expected * (0.00005 / numbers["auto"] + 0.00005 / numbers[fastest]) + 0.005
            check(abs(float(ratio) - expected) <= rounding + 1e-9, f"the ratio matches in {cells!r}")
        if name == "random128-hex":
            check(jps == "—" and table == "—", f"no JPS on a hex map: {cells!r}")
            check(chosen in ("astar", "flowfield"), f"auto picks A* or fields on a hex map: {cells!r}")

    check_first_rows(swarmpath, check)

    missing = run(swarmpath, os.path.join(ROOT, "datasets/no-such-file.map.scen"))
    check(missing.returncode == 1, f"exit 1 on a missing scenario file (got {missing.returncode})")
    check("compare-algorithms:" in missing.stderr, f"the failure is reported: {missing.stderr!r}")

    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
