"""Goal fields from Python as files and steps: GoalField.save writes byte for byte the file
`swarmpath field` writes for the same map, goal and movement rule, read_field reads either back,
and steps gives each cell's first move as (dx, dy), which walked from any reachable cell reaches
the goal at the field's cost.

Assumes the module is importable (ctest puts <build>/python on PYTHONPATH), SWARMPATH_SOURCE_DIR
names the source tree and SWARMPATH_EXECUTABLE the command line (tests/python/CMakeLists.txt)."""

import math
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
ARENA = SOURCE / "datasets" / "movingai" / "dao" / "arena.map"


@pytest.mark.parametrize("moves, rule", [(8, "both-free"), (4, "both-free"), (8, "any")])
def test_saved_fields_are_the_command_lines_files(tmp_path, moves, rule):
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    goal = (10, 20)
    field = swarmpath.Solver(swarmpath.Grid.from_file(ARENA), moves=moves, diagonal_rule=rule).goal_field(goal)
    assert field.goal == goal
    mine = tmp_path / "python.field"
    field.save(mine)
    theirs = tmp_path / "cli.field"
    subprocess.run([executable, "field", str(ARENA), str(goal[0]), str(goal[1]), "-o", str(theirs), "--moves", str(moves),
                    "--diagonal-rule", rule, "--png", str(tmp_path / "cli.png")], check=True, capture_output=True)
    assert mine.read_bytes() == theirs.read_bytes()
    loaded = swarmpath.read_field(theirs)
    assert loaded.goal == goal
    assert (loaded.directions == field.directions).all()
    assert np.allclose(loaded.costs, field.costs, rtol=1e-6)  # float32 in the file
    assert (loaded.steps == field.steps).all()


def test_steps_walk_to_the_goal_at_the_fields_cost():
    grid = swarmpath.Grid.from_file(ARENA)
    field = swarmpath.Solver(grid).goal_field((10, 20))
    steps = field.steps
    assert steps.shape == (grid.height, grid.width, 2) and steps.dtype == np.int8
    assert (steps[field.directions < 0] == 0).all()
    for y, x in np.argwhere(np.isfinite(field.costs))[::37]:
        walked, cell = 0.0, (int(x), int(y))
        while cell != (10, 20):
            dx, dy = (int(value) for value in steps[cell[1], cell[0]])
            walked += math.sqrt(2) if dx and dy else 1.0
            cell = (cell[0] + dx, cell[1] + dy)
        assert walked == pytest.approx(field.costs[y, x])


def test_unreadable_field_files_are_refused(tmp_path):
    with pytest.raises(FileNotFoundError):
        swarmpath.read_field(tmp_path / "missing.field")
    broken = tmp_path / "broken.field"
    broken.write_bytes(b"SWPFIELD" + bytes(10))
    with pytest.raises(ValueError, match="broken.field"):
        swarmpath.read_field(broken)
