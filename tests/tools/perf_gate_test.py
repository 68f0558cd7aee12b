#!/usr/bin/python3
# Tests of tools/perf-gate on crafted JSON files.
# Each case writes a baseline and a new file, runs the gate with --counters-only (timings need real
# repetitions and scipy; the cases here are about counters and missing data) and checks its exit
# status and that its output names what is missing or changed. Assumes python3 and the source tree
# (the gate is found relative to this file). Prints "N passed, N failed" and exits 1 on any failure.
import copy
import json
import os
import subprocess
import sys
import tempfile

GATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "perf-gate")


def benchmark(name, **counters):
    entry = {"name": name, "run_name": name, "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
             "threads": 1, "iterations": 10, "real_time": 1.0, "cpu_time": 1.0, "time_unit": "ms"}
    entry.update(counters)
    return entry


BENCHMARKS = {"context": {}, "benchmarks": [benchmark("Scenario/arena", expanded=100, generated=700, cost_sum=12.5),
                                            benchmark("Scenario/den312d", expanded=300, generated=2100, cost_sum=99.25)]}
SUMMARY = {"threads": 1, "scenarios": [
    {"file": "a.map.scen", "map": "a.map", "algorithm": "astar", "expanded": 10, "generated": 70, "cost_sum": 3.5,
     "solved": 2, "mismatches": 0, "search_seconds": 0.1},
    {"file": "b.map.scen", "map": "b.map", "algorithm": "astar", "expanded": 20, "generated": 140, "cost_sum": 7.0,
     "solved": 4, "mismatches": 0, "search_seconds": 0.2}]}


def changed(document, change):
    result = copy.deepcopy(document)
    change(result)
    return result


CASES = [
    # (name, baseline, new, expected exit status, text the output must hold)
    ("benchmarks identical", BENCHMARKS, BENCHMARKS, 0, "PASS"),
    ("benchmark missing", BENCHMARKS, changed(BENCHMARKS, lambda d: d["benchmarks"].pop(1)), 1,
     "Scenario/den312d: in the baseline but missing from the new run"),
    ("counter missing", BENCHMARKS, changed(BENCHMARKS, lambda d: d["benchmarks"][0].pop("generated")), 1,
     "counter generated is in the baseline but missing"),
    ("counter changed", BENCHMARKS, changed(BENCHMARKS, lambda d: d["benchmarks"][0].update(expanded=101)), 1,
     "counter expanded [100] -> [101]"),
    ("new benchmark list empty", BENCHMARKS, changed(BENCHMARKS, lambda d: d["benchmarks"].clear()), 1,
     "nothing to compare"),
    ("both benchmark lists empty", changed(BENCHMARKS, lambda d: d["benchmarks"].clear()),
     changed(BENCHMARKS, lambda d: d["benchmarks"].clear()), 1, "nothing to compare"),
    ("no benchmark in common", BENCHMARKS,
     changed(BENCHMARKS, lambda d: [entry.update(name="Other/" + entry["name"]) for entry in d["benchmarks"]]), 1,
     "in the baseline but missing"),
    ("only aggregates in the new run", BENCHMARKS,
     changed(BENCHMARKS, lambda d: [entry.update(run_type="aggregate") for entry in d["benchmarks"]]), 1,
     "nothing to compare"),
    ("extra benchmark in the new run", BENCHMARKS,
     changed(BENCHMARKS, lambda d: d["benchmarks"].append(benchmark("Scenario/new", expanded=1))), 0, "PASS"),
    ("summaries identical", SUMMARY, SUMMARY, 0, "PASS"),
    ("summary file missing", SUMMARY, changed(SUMMARY, lambda d: d["scenarios"].pop(0)), 1,
     "a.map.scen (astar): in the baseline but missing from the new summary"),
    ("summary field missing", SUMMARY, changed(SUMMARY, lambda d: d["scenarios"][1].pop("cost_sum")), 1,
     "field cost_sum is in the baseline but missing"),
    ("summary field changed", SUMMARY, changed(SUMMARY, lambda d: d["scenarios"][1].update(solved=3)), 1,
     "solved 4 -> 3"),
    ("new summary empty", SUMMARY, changed(SUMMARY, lambda d: d["scenarios"].clear()), 1, "nothing to compare"),
    ("both summaries empty", changed(SUMMARY, lambda d: d["scenarios"].clear()),
     changed(SUMMARY, lambda d: d["scenarios"].clear()), 1, "nothing to compare"),
    ("summaries without deterministic fields",
     changed(SUMMARY, lambda d: [entry.pop(field) for entry in d["scenarios"]
                                 for field in ("expanded", "generated", "cost_sum", "solved", "mismatches")]),
     changed(SUMMARY, lambda d: [entry.pop(field) for entry in d["scenarios"]
                                 for field in ("expanded", "generated", "cost_sum", "solved", "mismatches")]),
     1, "no deterministic field was compared"),
]


def main():
    passed = failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, base, new, expected_status, expected_text in CASES:
            base_path, new_path = os.path.join(folder, "base.json"), os.path.join(folder, "new.json")
            for path, document in ((base_path, base), (new_path, new)):
                with open(path, "w") as handle:
                    json.dump(document, handle)
            run = subprocess.run([sys.executable, GATE, "--counters-only", base_path, new_path],
                                 capture_output=True, text=True, timeout=120)
            output = run.stdout + run.stderr
            if run.returncode == expected_status and expected_text in output:
                passed += 1
            else:
                failed += 1
                print(f"FAILED {name}: exit {run.returncode} (expected {expected_status}), "
                      f"output lacks {expected_text!r}:\n{output}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
