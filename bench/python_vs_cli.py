#!/usr/bin/env python3
"""Times one batch of queries solved from Python (swarmpath.Solver.solve_batch) against the same
batch solved by the command line (swarmpath solve), median of several runs each, alternating the two.

The batch is the first N rows (default 10,000) of a bundled scenario file's rows repeated, written
to a temporary .scen file beside a link to its map, so both sides read the same queries of one map.
Reported per side: the solve alone (Python: the wall time of the GIL-free engine call, batch.seconds;
CLI: search_seconds from its --summary) and the whole call (Python: solve_batch including the NumPy
conversion of results, and the paths when --paths is given, as one flat coordinate array with
--flat-paths; CLI: the process's wall time, including start-up, parsing and output).

Assumes the module is importable (PYTHONPATH=build/python) and the CLI at --executable.
  PYTHONPATH=build/python /usr/bin/python3 bench/python_vs_cli.py --executable build/tools/swarmpath
"""

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

import swarmpath


def main():
    root = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--executable", default=str(root / "build" / "tools" / "swarmpath"))
    parser.add_argument("--scenario", default=str(root / "datasets" / "movingai" / "dao" / "brc202d.map.scen"))
    parser.add_argument("--queries", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--threads", type=int, default=os.cpu_count(), help="workers on both sides (the CLI needs 1 or more)")
    parser.add_argument("--algorithm", default="auto")
    parser.add_argument("--paths", action="store_true", help="keep paths (Python) and write them (CLI --paths)")
    parser.add_argument("--flat-paths", action="store_true",
                        help="with --paths: Python returns them flat (flat_paths=True) instead of one array a query")
    options = parser.parse_args()

    source = swarmpath.read_scenario(options.scenario)
    lines = Path(options.scenario).read_text().splitlines()
    rows = [line for line in lines[1:] if line.strip()]
    repeated = (rows * (options.queries // len(rows) + 1))[: options.queries]
    with tempfile.TemporaryDirectory() as folder:
        map_link = Path(folder) / Path(source.map_path).name
        os.symlink(Path(source.map_path).resolve(), map_link)
        scenario_path = Path(folder) / f"batch-{options.queries}.map.scen"
        scenario_path.write_text(lines[0] + "\n" + "\n".join(repeated) + "\n")
        scenario = swarmpath.read_scenario(str(scenario_path))
        solver = swarmpath.Solver(swarmpath.Grid.from_file(str(map_link)), algorithm=options.algorithm,
                                  record_paths=options.paths)
        command = [options.executable, "solve", str(scenario_path), "--threads", str(options.threads),
                   "--algorithm", options.algorithm, "--summary", str(Path(folder) / "summary.json")]
        if options.paths:
            command += ["--paths", str(Path(folder) / "paths.csv")]
        python_solve, python_call, cli_solve, cli_process = [], [], [], []
        costs = None
        for _ in range(options.runs):
            started = time.perf_counter()
            batch = solver.solve_batch(scenario.queries, threads=options.threads, paths=options.paths,
                                       flat_paths=options.flat_paths)
            python_call.append(time.perf_counter() - started)
            python_solve.append(batch.seconds)
            costs = batch.costs
            started = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            cli_process.append(time.perf_counter() - started)
            summary = json.loads((Path(folder) / "summary.json").read_text())
            cli_solve.append(summary["totals"]["search_seconds"])
        assert len(costs) == options.queries and np.all(batch.statuses == "found")

    def line(name, values):
        return f"  {name:<34} median {statistics.median(values) * 1000:9.2f} ms   (runs: " + \
            ", ".join(f"{value * 1000:.1f}" for value in values) + ")"

    print(f"{options.queries} queries of {Path(options.scenario).name}, algorithm {options.algorithm} "
          f"({solver.algorithm}), threads {options.threads}, paths "
          f"{('flat' if options.flat_paths else 'on') if options.paths else 'off'}, {options.runs} runs")
    print(line("Python solve_batch, engine call", python_solve))
    print(line("Python solve_batch, whole call", python_call))
    print(line("CLI solve, search_seconds", cli_solve))
    print(line("CLI solve, whole process", cli_process))


if __name__ == "__main__":
    main()
