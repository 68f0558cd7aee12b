"""The Python module's traps and host-process crashes, each as the clear error or the honest value
that replaced it: a batch copy that cannot be allocated, absurd thread counts, unsolved costs,
integer cost maps, multi-letter cells, NUL bytes in paths, terrain keys and costs, mutable
statuses, and errors worded in the command line's flags.

Assumes the module is importable (ctest puts <build>/python on PYTHONPATH) and SWARMPATH_SOURCE_DIR
names the source tree (tests/python/CMakeLists.txt)."""

import math
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
ARENA = SOURCE / "datasets" / "movingai" / "dao" / "arena.map"


@pytest.fixture(scope="module")
def arena():
    return swarmpath.Grid.from_file(ARENA)


def run_child(code):
    """Runs `code` in a fresh interpreter with this one's module path; returns the finished process."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ))


def test_a_batch_whose_copy_cannot_be_allocated_raises_memory_error():
    # A zero-strided view of 2**44 rows: its int64 copy needs 512 TiB. In a child process, so that a
    # crash is reported as this test's failure rather than taking pytest down.
    child = run_child(f"""
import numpy as np, swarmpath
solver = swarmpath.Solver(swarmpath.Grid.from_file({str(ARENA)!r}))
queries = np.broadcast_to(np.array([1, 11, 1, 12], dtype=np.int32), (2**44, 4))
try:
    solver.solve_batch(queries)
except MemoryError as error:
    print("MemoryError", error)
