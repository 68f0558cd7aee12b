"""Statistics files from Python against the command line: BatchResult.write_stats writes the bytes of
`swarmpath solve --stats` on the same scenario and algorithm (or path oracle), every column but
nanoseconds (a wall time), goal fields' counters charged to their group's first query as there; the batch's
heap_operations and nanoseconds arrays are what the file holds; a batch that is not the scenario's
queries, a scenario given by name and a path with a NUL byte are refused, leaving no file behind.

Assumes the module is importable (ctest puts <build>/python on PYTHONPATH), SWARMPATH_SOURCE_DIR
names the source tree and SWARMPATH_EXECUTABLE the command line (tests/python/CMakeLists.txt)."""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
ARENA_SCENARIO = SOURCE / "datasets" / "movingai" / "dao" / "arena.map.scen"
HEADER = ("scenario,query,bucket,start_x,start_y,goal_x,goal_y,status,cost,optimal,expanded,generated,"
          "heap_operations,nanoseconds")


def command_line_stats(scenario_path, algorithm, folder):
    """The --stats file of `swarmpath solve` on the scenario, as bytes."""
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    stats_file = folder / f"cli-{algorithm}.csv"
    subprocess.run([executable, "solve", str(scenario_path), "--algorithm", algorithm, "--stats", str(stats_file)],
                   check=True, capture_output=True)
    return stats_file.read_bytes()


def without_nanoseconds(text):
    """Each line of a statistics file without its last column, and that column's values."""
    lines = text.decode().splitlines()
    assert lines[0] == HEADER
    return [line.rsplit(",", 1)[0] for line in lines], [int(line.rsplit(",", 1)[1]) for line in lines[1:]]


def python_stats(scenario_path, algorithm, folder):
    scenario = swarmpath.read_scenario(scenario_path)
    solver = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm=algorithm)
    batch = solver.solve_batch(scenario.queries, threads=2, paths=False)
    written = folder / f"python-{algorithm}.csv"
    batch.write_stats(written, scenario)
    return batch, written.read_bytes()


@pytest.mark.parametrize("algorithm", ["astar", "jps", "jps+", "auto", "flowfield"])
def test_written_stats_files_are_the_command_lines(tmp_path, algorithm):
    theirs = command_line_stats(ARENA_SCENARIO, algorithm, tmp_path)
    batch, mine = python_stats(ARENA_SCENARIO, algorithm, tmp_path)
    their_rows, _ = without_nanoseconds(theirs)
    my_rows, my_nanoseconds = without_nanoseconds(mine)
    assert len(my_rows) == len(batch.costs) + 1
    assert my_rows == their_rows
    assert mine.endswith(b"\n") and theirs.endswith(b"\n")
    # The file's counters and times are the batch's arrays; the queries were timed.
    columns = [row.split(",") for row in my_rows[1:]]
    assert [int(fields[10]) for fields in columns] == batch.expanded.tolist()
    assert [int(fields[12]) for fields in columns] == batch.heap_operations.tolist()
    assert my_nanoseconds == batch.nanoseconds.tolist()
    assert (batch.nanoseconds > 0).any()
    assert (batch.heap_operations >= batch.expanded).all()


def test_stats_of_an_oracle_batch_are_the_command_lines(tmp_path):
    scenario = swarmpath.read_scenario(ARENA_SCENARIO)
    oracle_file = tmp_path / "arena.oracle"
    oracle = swarmpath.Oracle.build(swarmpath.Grid.from_file(scenario.map_path), threads=2)
    oracle.save(oracle_file)
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    theirs = tmp_path / "cli.csv"
    subprocess.run([executable, "solve", str(ARENA_SCENARIO), "--oracle", str(oracle_file), "--stats", str(theirs)],
                   check=True, capture_output=True)
    mine = tmp_path / "python.csv"
    oracle.solve_batch(scenario.queries, threads=2).write_stats(mine, scenario)
    assert without_nanoseconds(mine.read_bytes())[0] == without_nanoseconds(theirs.read_bytes())[0]


def test_stats_charge_goal_fields_to_their_groups_first_query_as_the_command_line(tmp_path):
    """300 agents to three goals on arena: three goal fields, each one's work on one row."""
    (tmp_path / "arena.map").symlink_to(ARENA_SCENARIO.with_suffix(""))
    grid = swarmpath.Grid.from_file(tmp_path / "arena.map")
    cells = np.argwhere(grid.passable)[:, ::-1]  # [x, y]
    generator = np.random.default_rng(5)
    goals = cells[generator.choice(len(cells), 3, replace=False)]
    starts = cells[generator.choice(len(cells), 300, replace=False)]
    queries = np.hstack([starts, goals[np.arange(300) % 3]]).astype(np.int64)
    optimal = swarmpath.Solver(grid, algorithm="astar").solve_batch(queries, paths=False).costs
    rows = [f"{index % 4}\tarena.map\t{grid.width}\t{grid.height}\t{sx}\t{sy}\t{gx}\t{gy}\t{cost:.8f}"
            for index, ((sx, sy, gx, gy), cost) in enumerate(zip(queries, optimal))]
    scenario_path = tmp_path / "crowd.map.scen"
    scenario_path.write_text("version 1\n" + "\n".join(rows) + "\n")
    theirs = command_line_stats(scenario_path, "flowfield", tmp_path)
    batch, mine = python_stats(scenario_path, "flowfield", tmp_path)
    assert batch.crowd["field_groups"] == 3
    assert without_nanoseconds(mine)[0] == without_nanoseconds(theirs)[0]
    # Queries 0, 1 and 2 open the three groups and carry the fields' settled cells.
    assert batch.expanded[:3].min() > batch.expanded[3:].max()


def test_stats_paths_and_batches_are_checked(tmp_path):
    scenario = swarmpath.read_scenario(ARENA_SCENARIO)
    solver = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm="astar")
    batch = solver.solve_batch(scenario.queries, paths=False)
    for path in (str(tmp_path / "text.csv"), os.fsencode(tmp_path / "bytes.csv"), tmp_path / "pathlike.csv"):
        batch.write_stats(path, scenario)
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["bytes.csv", "pathlike.csv", "text.csv"]
    assert (tmp_path / "bytes.csv").read_bytes().startswith(HEADER.encode() + b"\n")
    with pytest.raises(ValueError, match="path holds a NUL byte"):
        batch.write_stats(str(tmp_path / "nul\0.csv"), scenario)
    with pytest.raises(TypeError, match="scenario must be a swarmpath.Scenario"):
        batch.write_stats(tmp_path / "named.csv", "arena.map.scen")
    with pytest.raises(ValueError, match="the batch answers 2 queries but the scenario has"):
        solver.solve_batch(scenario.queries[:2], paths=False).write_stats(tmp_path / "short.csv", scenario)
    reversed_queries = np.ascontiguousarray(scenario.queries[::-1])
    with pytest.raises(ValueError, match="^query 0 of the batch is not row 0 of the scenario"):
        solver.solve_batch(reversed_queries, paths=False).write_stats(tmp_path / "reversed.csv", scenario)
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["bytes.csv", "pathlike.csv", "text.csv"]
