"""The path oracle from Python: built with a progress callback, saved, loaded, and answering single
queries and batches with the costs A* finds; its files are the command line's (`precompute` and
`solve --oracle` read and write the same), and a file for another map or rule is refused.

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
DAO = SOURCE / "datasets" / "movingai" / "dao"


@pytest.fixture(scope="module")
def arena():
    return swarmpath.Grid.from_file(DAO / "arena.map")


def test_an_oracle_answers_as_a_star_and_survives_save_and_load(arena, tmp_path):
    calls = []
    oracle = swarmpath.Oracle.build(arena, threads=2, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1][0] == calls[-1][1] and all(a[0] <= b[0] for a, b in zip(calls, calls[1:]))
    assert oracle.map_name == "arena.map" and oracle.passable_cells == int(arena.passable.sum())
    scenario = swarmpath.read_scenario(DAO / "arena.map.scen")
    searched = swarmpath.Solver(arena, algorithm="astar").solve_batch(scenario.queries)
    answered = oracle.solve_batch(scenario.queries)
    assert answered.statuses.tolist() == searched.statuses.tolist()
    assert np.allclose(answered.costs, searched.costs, rtol=0, atol=1e-9)
    for query, path in zip(scenario.queries, answered.paths):
        assert path[0].tolist() == query[:2].tolist() and path[-1].tolist() == query[2:].tolist()
    flat = oracle.solve_batch(scenario.queries, flat_paths=True)
    assert flat.path_offsets[-1] == sum(len(path) for path in answered.paths)
    single = oracle.solve((1, 11), (40, 40))
    assert single.status == "found" and single.cost == pytest.approx(swarmpath.Solver(arena).solve((1, 11), (40, 40)).cost)
    assert 0 <= oracle.first_move((1, 11), (40, 40)) <= 7 and oracle.first_move((1, 11), (1, 11)) == -1
    saved = tmp_path / "arena.oracle"
    oracle.save(saved)
    loaded = swarmpath.Oracle.load(saved, arena)
    assert loaded.file_bytes == oracle.file_bytes == saved.stat().st_size
    # In memory: runs in 4 bytes each (the file keeps 3 here), the row index and per-cell tables.
    assert loaded.memory_bytes >= 4 * loaded.run_count + 9 * loaded.passable_cells
    assert loaded.memory_bytes > loaded.file_bytes
    assert (loaded.solve_batch(scenario.queries).costs == answered.costs).all()


def test_first_moves_answers_an_array_as_first_move_does_each_row(arena):
    oracle = swarmpath.Oracle.build(arena, threads=1)
    rng = np.random.default_rng(5)
    height, width = arena.passable.shape
    rows = np.column_stack([rng.integers(-2, width + 2, 3000), rng.integers(-2, height + 2, 3000),
                            rng.integers(-2, width + 2, 3000), rng.integers(-2, height + 2, 3000)])
    rows = np.vstack([rows, [[1, 11, 1, 11], [2**40, 0, 1, 11]]])
    moves = oracle.first_moves(rows)
    assert moves.dtype == np.int8 and moves.shape == (len(rows),)
    expected = [oracle.first_move((int(r[0]), int(r[1])), (int(r[2]), int(r[3])))
                if max(r) < 2**31 else -1 for r in rows]
    assert moves.tolist() == expected
    assert (moves >= 0).sum() > 500 and moves[-1] == -1 and moves[-2] == -1
    assert oracle.first_moves(np.zeros((0, 4), dtype=np.int64)).shape == (0,)
    with pytest.raises(ValueError, match="queries must be an"):
        oracle.first_moves(np.zeros((3, 3), dtype=np.int64))
    # 32-bit rows in C order are read in place (negative coordinates off the map, as above); other
    # layouts of them (Fortran order, a strided view, big-endian) are converted first: all answer alike.
    small = rows[:-1]
    for form in (small.astype(np.int32), small.astype(np.int32).view(np.uint32),
                 np.asfortranarray(small.astype(np.int32)), np.repeat(small.astype(np.int32), 2, axis=0)[::2],
                 small.astype(">i4")):
        answered = oracle.first_moves(form)
        assert answered.dtype == np.int8 and answered.tolist() == moves[:-1].tolist(), form.dtype
    assert oracle.first_moves(np.zeros((0, 4), dtype=np.int32)).shape == (0,)
    with pytest.raises(ValueError, match="queries must be an"):
        oracle.first_moves(np.zeros((3, 3), dtype=np.int32))


def test_oracle_files_are_the_command_lines(arena, tmp_path):
    executable = os.environ.get("SWARMPATH_EXECUTABLE")
    if not executable:
        pytest.skip("SWARMPATH_EXECUTABLE is not set (the command line is not built)")
    scenario_path = DAO / "arena.map.scen"
    scenario = swarmpath.read_scenario(scenario_path)
    from_python = tmp_path / "python.oracle"
    swarmpath.Oracle.build(arena).save(from_python)
    paths_file = tmp_path / "paths.csv"
    subprocess.run([executable, "solve", str(scenario_path), "--oracle", str(from_python), "--paths", str(paths_file)],
                   check=True, capture_output=True)
    with open(paths_file, newline="") as opened:
        rows = list(csv.DictReader(opened))
    from_command_line = tmp_path / "cli.oracle"
    subprocess.run([executable, "precompute", str(DAO / "arena.map"), "--output", str(from_command_line)],
                   check=True, capture_output=True)
    batch = swarmpath.Oracle.load(from_command_line, arena).solve_batch(scenario.queries)
    assert [row["status"] for row in rows] == batch.statuses.tolist()
    assert np.allclose([float(row["cost"]) for row in rows], batch.costs, rtol=0, atol=1e-8)
    for row, path in zip(rows, batch.paths):
        assert row["path"] == " ".join(f"{x}:{y}" for x, y in path)


def test_oracles_for_another_map_rule_or_shape_are_refused(arena, tmp_path):
    saved = tmp_path / "arena.oracle"
    swarmpath.Oracle.build(arena).save(saved)
    other = swarmpath.Grid.from_file(DAO / "den312d.map")
    with pytest.raises(ValueError, match="arena.oracle"):
        swarmpath.Oracle.load(saved, other)
    with pytest.raises(ValueError, match="arena.oracle"):
        swarmpath.Oracle.load(saved, arena, moves=4)
    with pytest.raises(FileNotFoundError):
        swarmpath.Oracle.load(tmp_path / "missing.oracle", arena)
    with pytest.raises(ValueError, match="^a path oracle is for square maps: this map is type hex"):
        swarmpath.Oracle.build(swarmpath.Grid.from_array(np.ones((3, 3), dtype=bool), topology="hex"))
    with pytest.raises(ValueError, match='^order must be "depth-first", "hilbert" or "row-major"'):
        swarmpath.Oracle.build(arena, order="random")

    def failing(done, total):
        raise RuntimeError(f"stop at {done} of {total}")

    with pytest.raises(RuntimeError, match="stop at"):
        swarmpath.Oracle.build(arena, progress=failing)
