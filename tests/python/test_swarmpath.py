"""The swarmpath Python module through pytest: the issue's example as written, the README's example as
printed, answers against the bundled scenario optima and the command line's, NumPy input of every
kind, goal fields, the GIL released during batches, and clear exceptions on bad input.

Assumes the module is importable (ctest puts <build>/python on PYTHONPATH), SWARMPATH_SOURCE_DIR
names the source tree and SWARMPATH_EXECUTABLE the command line (tests/python/CMakeLists.txt)."""

import csv
import io
import math
import os
import re
import subprocess
import threading
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
DAO = SOURCE / "datasets" / "movingai" / "dao"


def within_tolerance(computed, expected):
    """The docs/formats.md tolerance against .scen lengths."""
    return np.abs(np.asarray(computed) - np.asarray(expected)) <= 1e-5 * np.asarray(expected) + 1e-6


@pytest.fixture
def in_source_tree(monkeypatch):
    monkeypatch.chdir(SOURCE)


def test_issue_example_works_as_written(in_source_tree):
    grid = swarmpath.Grid.from_file("datasets/movingai/dao/arena.map")
    solver = swarmpath.Solver(grid)
    r = solver.solve((1, 11), (1, 12))
    assert r.status == "found"
    assert r.cost == 1.0
    assert r.path.dtype.kind == "i" and r.path.shape == (2, 2)
    assert (r.path == [[1, 11], [1, 12]]).all()
    scen = swarmpath.read_scenario("datasets/movingai/dao/arena.map.scen")
    assert scen.queries.shape == (len(scen), 4) and scen.queries.dtype == np.int64
    assert scen.optimal.shape == (len(scen),) and scen.optimal.dtype == np.float64
    batch = solver.solve_batch(scen.queries, threads=0)
    for array in (batch.costs, batch.statuses, batch.expanded):
        assert isinstance(array, np.ndarray) and array.shape == (len(scen),)
    assert isinstance(batch.paths, list) and len(batch.paths) == len(scen)
    assert all(path.ndim == 2 and path.shape[1] == 2 for path in batch.paths)


def test_readme_example_runs_as_printed(in_source_tree):
    readme = (SOURCE / "README.md").read_text()
    match = re.search(r"<!-- readme-python-example begin -->\s*```python\n(.*?)```\s*<!-- readme-python-example end -->",
                      readme, re.S)
    assert match, "README.md has no Python example between the readme-python-example markers"
    printed = io.StringIO()
    with redirect_stdout(printed):
        exec(compile(match.group(1), "README.md", "exec"), {})
    lines = printed.getvalue().splitlines()
    assert lines[0] == "found 1.0 [[1, 11], [1, 12]]"
    assert lines[1].startswith("160 paths;")
    # Around the wall at x = 3 (rows 1-3): two diagonals up to row 0, two straight steps, two down.
    assert float(lines[2]) == pytest.approx(2 + 4 * math.sqrt(2), abs=1e-6)


@pytest.mark.parametrize("algorithm", ["auto", "astar", "jps", "jps+"])
def test_batch_costs_equal_scenario_optima(algorithm):
    scenario = swarmpath.read_scenario(str(DAO / "den312d.map.scen"))
    solver = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm=algorithm)
    batch = solver.solve_batch(scenario.queries, threads=2)
    assert (batch.statuses == "found").all()
    assert within_tolerance(batch.costs, scenario.optimal).all()
    assert batch.expanded.dtype == np.uint64 and (batch.expanded > 0).any()
    for query, path in zip(scenario.queries, batch.paths):
        assert path[0].tolist() == query[:2].tolist() and path[-1].tolist() == query[2:].tolist()
    # Deterministic: the same answers and counters whatever the thread count.
    single = solver.solve_batch(scenario.queries, threads=1, paths=False)
    assert single.paths is None
    assert (single.costs == batch.costs).all() and (single.expanded == batch.expanded).all()


def test_batch_costs_equal_the_command_line(tmp_path):
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    scenario_path = DAO / "den312d.map.scen"
    paths_file = tmp_path / "paths.csv"
    subprocess.run([executable, "solve", str(scenario_path), "--algorithm", "astar", "--paths", str(paths_file)],
                   check=True, capture_output=True)
    with open(paths_file, newline="") as opened:
        rows = list(csv.DictReader(opened))
    scenario = swarmpath.read_scenario(str(scenario_path))
    batch = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm="astar").solve_batch(scenario.queries)
    assert len(rows) == len(scenario)
    assert [row["status"] for row in rows] == batch.statuses.tolist()
    assert np.allclose([float(row["cost"]) for row in rows], batch.costs, rtol=0, atol=1e-8)
    for row, path in zip(rows, batch.paths):
        assert row["path"] == " ".join(f"{x}:{y}" for x, y in path)


