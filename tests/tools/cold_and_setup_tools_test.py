#!/usr/bin/python3
# Tests of tools/cold-warm and tools/setup-per-file through the real executable, on the bundled
# den312d scenario file: cold-warm prints one row per algorithm whose per-query times are positive,
# whose ratio is the cold time over the warm one as printed, whose cold search page faults are a
# count and whose first query's time (a run of its own) and its other queries' mean are positive
# (with --after-other, a last column: the sample's mean time after the file's other rows, positive,
# or "n/a" when the sample holds every row; with --replayed, two last columns: the mean time a query of
# the sample's first and second pass in one process, both positive; with auto, a label naming each
# run's choice; then a table by map class, two game maps in one row of their queries' weighted
# times; with --baseline, each figure as "before → after" and the cold passes' paired ratio, and
# the class table so too,
# refused with --after-other, and a missing baseline executable an error naming it);
# setup-per-file prints one row per algorithm where every file after the first reused the map's
# preparation, the ratio is the two set-ups' as printed and a reusing file's own set-up is below the
# first file's; thread-cost prints one row per thread
# count whose CPU ratio is that count's CPU time over one thread's as printed (1.00 for one thread),
# each figure "before -> after" with --baseline, and refuses a thread count that is not a number; a
# missing scenario file makes each exit non-zero. Assumes the source tree
# and a built swarmpath, passed as argv[1]. Prints "N passed, N failed" and exits 1 on any failure.
import os
import subprocess
import sys

from tool_checks import Checks

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SCENARIO = os.path.join(ROOT, "datasets/movingai/dao/den312d.map.scen")
ARENA = os.path.join(ROOT, "datasets/movingai/dao/arena.map.scen")


def table_rows(text, table=0):
    """The rows of the `table`-th Markdown table in `text` (tables are apart by a line of another kind),
    without its header and rule."""
    tables = [[]]
    for line in text.splitlines():
        if line.startswith("|"):
            tables[-1].append(line)
        elif tables[-1]:
            tables.append([])
    lines = tables[table][2:] if table < len(tables) else []
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]


def quotient_as_printed(ratio, numerator, denominator):
    """Whether `ratio` is numerator / denominator, all three as printed with two decimals: the
    quotient of the unrounded values lies within the rounded ones' half a hundredth either way (on
    values under one millisecond a 1% tolerance failed under load)."""
    half = 0.005
    low = (numerator - half) / (denominator + half)
    high = (numerator + half) / max(denominator - half, 1e-9)
    return low - half <= ratio <= high + half


