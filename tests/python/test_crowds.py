"""Crowds from Python: Solver(algorithm="flowfield") answers a batch with one goal field per shared
goal, and algorithm="auto" runs the command line's crowd solver and cost model, so both give the
statuses, costs and paths of `swarmpath solve --algorithm flowfield|auto` on the same scenario, and
A*'s costs; batch.crowd says what was done.

Assumes the module is importable (ctest puts <build>/python on PYTHONPATH), SWARMPATH_SOURCE_DIR
names the source tree and SWARMPATH_EXECUTABLE the command line (tests/python/CMakeLists.txt)."""

import csv
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
DEN = SOURCE / "datasets" / "movingai" / "dao" / "den312d.map"


@pytest.fixture(scope="module")
def crowd(tmp_path_factory):
    """A scenario file beside a link to den312d.map: 300 agents from spread starts to three goals."""
    folder = tmp_path_factory.mktemp("crowd")
    (folder / "den312d.map").symlink_to(DEN)
    grid = swarmpath.Grid.from_file(DEN)
    cells = np.argwhere(grid.passable)[:, ::-1]  # [x, y]
    generator = np.random.default_rng(11)
    goals = cells[generator.choice(len(cells), 3, replace=False)]
    starts = cells[generator.choice(len(cells), 300, replace=False)]
    queries = np.hstack([starts, goals[np.arange(300) % 3]]).astype(np.int64)
    optimal = swarmpath.Solver(grid, algorithm="astar").solve_batch(queries, paths=False).costs
    rows = [f"0\tden312d.map\t{grid.width}\t{grid.height}\t{sx}\t{sy}\t{gx}\t{gy}\t{cost:.8f}"
            for (sx, sy, gx, gy), cost in zip(queries, optimal)]
    scenario = folder / "crowd.map.scen"
    scenario.write_text("version 1\n" + "\n".join(rows) + "\n")
    return scenario, grid, queries, optimal


def command_line_rows(scenario, algorithm, folder):
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    paths_file = folder / f"{algorithm}.csv"
    subprocess.run([executable, "solve", str(scenario), "--algorithm", algorithm, "--paths", str(paths_file)],
                   check=True, capture_output=True)
    with open(paths_file, newline="") as opened:
        return list(csv.DictReader(opened))


@pytest.mark.parametrize("algorithm", ["flowfield", "auto"])
def test_crowd_batches_answer_as_the_command_line(crowd, tmp_path, algorithm):
    scenario, grid, queries, optimal = crowd
    solver = swarmpath.Solver(grid, algorithm=algorithm)
    batch = solver.solve_batch(queries, threads=2)
    assert (batch.statuses == "found").all()
    assert np.allclose(batch.costs, optimal, rtol=1e-9, atol=1e-9)
    report = batch.crowd
    assert report["goal_groups"] == 3
    if algorithm == "flowfield":
        assert solver.algorithm == "flowfield"
        # Every query a field can answer takes one (the solver's early checks answer the others).
        assert report["field_groups"] == 3 and report["field_queries"] >= 290
        assert report["field_queries"] + report["search_queries"] == 300
    rows = command_line_rows(scenario, algorithm, tmp_path)
    assert [row["status"] for row in rows] == batch.statuses.tolist()
    assert np.allclose([float(row["cost"]) for row in rows], batch.costs, rtol=0, atol=1e-8)
    for row, path in zip(rows, batch.paths):
        assert row["path"] == " ".join(f"{x}:{y}" for x, y in path)
    # The same answers whatever the thread count, and single queries still search.
    assert (solver.solve_batch(queries, threads=1).costs == batch.costs).all()
    assert solver.solve(tuple(queries[0][:2]), tuple(queries[0][2:])).cost == pytest.approx(optimal[0])


def test_a_flowfield_solver_takes_edits(crowd):
    _, grid, queries, _ = crowd
    solver = swarmpath.Solver(grid, algorithm="flowfield")
    walls = [(int(x), int(y), "@") for x, y in queries[3:40, :2]]  # block some starts
    solver.edit(walls)
    fresh = swarmpath.Solver(swarmpath.Grid.from_array(solver.grid.letters), algorithm="astar")
    edited = solver.solve_batch(queries)
    expected = fresh.solve_batch(queries)
    assert edited.statuses.tolist() == expected.statuses.tolist()
    assert np.allclose(edited.costs, expected.costs, rtol=1e-9, atol=1e-9, equal_nan=True)
    assert edited.crowd["field_groups"] == 3
