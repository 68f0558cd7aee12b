"""Map edits from Python: Solver.edit applies (x, y, letter) changes through the engine's
incremental refresh (a solver for sized agents edits the map it was made from and derives it again),
and every later answer equals a solver built afresh on the edited map and the
command line's `solve --edits` on the same edits; a bad edit changes nothing.

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
SCENARIO = SOURCE / "datasets" / "movingai" / "dao" / "den312d.map.scen"


def wall_edits(grid, count, seed):
    """`count` edits that block passable cells and open blocked ones, picked reproducibly."""
    generator = np.random.default_rng(seed)
    passable = np.argwhere(grid.passable)
    blocked = np.argwhere(~grid.passable)
    closing = passable[generator.choice(len(passable), count, replace=False)]
    opening = blocked[generator.choice(len(blocked), count // 4, replace=False)]
    return [(int(x), int(y), "@") for y, x in closing] + [(int(x), int(y), ".") for y, x in opening]


def letters_after(grid, edits):
    letters = grid.letters.copy()
    for x, y, letter in edits:
        letters[y, x] = letter
    return letters


@pytest.mark.parametrize("algorithm", ["auto", "astar", "jps", "jps+"])
def test_edited_solver_answers_as_one_built_on_the_edited_map(algorithm):
    scenario = swarmpath.read_scenario(SCENARIO)
    grid = swarmpath.Grid.from_file(scenario.map_path)
    solver = swarmpath.Solver(grid, algorithm=algorithm)
    before = solver.solve_batch(scenario.queries)
    edits = wall_edits(grid, 200, seed=7)
    report = solver.edit(edits)
    assert report["cells_changed"] == len(edits)
    assert report["cells_relabelled"] > 0
    if algorithm == "jps+":
        assert report["jump_entries_recomputed"] > 0
    edited_letters = letters_after(grid, edits)
    assert (solver.grid.letters == edited_letters).all()
    assert (grid.letters == swarmpath.Grid.from_file(scenario.map_path).letters).all()  # the old grid is untouched
    fresh = swarmpath.Solver(swarmpath.Grid.from_array(edited_letters), algorithm=algorithm)
    after = solver.solve_batch(scenario.queries)
    expected = fresh.solve_batch(scenario.queries)
    assert after.statuses.tolist() == expected.statuses.tolist()
    assert (after.costs == expected.costs).all()
    assert after.statuses.tolist() != before.statuses.tolist() or not (after.costs == before.costs).all()
    for query in scenario.queries[::50]:
        single = solver.solve(tuple(query[:2]), tuple(query[2:]))
        assert single.status == fresh.solve(tuple(query[:2]), tuple(query[2:])).status
    # Undoing the edits gives the first answers back.
    solver.edit([(x, y, str(grid.letters[y, x])) for x, y, _ in edits])
    again = solver.solve_batch(scenario.queries)
    assert (again.costs == before.costs).all() and again.statuses.tolist() == before.statuses.tolist()


def test_edits_answer_as_the_command_lines_edits_file(tmp_path):
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    scenario = swarmpath.read_scenario(SCENARIO)
    grid = swarmpath.Grid.from_file(scenario.map_path)
    edits = wall_edits(grid, 120, seed=3)
    edits_file = tmp_path / "walls.edits"
    edits_file.write_text("".join(f"{x} {y} {letter}\n" for x, y, letter in edits))
    paths_file = tmp_path / "paths.csv"
    subprocess.run([executable, "solve", str(SCENARIO), "--algorithm", "astar", "--edits", str(edits_file),
                    "--paths", str(paths_file)], check=True, capture_output=True)
    with open(paths_file, newline="") as opened:
        rows = list(csv.DictReader(opened))
    solver = swarmpath.Solver(grid, algorithm="astar")
    solver.edit(edits)
    batch = solver.solve_batch(scenario.queries)
    assert [row["status"] for row in rows] == batch.statuses.tolist()
    found = batch.statuses == "found"
    assert np.allclose([float(row["cost"]) for row, ok in zip(rows, found) if ok], batch.costs[found], rtol=0, atol=1e-8)
    for row, path in zip(rows, batch.paths):
        assert row["path"] == " ".join(f"{x}:{y}" for x, y in path)


def test_a_bad_edit_changes_nothing():
    room = np.array([list("...."), list("....")])
    solver = swarmpath.Solver(swarmpath.Grid.from_array(room), algorithm="jps")
    with pytest.raises(ValueError, match=r"^edits\[1\]: \(4, 0\) is off the 4x2 map"):
        solver.edit([(1, 0, "@"), (4, 0, "@")])
    with pytest.raises(ValueError, match=r"^edits\[0\]: unknown terrain letter 'Z'"):
        solver.edit([(1, 0, "Z")])
    with pytest.raises(TypeError, match=r"^edits\[0\]: the letter must be a one-character str"):
        solver.edit([(1, 0, "@@")])
    with pytest.raises(TypeError, match=r"^edits must be a sequence"):
        solver.edit("1 0 @")
    # A dearer letter breaks jump point search's uniform-cost rule: refused, and the map is as it was.
    dear = swarmpath.Solver(swarmpath.Grid.from_array(room, terrain={"S": 3.0}), algorithm="jps")
    with pytest.raises(ValueError, match=r'uniform cost.*use algorithm="astar"'):
        dear.edit([(1, 0, "@"), (2, 0, "S")])
    assert dear.grid.letters.tolist() == room.tolist()
    assert dear.solve((0, 0), (3, 0)).cost == 3.0
    assert solver.solve((0, 0), (3, 0)).cost == 3.0
    assert solver.edit([(1, 0, "@"), (1, 1, "@")])["cells_changed"] == 2
    assert solver.solve((0, 0), (3, 0)).status == "no_path"


@pytest.mark.parametrize("algorithm", ["astar", "jps+"])
def test_a_sized_solver_edits_its_source_map_and_derives_it_again(algorithm):
    scenario = swarmpath.read_scenario(SCENARIO)
    grid = swarmpath.Grid.from_file(scenario.map_path)
    solver = swarmpath.Solver(grid, algorithm=algorithm, agent_size=2)
    before = solver.solve_batch(scenario.queries)
    edits = wall_edits(grid, 150, seed=11)
    report = solver.edit(edits)
    assert report["rebuilt"] is True
    assert report["cells_changed"] == len(edits)
    edited_letters = letters_after(grid, edits)
    fresh = swarmpath.Solver(swarmpath.Grid.from_array(edited_letters), algorithm=algorithm, agent_size=2)
    assert (solver.grid.letters == fresh.grid.letters).all()  # the derived grid of the edited map
    after = solver.solve_batch(scenario.queries)
    expected = fresh.solve_batch(scenario.queries)
    assert after.statuses.tolist() == expected.statuses.tolist()
    assert np.array_equal(after.costs, expected.costs)
    assert after.statuses.tolist() != before.statuses.tolist() or not np.array_equal(after.costs, before.costs)
    # A bad edit (off the map it was made from) changes nothing; undoing the edits gives the first answers back.
    with pytest.raises(ValueError, match=r"^edits\[1\]: \(9999, 0\) is off the"):
        solver.edit([(edits[0][0], edits[0][1], "."), (9999, 0, "@")])
    assert np.array_equal(solver.solve_batch(scenario.queries).costs, expected.costs)
    solver.edit([(x, y, str(grid.letters[y, x])) for x, y, _ in edits])
    again = solver.solve_batch(scenario.queries)
    assert np.array_equal(again.costs, before.costs) and again.statuses.tolist() == before.statuses.tolist()
