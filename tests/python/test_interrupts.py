"""Stopping a running batch from Python: Ctrl-C (SIGINT sent to a child interpreter) raises
KeyboardInterrupt out of solve_batch promptly, a CancelToken cancelled from another thread answers
the rest of the batch "cancelled", and deadline_ms= stops each query with status "deadline". Ctrl-C
stops a path oracle's and goal bounds' build the same way, short of its last row.

The long batch is Dijkstra (heuristic="zero") corner to corner on an open 2048 x 2048 grid: about
four million expansions a query, so a batch of them lasts far longer than any bound below.
Assumes the module is importable (ctest puts <build>/python on PYTHONPATH)."""

import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import swarmpath

SIDE = 2048
LONG_QUERIES = [[0, 0, SIDE - 1, SIDE - 1], [SIDE - 1, 0, 0, SIDE - 1]] * 50

CHILD = f"""
import sys, time
import numpy as np, swarmpath
solver = swarmpath.Solver(swarmpath.Grid.from_array(np.ones(({SIDE}, {SIDE}), dtype=bool)),
                          algorithm="astar", heuristic="zero")
queries = {LONG_QUERIES!r}
print("started", flush=True)
try:
    solver.solve_batch(queries, threads=2)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
    # The solver still answers afterwards: its cancel token was reset.
    print("after", solver.solve_batch([[0, 0, 1, 1]]).statuses.tolist(), flush=True)
"""


def long_solver(**settings):
    grid = swarmpath.Grid.from_array(np.ones((SIDE, SIDE), dtype=bool))
    return swarmpath.Solver(grid, algorithm="astar", heuristic="zero", **settings)


def test_ctrl_c_stops_a_running_batch_with_keyboard_interrupt():
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=dict(os.environ))
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)  # well inside the batch, which lasts tens of seconds
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        output, errors = child.communicate(timeout=60)
    finally:
        child.kill()
    lines = output.splitlines()
    assert lines and lines[0].startswith("interrupted"), f"stdout {output!r}, stderr {errors!r}"
    latency = float(lines[0].split()[1]) - sent
    print(f"Ctrl-C to KeyboardInterrupt: {latency * 1000:.1f} ms")
    # The module polls every 10 ms; the bound is loose so that a loaded machine does not fail it.
    assert latency < 1.0, f"KeyboardInterrupt came {latency:.3f} s after SIGINT"
    assert lines[1] == "after ['found']"


def test_a_cancel_token_stops_a_batch_from_another_thread():
    token = swarmpath.CancelToken()
    solver = long_solver(cancel=token)
    assert solver.cancel is token and not token.cancelled
    batches = []
    worker = threading.Thread(target=lambda: batches.append(solver.solve_batch(LONG_QUERIES, threads=1)))
    worker.start()
    time.sleep(0.3)
    token.cancel()
    worker.join(timeout=60)
    assert not worker.is_alive()
    batch = batches[0]
    # Every query after the cancel is answered "cancelled", without a cost; the batch returns normally.
    assert batch.statuses[-1] == "cancelled"
    assert np.isinf(batch.costs[batch.statuses == "cancelled"]).all()
    assert set(batch.statuses.tolist()) <= {"found", "cancelled"}
    # Until reset, the token keeps the solver's queries cancelled.
    assert solver.solve((0, 0), (1, 1)).status == "cancelled"
    token.reset()
    assert solver.solve((0, 0), (1, 1)).status == "found"


def test_deadline_ms_stops_each_query():
    solver = long_solver(deadline_ms=5)
    assert solver.deadline_ms == 5
    batch = solver.solve_batch(LONG_QUERIES[:4], threads=1)
    assert batch.statuses.tolist() == ["deadline"] * 4
    assert np.isinf(batch.costs).all()
    assert solver.solve((0, 0), (3, 3)).status == "found"  # a short query finishes within its budget
    with pytest.raises(ValueError, match=r"^deadline_ms must be from 0 to 86400000, not 86400001"):
        long_solver(deadline_ms=86_400_001)
    with pytest.raises(TypeError, match="deadline_ms must be an integer"):
        long_solver(deadline_ms=1.5)


def test_a_solver_used_before_fork_still_solves_in_the_child():
    # solve_batch keeps a thread for running batches; a forked child has no such thread and must
    # start its own rather than wait for the parent's. In a child interpreter, so a hang is a timeout.
    code = """
import os, numpy as np, swarmpath
solver = swarmpath.Solver(swarmpath.Grid.from_array(np.ones((8, 8), dtype=bool)))
for threads in (1, 2):
    assert solver.solve_batch([[0, 0, 7, 7]], threads=threads).statuses.tolist() == ["found"]
pid = os.fork()
if pid == 0:
    ok = all(solver.solve_batch([[0, 0, 7, 7]], threads=threads).statuses.tolist() == ["found"] for threads in (1, 2))
    os._exit(0 if ok else 1)
_, status = os.waitpid(pid, 0)
print("child", os.waitstatus_to_exitcode(status), "parent", solver.solve_batch([[0, 0, 7, 7]]).statuses.tolist())
"""
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == "child 0 parent ['found']"


BUILD_SIDE = 300  # an open 300 x 300 grid: 90,000 whole-map searches, minutes of building

BUILD_CHILD = f"""
import sys, time
import numpy as np, swarmpath
kind = sys.argv[1]
grid = swarmpath.Grid.from_array(np.ones(({BUILD_SIDE}, {BUILD_SIDE}), dtype=bool))
build = swarmpath.Oracle.build if kind == "oracle" else swarmpath.GoalBounds.build
reported = []
print("started", flush=True)
try:
    build(grid, threads=2, progress=lambda done, total: reported.append((done, total)))
    print("finished", flush=True)
except KeyboardInterrupt:
    done, total = reported[-1] if reported else (0, 1)
    print("interrupted", done < total, flush=True)
    # The module still builds afterwards.
    small = swarmpath.Grid.from_array(np.ones((8, 8), dtype=bool))
    print("after", type(build(small, threads=2)).__name__, flush=True)
"""


@pytest.mark.parametrize("kind", ["oracle", "goal-bounds"])
def test_ctrl_c_stops_a_running_build_with_keyboard_interrupt(kind):
    child = subprocess.Popen([sys.executable, "-c", BUILD_CHILD, kind], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)  # well inside the build
        child.send_signal(signal.SIGINT)
        output, errors = child.communicate(timeout=120)
    finally:
        child.kill()
    lines = output.splitlines()
    # Interrupted, with fewer cells reported done than the whole build (none at all is fine too).
    assert lines and lines[0] == "interrupted True", f"stdout {output!r}, stderr {errors!r}"
    assert lines[1] == ("after Oracle" if kind == "oracle" else "after GoalBounds"), output