def main():
    swarmpath = sys.argv[1]
    check = Checks()

    cold_warm = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cold-warm"), "--swarmpath", swarmpath,
                                "--rounds", "1", "--sample", "40", "--passes", "3", SCENARIO],
                               capture_output=True, text=True)
    check(cold_warm.returncode == 0, f"cold-warm exits 0 (got {cold_warm.returncode}: {cold_warm.stderr})")
    rows = table_rows(cold_warm.stdout)
    check([row[1] for row in rows] == ["jps", "jps+"], f"cold-warm: one row per algorithm: {cold_warm.stdout!r}")
    for row in rows:
        cold, warm, ratio, faults = float(row[3]), float(row[4]), float(row[5]), row[6]
        check(row[2] == "40", f"cold-warm samples 40 rows: {row!r}")
        check(cold > 0 and warm > 0, f"cold-warm: positive times: {row!r}")
        check(quotient_as_printed(ratio, cold, warm), f"cold-warm: ratio is cold / warm: {row!r}")
        check(faults.isdigit(), f"cold-warm: a page-fault count: {row!r}")
        check(len(row) == 13 and float(row[11]) > 0, f"cold-warm: the first query's time, positive: {row!r}")
        check(float(row[12]) > 0, f"cold-warm: the other queries' mean time, positive: {row!r}")

    after_other = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cold-warm"), "--swarmpath",
                                  swarmpath, "--rounds", "1", "--sample", "40", "--passes", "2", "--algorithms", "jps+",
                                  "--after-other", SCENARIO, ARENA], capture_output=True, text=True)
    check(after_other.returncode == 0, f"cold-warm --after-other exits 0 (got {after_other.returncode}: "
                                       f"{after_other.stderr})")
    rows = table_rows(after_other.stdout)
    check(len(rows) == 2 and all(len(row) == 14 for row in rows), f"cold-warm --after-other: 14 columns: {rows!r}")
    if len(rows) == 2:
        check(float(rows[0][13]) > 0, f"cold-warm --after-other: den312d's sample after other rows: {rows[0]!r}")
    # The class table: den312d and arena are both game maps, so one row, whose queries are the two
    # files' and whose times are their per-query times weighted by their queries.
    classes = table_rows(after_other.stdout, 1)
    check(len(classes) == 1 and classes[0][:4] == ["game maps", "jps+", "2", "80"],
          f"cold-warm: one class row for two game maps: {after_other.stdout!r}")
    if len(rows) == 2 and len(classes) == 1 and len(classes[0]) == 8:
        for file_column, class_column in ((3, 4), (4, 5)):  # cold, then warm
            weighted = (float(rows[0][file_column]) * 40 + float(rows[1][file_column]) * 40) / 80
            check(abs(float(classes[0][class_column]) - weighted) <= 0.011,
                  f"cold-warm: class time weighted: {classes[0]!r} from {rows!r}")
        check(quotient_as_printed(float(classes[0][6]), float(classes[0][4]), float(classes[0][5])),
              f"cold-warm: the class's ratio is its cold time over its warm time: {classes[0]!r}")
        geometric = (float(rows[0][5]) * float(rows[1][5])) ** 0.5
        check(abs(float(classes[0][7]) - geometric) <= 0.02, f"cold-warm: the files' geometric mean: {classes[0]!r}")
    arena_all = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cold-warm"), "--swarmpath", swarmpath,
                                "--rounds", "1", "--sample", "500", "--passes", "2", "--algorithms", "jps+",
                                "--after-other", ARENA], capture_output=True, text=True)
    rows = table_rows(arena_all.stdout)
    check(arena_all.returncode == 0 and len(rows) == 1 and rows[0][13] == "n/a",
          f"cold-warm --after-other: n/a when the sample holds every row: {arena_all.stdout!r} {arena_all.stderr!r}")

    replayed = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cold-warm"), "--swarmpath", swarmpath,
                               "--rounds", "1", "--sample", "40", "--passes", "2", "--algorithms", "jps+",
                               "--replayed", SCENARIO], capture_output=True, text=True)
    check(replayed.returncode == 0, f"cold-warm --replayed exits 0 (got {replayed.returncode}: {replayed.stderr})")
    rows = table_rows(replayed.stdout)
    check(len(rows) == 1 and len(rows[0]) == 15, f"cold-warm --replayed: 15 columns: {rows!r}")
    if len(rows) == 1 and len(rows[0]) == 15:
        check(float(rows[0][13]) > 0 and float(rows[0][14]) > 0,
              f"cold-warm --replayed: both passes' times positive: {rows[0]!r}")

    # With auto, the label names what every run chose, the replayed run's included.
    labelled = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cold-warm"), "--swarmpath", swarmpath,
                               "--rounds", "1", "--sample", "30", "--passes", "2", "--algorithms", "auto",
                               "--replayed", SCENARIO], capture_output=True, text=True)
    rows = table_rows(labelled.stdout)
    check(labelled.returncode == 0 and len(rows) == 1 and rows[0][1].startswith("auto (") and
          " cold, " in rows[0][1] and " warm, " in rows[0][1] and rows[0][1].endswith(" replayed)"),
          f"cold-warm --algorithms auto --replayed: the label names each run's choice: {labelled.stdout!r}")

    # --baseline: the same executable as both, so each figure reads "x → y" with both positive, and
    # the paired ratio of the cold passes is positive; refused with --after-other; a missing baseline fails.
    compared = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cold-warm"), "--swarmpath", swarmpath,
                               "--baseline", swarmpath, "--rounds", "2", "--sample", "40", "--passes", "2",
                               "--algorithms", "jps", SCENARIO], capture_output=True, text=True)
    check(compared.returncode == 0, f"cold-warm --baseline exits 0 (got {compared.returncode}: {compared.stderr})")
    rows = table_rows(compared.stdout)
    check(len(rows) == 1 and len(rows[0]) == 11, f"cold-warm --baseline: 11 columns: {rows!r}")
    if len(rows) == 1 and len(rows[0]) == 11:
        for cell in rows[0][3:10]:
            before, arrow, after = cell.partition(" → ")
            check(arrow != "" and float(before) >= 0 and float(after) >= 0, f"cold-warm --baseline: {cell!r}")
        check(float(rows[0][3].split(" → ")[0]) > 0, f"cold-warm --baseline: a positive cold time: {rows[0]!r}")
        check(float(rows[0][10]) > 0, f"cold-warm --baseline: a positive paired ratio: {rows[0]!r}")
        # Its class table: one file, so the class's figures are the file's, each as baseline → new.
        classes = table_rows(compared.stdout, 1)
        check(len(classes) == 1 and classes[0][:4] == ["game maps", "jps", "1", "40"] and len(classes[0]) == 8,
              f"cold-warm --baseline: one class row: {compared.stdout!r}")
        if len(classes) == 1 and len(classes[0]) == 8:
            check(classes[0][4:7] == rows[0][3:6], f"cold-warm --baseline: the class row is the file's: {classes!r}")
    refused = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cold-warm"), "--swarmpath", swarmpath,
                              "--baseline", swarmpath, "--after-other", "--rounds", "1", SCENARIO],
                             capture_output=True, text=True)
    check(refused.returncode != 0 and "--baseline" in refused.stderr,
          f"cold-warm: --baseline with --after-other is refused: {refused.returncode} {refused.stderr!r}")
    absent = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cold-warm"), "--swarmpath", swarmpath,
                             "--baseline", os.path.join(ROOT, "no-such-swarmpath"), "--rounds", "1", SCENARIO],
                            capture_output=True, text=True)
    check(absent.returncode != 0 and "no-such-swarmpath" in absent.stderr,
          f"cold-warm: a missing --baseline executable fails, naming it: {absent.returncode} {absent.stderr!r}")

    per_file = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "setup-per-file"), "--swarmpath",
                               swarmpath, "--rounds", "1", "--rows", "40", "--files", "4", "--algorithms", "jps+,astar",
                               SCENARIO], capture_output=True, text=True)
    check(per_file.returncode == 0, f"setup-per-file exits 0 (got {per_file.returncode}: {per_file.stderr})")
    rows = table_rows(per_file.stdout)
    check([row[1] for row in rows] == ["jps+", "astar"], f"setup-per-file: one row per algorithm: {per_file.stdout!r}")
    for row in rows:
        one, many, ratio = float(row[2]), float(row[3]), float(row[4])
        check(one > 0 and many > 0, f"setup-per-file: positive set-ups: {row!r}")
        check(quotient_as_printed(ratio, many, one), f"setup-per-file: ratio is many / one: {row!r}")
        check(row[5] == "3/3", f"setup-per-file: every later file reused the preparation: {row!r}")
        check(0 <= float(row[6]) < one * 1000,
              f"setup-per-file: a reusing file's set-up (µs) is below the first file's: {row!r}")

    # thread-cost: a row per thread count (one thread's added when not asked), each figure "x -> y"
    # with --baseline, one thread's CPU ratio 1.00, the other's the CPU quotient as printed.
    threads = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "thread-cost"), "--swarmpath", swarmpath,
                              "--baseline", swarmpath, "--rounds", "1", "--threads", "2", "--algorithms", "jps",
                              SCENARIO], capture_output=True, text=True)
    check(threads.returncode == 0, f"thread-cost exits 0 (got {threads.returncode}: {threads.stderr})")
    rows = table_rows(threads.stdout)
    check([row[2] for row in rows] == ["1", "2"], f"thread-cost: one row per thread count, 1 first: {threads.stdout!r}")
    figures = {}
    for row in rows:
        pairs = [cell.partition(" -> ") for cell in row[3:8]]
        check(len(row) == 8 and all(arrow for _, arrow, _ in pairs), f"thread-cost --baseline: x -> y cells: {row!r}")
        if len(row) == 8 and all(arrow for _, arrow, _ in pairs):
            values = [(float(before), float(after)) for before, _, after in pairs]
            check(all(before > 0 and after > 0 for before, after in values[:2]),
                  f"thread-cost: positive wall and CPU times: {row!r}")
            check(all(before >= 0 and after >= 0 for before, after in values[2:4]),
                  f"thread-cost: set-up and search times: {row!r}")
            figures[row[2]] = values
    if len(figures) == 2:
        check(figures["1"][4] == (1.0, 1.0), f"thread-cost: one thread's CPU ratio is 1.00: {figures['1']!r}")
        for side in (0, 1):
            check(quotient_as_printed(figures["2"][4][side], figures["2"][1][side], figures["1"][1][side]),
                  f"thread-cost: the ratio is two threads' CPU over one's: {figures!r}")
    bad_count = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "thread-cost"), "--swarmpath",
                                swarmpath, "--threads", "two", SCENARIO], capture_output=True, text=True)
    check(bad_count.returncode != 0 and "--threads" in bad_count.stderr,
          f"thread-cost: --threads two is refused: {bad_count.returncode} {bad_count.stderr!r}")

    for tool in ("cold-warm", "setup-per-file", "thread-cost"):
        missing = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", tool), "--swarmpath", swarmpath,
                                  "--rounds", "1", os.path.join(ROOT, "no-such-file.map.scen")],
                                 capture_output=True, text=True)
        check(missing.returncode != 0, f"{tool}: a missing scenario file fails (got {missing.returncode})")
    return check.finish()


if __name__ == "__main__":
    sys.exit(main())
