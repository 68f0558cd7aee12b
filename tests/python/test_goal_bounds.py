"""JPS+'s goal bounds from Python: built with a progress callback, saved and loaded, and given to a
Solver (goal_bounds=), which then answers den312d's scenario with A*'s costs and fewer
expansions; the files are the command line's (`precompute --kind goal-bounds` writes what
GoalBounds.load reads); bounds for sized agents serve a Solver for the same agents; bounds of another
map, for another algorithm, on a map with terrain costs, or of the wrong type are refused in Python's
words.

Assumes the module is importable (ctest puts <build>/python on PYTHONPATH), SWARMPATH_SOURCE_DIR
names the source tree and SWARMPATH_EXECUTABLE the command line (tests/python/CMakeLists.txt)."""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
DAO = SOURCE / "datasets" / "movingai" / "dao"


@pytest.fixture(scope="module")
def den():
    return swarmpath.Grid.from_file(DAO / "den312d.map")


def test_a_solver_with_goal_bounds_keeps_the_optimal_lengths_with_fewer_expansions(den, tmp_path):
    calls = []
    bounds = swarmpath.GoalBounds.build(den, threads=2, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1][0] == calls[-1][1] == int(den.passable.sum())
    assert bounds.memory_bytes > 0 and bounds.seconds >= 0
    scenario = swarmpath.read_scenario(DAO / "den312d.map.scen")
    plain = swarmpath.Solver(den, algorithm="jps+").solve_batch(scenario.queries)
    bounded_solver = swarmpath.Solver(den, goal_bounds=bounds)
    assert bounded_solver.algorithm == "jps+"
    bounded = bounded_solver.solve_batch(scenario.queries)
    searched = swarmpath.Solver(den, algorithm="astar").solve_batch(scenario.queries)
    assert np.allclose(bounded.costs, searched.costs, rtol=0, atol=1e-9)
    assert np.allclose(bounded.costs, scenario.optimal, rtol=1e-5, atol=1e-5)  # the file keeps six figures
    assert bounded.expanded.sum() < plain.expanded.sum()
    saved = tmp_path / "den312d.bounds"
    bounds.save(saved)
    loaded = swarmpath.GoalBounds.load(saved, den)
    again = swarmpath.Solver(den, algorithm="jps+", goal_bounds=loaded).solve_batch(scenario.queries)
    assert (again.costs == bounded.costs).all() and (again.expanded == bounded.expanded).all()


def test_the_command_line_writes_what_python_reads(den, tmp_path):
    written = tmp_path / "den312d.bounds"
    subprocess.run([os.environ["SWARMPATH_EXECUTABLE"], "precompute", str(DAO / "den312d.map"), "-o", str(written),
                    "--kind", "goal-bounds", "--progress", "never"], check=True, capture_output=True)
    loaded = swarmpath.GoalBounds.load(written, den)
    result = swarmpath.Solver(den, algorithm="jps+", goal_bounds=loaded).solve((1, 11), (40, 40))
    assert result.cost == pytest.approx(swarmpath.Solver(den, algorithm="astar").solve((1, 11), (40, 40)).cost)


def test_bounds_that_do_not_fit_are_refused_in_python_words(den, tmp_path):
    bounds = swarmpath.GoalBounds.build(den)
    arena = swarmpath.Grid.from_file(DAO / "arena.map")
    with pytest.raises(ValueError, match="goal_bounds= serve algorithm=\"jps\\+\" alone"):
        swarmpath.Solver(den, algorithm="astar", goal_bounds=bounds)
    with pytest.raises(ValueError, match="another map"):
        swarmpath.Solver(arena, algorithm="jps+", goal_bounds=bounds)
    with pytest.raises(TypeError, match="goal_bounds must be None or a swarmpath.GoalBounds"):
        swarmpath.Solver(den, algorithm="jps+", goal_bounds="den312d.bounds")
    saved = tmp_path / "den.bounds"
    bounds.save(saved)
    with pytest.raises(ValueError, match="another map"):
        swarmpath.GoalBounds.load(saved, arena)
    damaged = tmp_path / "damaged.bounds"
    damaged.write_bytes(saved.read_bytes()[:-1])
    with pytest.raises(ValueError, match="damaged.bounds.*truncated"):
        swarmpath.GoalBounds.load(damaged, den)
    with pytest.raises(ValueError, match="uniform cost"):
        swarmpath.GoalBounds.build(swarmpath.Grid.from_file(DAO / "den312d.map", terrain={"T": 2.0}))


def test_bounds_for_sized_agents_serve_a_solver_for_the_same_agents(den, tmp_path):
    scenario = swarmpath.read_scenario(DAO / "den312d.map.scen")
    bounds = swarmpath.GoalBounds.build(den, agent_size=2)
    sized = swarmpath.Solver(den, algorithm="jps+", agent_size=2)
    bounded = swarmpath.Solver(den, algorithm="jps+", agent_size=2, goal_bounds=bounds)
    plain, answered = sized.solve_batch(scenario.queries), bounded.solve_batch(scenario.queries)
    assert answered.statuses.tolist() == plain.statuses.tolist()
    assert np.allclose(answered.costs, plain.costs, rtol=0, atol=1e-9, equal_nan=True)
    assert (answered.statuses == "found").sum() > 100 and answered.expanded.sum() < plain.expanded.sum()
    with pytest.raises(ValueError, match="another map"):
        swarmpath.Solver(den, algorithm="jps+", goal_bounds=bounds)  # one-cell agents: another grid
    saved = tmp_path / "den-2x2.bounds"
    bounds.save(saved)
    swarmpath.GoalBounds.load(saved, den, agent_size=2)
    with pytest.raises(ValueError, match="another map"):
        swarmpath.GoalBounds.load(saved, den)