print(solver.solve_batch([[1, 11, 1, 12]]).costs.tolist())
""")
    assert child.returncode == 0, f"child ended with {child.returncode}: {child.stderr}"
    lines = child.stdout.splitlines()
    assert lines[0].startswith("MemoryError")
    assert lines[1] == "[1.0]"  # the solver still works afterwards


@pytest.mark.parametrize("threads", [1025, 100000, 10**7, 10**30, -1])
def test_thread_counts_beyond_the_command_lines_limit_are_refused(arena, threads):
    solver = swarmpath.Solver(arena)
    with pytest.raises(ValueError, match=r"^threads must be from 0 to 1024, not " + str(threads)):
        solver.solve_batch([[1, 11, 1, 12]], threads=threads)


def test_thread_counts_are_clamped_to_the_hardware(arena):
    solver = swarmpath.Solver(arena)
    hardware = os.cpu_count()
    for asked in (0, 1024):
        batch = solver.solve_batch([[1, 11, 1, 12]], threads=asked)
        assert 1 <= batch.threads <= hardware
        assert batch.costs.tolist() == [1.0]
    assert solver.solve_batch([[1, 11, 1, 12]], threads=0).threads == solver.solve_batch([[1, 11, 1, 12]], threads=1024).threads
    assert solver.solve_batch([[1, 11, 1, 12]], threads=1).threads == 1
    with pytest.raises(TypeError, match="threads must be an integer"):
        solver.solve_batch([[1, 11, 1, 12]], threads=2.0)
    with pytest.raises(TypeError, match="threads must be an integer"):
        solver.solve_batch([[1, 11, 1, 12]], threads=True)


def test_a_batch_says_whether_worker_threads_shared_its_work(arena):
    # One query takes microseconds: with two workers it still runs on the calling thread alone, which
    # takes the first millisecond of a batch (judged only when the call took less than that: a loaded
    # machine may stop the thread for longer); thousands of A* queries outlast it where two hardware
    # threads exist. Once started, the solver's kept workers take its later batches too.
    one_query = [[1, 11, 1, 12]]
    assert swarmpath.Solver(arena).solve_batch(one_query, threads=1).workers_started is False
    solver = swarmpath.Solver(arena, algorithm="astar")
    before = time.monotonic()
    short = solver.solve_batch(one_query, threads=2)
    if time.monotonic() - before < 1e-3:
        assert short.workers_started is False
    rows, columns = np.nonzero(arena.passable)
    chosen = np.random.default_rng(31).integers(0, len(rows), size=(20000, 2))
    queries = np.stack([columns[chosen[:, 0]], rows[chosen[:, 0]], columns[chosen[:, 1]], rows[chosen[:, 1]]], axis=1)
    long = solver.solve_batch(queries, threads=2, paths=False)
    alone = swarmpath.Solver(arena, algorithm="astar").solve_batch(queries, threads=1, paths=False)
    assert long.costs.tolist() == alone.costs.tolist()
    assert alone.workers_started is False
    if long.threads < 2:
        pytest.skip("one hardware thread: no worker thread ever starts")
    assert long.workers_started is True
    assert solver.solve_batch(one_query, threads=2).workers_started is True


def test_an_unsolved_querys_cost_is_inf():
    room = np.ones((3, 5), dtype=bool)
    room[:, 2] = False  # a wall splits the room
    solver = swarmpath.Solver(swarmpath.Grid.from_array(room))
    queries = [[0, 0, 1, 0], [0, 0, 4, 0], [2, 0, 4, 0], [0, 0, 2, 1], [0, 0, 9, 9]]
    batch = solver.solve_batch(queries)
    assert batch.statuses.tolist() == ["found", "no_path", "start_blocked", "goal_blocked", "invalid"]
    assert batch.costs[0] == 1.0
    assert np.isinf(batch.costs[1:]).all()
    assert solver.solve((0, 0), (4, 0)).cost == math.inf
    # A partial path (fallback="nearest") has a cost of its own, kept apart from the query's.
    partial = swarmpath.Solver(swarmpath.Grid.from_array(room), fallback="nearest", algorithm="astar")
    result = partial.solve((0, 0), (4, 0))
    assert result.status == "partial" and result.cost == math.inf and result.path_cost == 1.0
    assert partial.solve_batch([[0, 0, 4, 0]]).path_costs.tolist() == [1.0]


def test_integer_cost_maps_are_read_by_from_costs():
    costs = np.array([[1, 1, 1, 1], [1, 255, 255, 1], [0, 0, 0, 1]], dtype=np.uint8)
    grid = swarmpath.Grid.from_costs(costs, blocked=0)
    expected = costs.astype(float)
    expected[costs == 0] = math.inf
    assert (grid.costs == expected).all()
    assert (grid.passable == (costs != 0)).all()
    result = swarmpath.Solver(grid, moves=4).solve((0, 1), (3, 1))
    assert result.status == "found" and result.cost == 5.0  # up, over the top row and down, not through 255s
    # The same map as floats, blocked by inf and by NaN, answers the same.
    floats = expected.copy()
    floats[2, 1] = np.nan
    for same in (swarmpath.Grid.from_costs(floats), swarmpath.Grid.from_array(floats)):
        assert (same.costs == expected).all()
    # Without blocked=, a zero cost is an error naming the cell as row and column.
    with pytest.raises(ValueError, match=r"^array: the cell at row 2, column 0 costs 0\.0: .*blocked=0"):
        swarmpath.Grid.from_costs(costs)
    # A uint8 cost map given to from_array is refused, not read as all-or-nothing passability.
    with pytest.raises(ValueError, match="Grid.from_costs"):
        swarmpath.Grid.from_array(costs)
    with pytest.raises(TypeError, match="bool array is passability"):
        swarmpath.Grid.from_costs(costs > 0)
    with pytest.raises(TypeError, match="blocked must be None or a number"):
        swarmpath.Grid.from_costs(costs, blocked="0")


def test_costs_whose_path_sums_could_overflow_are_refused(arena):
    # Before: every cell at 1e300 gave status found with cost inf.
    with pytest.raises(ValueError, match=r"^array: the cell at row 0, column 0 costs 1e\+300: costs must be from 1e-06 to 1e\+12"):
        swarmpath.Grid.from_array(np.full((2, 2), 1e300))
    with pytest.raises(ValueError, match=r"^array: .*costs 1\.7976931348623157e\+308"):
        swarmpath.Grid.from_costs(np.full((2, 2), np.finfo(np.float64).max))
    with pytest.raises(ValueError, match=r"^terrain\['W'\]: cost 1e\+300 is out of range"):
        swarmpath.Solver(arena, terrain={"W": 1e300})
    with pytest.raises(ValueError, match=r"^terrain='W=1e300': .*out of range"):
        swarmpath.Solver(arena, terrain="W=1e300")
    largest = swarmpath.Solver(swarmpath.Grid.from_costs(np.full((1, 3), 1e12)), moves=4).solve((0, 0), (2, 0))
    assert largest.status == "found" and largest.cost == 2e12


def test_multi_letter_cells_are_refused():
    with pytest.raises(ValueError, match=r"row 1, column 0 holds 'WW': each cell must be exactly one"):
        swarmpath.Grid.from_array(np.array([[".", "."], ["WW", "."]]))
    with pytest.raises(ValueError, match=r"row 0, column 1 holds ''"):
        swarmpath.Grid.from_array(np.array([[".", ""]]))
    with pytest.raises(ValueError, match="holds 'TT'"):
        swarmpath.Grid.from_array(np.array([[b".", b"TT"]]))
    assert swarmpath.Grid.from_array(np.array([[b".", b"T"]])).passable.tolist() == [[True, False]]


def test_paths_with_a_nul_byte_are_refused(tmp_path):
    real = tmp_path / "room.map"
    real.write_text("type octile\nheight 1\nwidth 2\nmap\n..\n")
    with pytest.raises(ValueError, match=r"^path holds a NUL byte"):
        swarmpath.Grid.from_file(str(real) + "\0ignored")
    with pytest.raises(ValueError, match=r"^path holds a NUL byte"):
        swarmpath.Grid.from_file(os.fsencode(real) + b"\0")
    with pytest.raises(ValueError, match=r"^path holds a NUL byte"):
        swarmpath.read_scenario(str(real) + "\0.scen")
    with pytest.raises(TypeError, match="path must be a str, bytes or os.PathLike"):
        swarmpath.Grid.from_file(3)


def test_terrain_keys_and_costs_are_checked(arena):
    with pytest.raises(TypeError, match=r"terrain keys must be one-character str letters, not int 87"):
        swarmpath.Solver(arena, terrain={87: 2.0})
    with pytest.raises(TypeError, match="not bytes"):
        swarmpath.Solver(arena, terrain={b"W": 2.0})
    with pytest.raises(ValueError, match="terrain key 'WW' must be exactly one"):
        swarmpath.Solver(arena, terrain={"WW": 2.0})
    with pytest.raises(ValueError, match="terrain key 'W=2,T' must be exactly one"):
        swarmpath.Solver(arena, terrain={"W=2,T": 2.0})
    with pytest.raises(TypeError, match=r"terrain\['W'\]: a terrain cost must be a number"):
        swarmpath.Solver(arena, terrain={"W": "2"})
    with pytest.raises(ValueError, match="out of range"):
        swarmpath.Solver(arena, terrain={"W": -1})
    plain = swarmpath.Grid.from_array(np.array([list("..SS..")]))
    assert swarmpath.Solver(plain, moves=4, terrain={"S": 4}).solve((0, 0), (5, 0)).cost == 11.0
    assert swarmpath.Solver(plain, moves=4, terrain={"S": np.float32(4)}).solve((0, 0), (5, 0)).cost == 11.0


def test_statuses_are_immutable_and_equal_to_their_names(arena):
    assert isinstance(swarmpath.STATUSES, tuple)
    with pytest.raises(TypeError):
        swarmpath.STATUSES[0] = "lost"
    assert [str(status) for status in swarmpath.STATUSES] == [
        "found", "no_path", "start_blocked", "goal_blocked", "invalid", "partial", "node_limit", "deadline", "cancelled"]
    assert all(status == status.value for status in swarmpath.STATUSES)
    with pytest.raises(AttributeError):
        swarmpath.Status.found.value = "lost"
    result = swarmpath.Solver(arena).solve((1, 11), (1, 12))
    assert result.status is swarmpath.Status.found and result.status == "found" and isinstance(result.status, str)
    assert pickle.loads(pickle.dumps(result.status)) is swarmpath.Status.found
    batch = swarmpath.Solver(arena).solve_batch([[1, 11, 1, 12], [-1, 0, 1, 1]])
    assert batch.statuses.tolist() == ["found", "invalid"]
    assert [swarmpath.STATUSES[code] for code in batch.status_codes] == [swarmpath.Status.found, swarmpath.Status.invalid]
    batch.statuses[0] = "x"  # a batch's own array; later batches are not affected
    assert swarmpath.Solver(arena).solve_batch([[1, 11, 1, 12]]).statuses.tolist() == ["found"]


def test_errors_speak_keyword_arguments_not_command_line_flags(arena, tmp_path):
    hexagons = swarmpath.Grid.from_array(np.ones((3, 4), dtype=bool), topology="hex")
    refusals = {
        "moves=4": lambda: swarmpath.Solver(arena, moves=4, algorithm="jps"),
        'diagonal_rule="one-free"': lambda: swarmpath.Solver(arena, diagonal_rule="one-free", algorithm="jps+"),
        'fallback="nearest"': lambda: swarmpath.Solver(arena, fallback="nearest", algorithm="jps"),
        'algorithm="astar"': lambda: swarmpath.Solver(arena, weight=2, algorithm="jps"),
        "moves= does not apply to hex maps": lambda: swarmpath.Solver(hexagons, moves=4),
        'algorithm="jps" does not apply to hex maps': lambda: swarmpath.Solver(hexagons, algorithm="jps"),
        "explicit weight=": lambda: swarmpath.Solver(arena, heuristic="manhattan"),
        'algorithm="oracle" answers from a file': lambda: swarmpath.Solver(arena, algorithm="oracle"),
    }
    unknown = tmp_path / "unknown.map"
    unknown.write_text("type octile\nheight 1\nwidth 2\nmap\n.Z\n")
    refusals["declare it with terrain="] = lambda: swarmpath.Grid.from_file(unknown)
    refusals["'Z' at row 0, column 1 (declare it with terrain=)"] = lambda: swarmpath.Grid.from_array(np.array([list(".Z")]))
    for expected, refuse in refusals.items():
        with pytest.raises(ValueError) as raised:
            refuse()
        message = str(raised.value)
        assert expected in message
        assert "--" not in message, message
