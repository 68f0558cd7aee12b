"""Path shapes from Python against the command line: solve_batch(path_shape="waypoints"|"smooth")
returns the same points and Euclidean lengths as `swarmpath solve --waypoints|--smooth --paths` on
the same scenario and settings; Solver.smooth, swarmpath.waypoints and polyline_length agree with
the batch; line_of_sight follows the diagonal rule; bad paths and hex maps are refused clearly.

Assumes the module is importable (ctest puts <build>/python on PYTHONPATH), SWARMPATH_SOURCE_DIR
names the source tree and SWARMPATH_EXECUTABLE the command line (tests/python/CMakeLists.txt)."""

import csv
import math
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SCENARIO = SOURCE / "datasets" / "movingai" / "dao" / "den312d.map.scen"


def command_line_paths(tmp_path, flag, *settings):
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    paths_file = tmp_path / f"paths{flag}.csv"
    subprocess.run([executable, "solve", str(SCENARIO), flag, "--paths", str(paths_file), *settings],
                   check=True, capture_output=True)
    with open(paths_file, newline="") as opened:
        return list(csv.DictReader(opened))


@pytest.mark.parametrize("shape, flag", [("waypoints", "--waypoints"), ("smooth", "--smooth")])
@pytest.mark.parametrize("moves, rule", [(8, "both-free"), (8, "any"), (4, "both-free")])
def test_batch_path_shapes_equal_the_command_lines(tmp_path, shape, flag, moves, rule):
    rows = command_line_paths(tmp_path, flag, "--algorithm", "astar", "--moves", str(moves), "--diagonal-rule", rule)
    scenario = swarmpath.read_scenario(SCENARIO)
    solver = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm="astar", moves=moves,
                              diagonal_rule=rule)
    batch = solver.solve_batch(scenario.queries, path_shape=shape)
    flat = solver.solve_batch(scenario.queries, path_shape=shape, flat_paths=True)
    assert len(rows) == len(scenario)
    for index, (row, path) in enumerate(zip(rows, batch.paths)):
        assert row["path"] == " ".join(f"{x}:{y}" for x, y in path)
        assert float(row["length"]) == pytest.approx(batch.lengths[index], abs=1e-7)
        begin, end = flat.path_offsets[index], flat.path_offsets[index + 1]
        assert (flat.path_coordinates[begin:end] == path).all()
    assert (flat.lengths == batch.lengths).all()


def test_single_path_functions_agree_with_the_batch():
    scenario = swarmpath.read_scenario(SCENARIO)
    solver = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm="astar")
    queries = scenario.queries[::40]
    cells = solver.solve_batch(queries)
    smoothed = solver.solve_batch(queries, path_shape="smooth")
    turning = solver.solve_batch(queries, path_shape="waypoints")
    for index, path in enumerate(cells.paths):
        assert (solver.smooth(path) == smoothed.paths[index]).all()
        assert (swarmpath.waypoints(path) == turning.paths[index]).all()
        assert swarmpath.polyline_length(smoothed.paths[index]) == pytest.approx(smoothed.lengths[index])
        # Smoothing only drops stretches: never longer than the grid path, whose length is its cost here.
        assert smoothed.lengths[index] <= cells.lengths[index] + 1e-9
        assert cells.lengths[index] == pytest.approx(cells.costs[index])


def test_line_of_sight_follows_the_diagonal_rule():
    # Two blocked cells touching at a corner: a diagonal segment between them passes only under "any".
    room = np.ones((2, 2), dtype=bool)
    room[0, 1] = room[1, 0] = False
    grid = swarmpath.Grid.from_array(room)
    assert not swarmpath.Solver(grid).line_of_sight((0, 0), (1, 1))
    assert swarmpath.Solver(grid, diagonal_rule="any").line_of_sight((0, 0), (1, 1))
    open_room = swarmpath.Solver(swarmpath.Grid.from_array(np.ones((5, 5), dtype=bool)))
    assert open_room.line_of_sight((0, 0), (4, 3))
    assert open_room.smooth([[0, 0], [1, 1], [2, 1], [3, 1]]).tolist() == [[0, 0], [3, 1]]
    assert swarmpath.waypoints([[0, 0], [1, 1], [2, 2], [3, 2]]).tolist() == [[0, 0], [2, 2], [3, 2]]
    assert swarmpath.polyline_length([[0, 0], [3, 4]]) == 5.0
    assert swarmpath.polyline_length(np.empty((0, 2), dtype=np.int64)) == 0.0


def test_bad_paths_and_shapes_are_refused(tmp_path):
    solver = swarmpath.Solver(swarmpath.Grid.from_array(np.ones((5, 5), dtype=bool)))
    with pytest.raises(ValueError, match=r"^path rows 0 and 1 are not neighbouring cells"):
        solver.smooth([[0, 0], [2, 2]])
    with pytest.raises(ValueError, match=r"^path row 1 \(5, 0\) is off the 5x5 map"):
        solver.smooth([[4, 0], [5, 0]])
    with pytest.raises(TypeError, match="path must hold integers"):
        solver.smooth([[0.5, 0]])
    with pytest.raises(ValueError, match=r"^path must be a \(k, 2\) array"):
        swarmpath.waypoints([1, 2, 3])
    with pytest.raises(ValueError, match=r"^path row 0 \(-1, 0\) is off the 32-bit range"):
        swarmpath.waypoints([[-1, 0], [0, 0]])
    with pytest.raises(ValueError, match=r'^path_shape must be "cells", "waypoints" or "smooth", not "spline"'):
        solver.solve_batch([[0, 0, 4, 4]], path_shape="spline")
    hexagons = swarmpath.Solver(swarmpath.Grid.from_array(np.ones((3, 4), dtype=bool), topology="hex"))
    with pytest.raises(ValueError, match=r'^path_shape="smooth" is for square maps: this map is type hex'):
        hexagons.solve_batch([[0, 0, 3, 2]], path_shape="smooth")
    with pytest.raises(ValueError, match=r"^smooth is for square maps"):
        hexagons.smooth([[0, 0], [1, 0]])
    assert math.isclose(hexagons.solve_batch([[0, 0, 3, 0]]).lengths[0], 3.0)


@pytest.mark.parametrize("shape, flags", [("cells", []), ("smooth", ["--smooth"]), ("waypoints", ["--waypoints"])])
def test_written_paths_files_are_the_command_lines(tmp_path, shape, flags):
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    theirs = tmp_path / "cli.csv"
    subprocess.run([executable, "solve", str(SCENARIO), "--algorithm", "astar", "--paths", str(theirs), *flags],
                   check=True, capture_output=True)
    scenario = swarmpath.read_scenario(SCENARIO)
    solver = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm="astar")
    for flat in (False, True):
        mine = tmp_path / f"python-{flat}.csv"
        solver.solve_batch(scenario.queries, path_shape=shape, flat_paths=flat).write_paths(mine, scenario)
        assert mine.read_bytes() == theirs.read_bytes()
    with pytest.raises(ValueError, match="write_paths needs the batch's paths"):
        solver.solve_batch(scenario.queries[:2], paths=False).write_paths(tmp_path / "none.csv", "x")
    assert not (tmp_path / "none.csv").exists()