def test_batch_releases_the_gil():
    # Two Python threads each run a batch on one worker. If solve_batch held the GIL, the second
    # batch could not begin until the first returned; with it released, both are inside their
    # batch at once: each starts before the other finishes (the times are taken inside the engine
    # call, after the GIL is let go). Proven by overlap, not by speed, so it holds on one core.
    scenario = swarmpath.read_scenario(str(DAO / "den312d.map.scen"))
    solver = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm="astar")
    probe = solver.solve_batch(scenario.queries, threads=1, paths=False)
    repeats = max(1, math.ceil(0.3 / max(probe.seconds, 1e-4)))  # about 0.3 s a batch
    queries = np.tile(scenario.queries, (repeats, 1))
    batches = [None, None]

    def run(slot):
        batches[slot] = solver.solve_batch(queries, threads=1, paths=False)

    threads = [threading.Thread(target=run, args=(slot,)) for slot in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    first, second = batches
    assert max(first.started, second.started) < min(first.finished, second.finished), (
        f"batches did not overlap: {first.started:.3f}-{first.finished:.3f} and {second.started:.3f}-{second.finished:.3f}")
    assert (first.costs == second.costs).all()


def test_grid_from_bool_and_integer_arrays():
    room = np.ones((5, 7), dtype=bool)
    room[1:4, 3] = False
    grid = swarmpath.Grid.from_array(room)
    assert grid.shape == (5, 7) and grid.width == 7 and grid.height == 5
    assert (grid.passable == room).all()
    solver = swarmpath.Solver(grid)
    around = solver.solve((0, 2), (6, 2))
    assert around.status == "found" and around.cost == pytest.approx(2 + 4 * math.sqrt(2))
    assert solver.solve((0, 2), (3, 2)).status == "goal_blocked"
    same = swarmpath.Solver(swarmpath.Grid.from_array(room.astype(np.int32))).solve((0, 2), (6, 2))
    assert same.cost == around.cost
    # Integers other than 0 and 1 are likely a cost map: refused, pointing at from_costs.
    with pytest.raises(ValueError, match=r"7 at row 0, column 0.*Grid\.from_costs"):
        swarmpath.Grid.from_array(room.astype(np.int32) * 7)


def test_grid_from_cost_array_and_letters():
    costs = np.ones((3, 6))
    costs[:, 2:4] = 3.0      # a dear band two cells wide
    costs[0, :] = np.inf     # a blocked top row
    grid = swarmpath.Grid.from_array(costs)
    assert (grid.costs == costs).all()
    result = swarmpath.Solver(grid, moves=4).solve((0, 1), (5, 1))
    # Entering the two dear cells costs 3 each, the three others 1.
    assert result.cost == pytest.approx(3 + 3 + 3)
    letters = np.array([list("..WW.."), list("..WW.."), list("......")])
    letter_grid = swarmpath.Grid.from_array(letters, terrain={"W": 2.0})
    assert letter_grid.letters.tolist() == letters.tolist()
    assert swarmpath.Solver(letter_grid, moves=4).solve((0, 0), (5, 0)).cost == pytest.approx(7.0)
    # The same through a solver's terrain keyword on a plain letter grid, and as a spec string.
    plain = swarmpath.Grid.from_array(np.array([list("..SS..")]))
    assert swarmpath.Solver(plain, moves=4).solve((0, 0), (5, 0)).cost == pytest.approx(5.0)
    assert swarmpath.Solver(plain, moves=4, terrain="S=4").solve((0, 0), (5, 0)).cost == pytest.approx(11.0)
    assert swarmpath.Solver(plain, terrain={"S": math.inf}).solve((0, 0), (5, 0)).status == "no_path"


def test_goal_field_matches_single_queries():
    grid = swarmpath.Grid.from_file(str(DAO / "arena.map"))
    solver = swarmpath.Solver(grid, algorithm="astar")
    goal = (10, 20)
    field = solver.goal_field(goal)
    assert field.costs.shape == (49, 49) and field.directions.dtype == np.int8
    assert field.costs[goal[1], goal[0]] == 0 and field.directions[goal[1], goal[0]] == -1
    assert np.isinf(field.costs[~grid.passable]).all()
    starts = np.argwhere(grid.passable)[::97]
    for y, x in starts:
        result = solver.solve((int(x), int(y)), goal)
        if result.status == "found":
            assert field.costs[y, x] == pytest.approx(result.cost, abs=1e-9)
        else:
            assert np.isinf(field.costs[y, x])


def test_weighted_search_stays_within_its_bound():
    scenario = swarmpath.read_scenario(str(DAO / "den312d.map.scen"))
    grid = swarmpath.Grid.from_file(scenario.map_path)
    weighted = swarmpath.Solver(grid, algorithm="astar", weight=1.5).solve_batch(scenario.queries)
    assert (weighted.costs <= 1.5 * scenario.optimal + 1e-6).all()
    assert (weighted.costs >= scenario.optimal - 1e-5 * scenario.optimal - 1e-6).all()


def test_rows_off_the_map_are_invalid_in_a_batch():
    grid = swarmpath.Grid.from_file(str(DAO / "arena.map"))
    batch = swarmpath.Solver(grid).solve_batch([[1, 11, 1, 12], [-1, 0, 1, 12], [1, 11, 49, 0]])
    assert batch.statuses.tolist() == ["found", "invalid", "invalid"]
    assert batch.status_codes.tolist() == [0, 4, 4]
    assert swarmpath.STATUSES[4] == "invalid"


def test_bad_input_raises_clear_exceptions(tmp_path):
    with pytest.raises(FileNotFoundError, match="no-such.map"):
        swarmpath.Grid.from_file(str(tmp_path / "no-such.map"))
    with pytest.raises(FileNotFoundError):
        swarmpath.read_scenario(str(tmp_path / "no-such.scen"))
    broken = tmp_path / "broken.map"
    broken.write_text("type octile\nheight 2\nwidth 3\nmap\n...\n.Z.\n")
    with pytest.raises(ValueError, match=r"broken\.map:\d+"):
        swarmpath.Grid.from_file(str(broken))

    grid = swarmpath.Grid.from_file(str(DAO / "arena.map"))
    solver = swarmpath.Solver(grid)
    with pytest.raises(ValueError, match="off the 49x49 map"):
        solver.solve((1, 11), (49, 12))
    with pytest.raises(ValueError, match=r"\(x, y\) pair"):
        solver.solve((1, 11, 3), (1, 12))
    with pytest.raises(TypeError, match="integers"):
        solver.solve((1.5, 11), (1, 12))
    with pytest.raises(ValueError, match=r"\(N, 4\)"):
        solver.solve_batch(np.zeros((3, 3), dtype=np.int64))
    with pytest.raises(ValueError, match=r"\(N, 4\)"):
        solver.solve_batch(np.zeros(4, dtype=np.int64))
    with pytest.raises(TypeError, match="integers"):
        solver.solve_batch(np.zeros((3, 4), dtype=np.float64))

    with pytest.raises(ValueError, match="2-D"):
        swarmpath.Grid.from_array(np.ones(5, dtype=bool))
    with pytest.raises(TypeError, match="dtype"):
        swarmpath.Grid.from_array(np.ones((2, 2), dtype=np.complex128))
    with pytest.raises(ValueError, match=r"row 0, column 1 costs -1\.0: costs must be from"):
        swarmpath.Grid.from_array(np.array([[1.0, -1.0]]))
    with pytest.raises(ValueError, match="unknown terrain letter"):
        swarmpath.Grid.from_array(np.array([list(".Z")]))
    with pytest.raises(ValueError, match="algorithm"):
        swarmpath.Solver(grid, algorithm="dijkstra")
    with pytest.raises(ValueError, match="moves"):
        swarmpath.Solver(grid, moves=5)
    with pytest.raises(ValueError, match="diagonal_rule"):
        swarmpath.Solver(grid, diagonal_rule="corner")
    with pytest.raises(ValueError):
        swarmpath.Solver(grid, weight=0.5)
    with pytest.raises(ValueError, match="terrain"):
        swarmpath.Solver(grid, terrain="W=abc")


def test_hex_and_triangle_grids_are_searched_on_their_shape(tmp_path):
    # The CLI test's map: around the wall at (1, 1), 4 hex steps and 5 triangle steps from (0, 0) to (3, 2).
    for shape, optimal in (("hex", 4.0), ("triangle", 5.0)):
        path = tmp_path / (shape + ".map")
        path.write_text("type " + shape + "\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n")
        grid = swarmpath.Grid.from_file(str(path))
        assert grid.topology == shape
        result = swarmpath.Solver(grid).solve((0, 0), (3, 2))
        assert result.status == "found"
        assert result.cost == optimal
        with pytest.raises(ValueError, match="^moves= does not apply to " + shape + " maps"):
            swarmpath.Solver(grid, moves=4)
    assert swarmpath.Grid.from_file(str(DAO / "arena.map")).topology == "octile"


def test_grid_from_array_takes_the_cell_shape(tmp_path):
    # The file test's map above, given as an array: each shape answers as the same letters read
    # from a file of that type do (4 hex steps, 5 triangle steps around the wall at (1, 1)).
    passable = np.ones((3, 4), dtype=bool)
    passable[1, 1] = False
    for shape, optimal in (("octile", None), ("hex", 4.0), ("triangle", 5.0)):
        path = tmp_path / (shape + ".map")
        path.write_text("type " + shape + "\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n")
        from_file = swarmpath.Solver(swarmpath.Grid.from_file(str(path))).solve((0, 0), (3, 2))
        grid = swarmpath.Grid.from_array(passable, topology=shape)
        assert grid.topology == shape
        result = swarmpath.Solver(grid).solve((0, 0), (3, 2))
        assert result.status == "found"
        assert result.cost == pytest.approx(from_file.cost)
        if optimal is not None:
            assert result.cost == optimal
    assert swarmpath.Grid.from_array(passable).topology == "octile"
    assert swarmpath.Grid.from_array(passable, topology="square").topology == "octile"
    with pytest.raises(ValueError, match='topology="hexa" is unknown: expected .*did you mean hex'):
        swarmpath.Grid.from_array(passable, topology="hexa")
