"""What the Python module accepts and hands back beyond NumPy arrays and str paths: os.PathLike
paths, plain lists and other array-likes, grids that pickle (and so travel to multiprocessing
workers), and a batch's paths flat as one coordinate array with offsets.

Assumes the module is importable (ctest puts <build>/python on PYTHONPATH) and SWARMPATH_SOURCE_DIR
names the source tree (tests/python/CMakeLists.txt)."""

import multiprocessing
import os
import pickle
from pathlib import Path

import numpy as np
import pytest

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
DAO = SOURCE / "datasets" / "movingai" / "dao"


class OnlyPathLike:
    """An os.PathLike that is neither str nor pathlib.Path."""

    def __init__(self, path):
        self.path = path

    def __fspath__(self):
        return str(self.path)


def test_paths_may_be_path_like_or_bytes():
    from_str = swarmpath.Grid.from_file(str(DAO / "arena.map"))
    for path in (DAO / "arena.map", OnlyPathLike(DAO / "arena.map"), os.fsencode(DAO / "arena.map")):
        assert (swarmpath.Grid.from_file(path).letters == from_str.letters).all()
    scenario = swarmpath.read_scenario(DAO / "arena.map.scen")
    assert len(scenario) == len(swarmpath.read_scenario(str(DAO / "arena.map.scen")))
    assert swarmpath.read_scenario(OnlyPathLike(DAO / "arena.map.scen")).path == str(DAO / "arena.map.scen")
    with pytest.raises(FileNotFoundError, match="missing.map"):
        swarmpath.Grid.from_file(DAO / "missing.map")


def test_plain_lists_are_taken_wherever_arrays_are():
    rows = [[True, True, True], [True, False, True]]
    assert swarmpath.Grid.from_array(rows).passable.tolist() == rows
    assert swarmpath.Grid.from_array([[1, 1, 1], [1, 0, 1]]).passable.tolist() == rows
    assert swarmpath.Grid.from_array([list("..."), list(".@.")]).passable.tolist() == rows
    assert swarmpath.Grid.from_costs([[1, 2, 1], [1, 0, 1]], blocked=0).costs.tolist() == [[1, 2, 1], [1, np.inf, 1]]
    assert swarmpath.Grid.from_costs(((1.5, 2), (1, float("inf")))).costs.tolist() == [[1.5, 2], [1, np.inf]]
    solver = swarmpath.Solver(swarmpath.Grid.from_array(rows))
    from_list = solver.solve_batch([[0, 0, 2, 1], (0, 1, 2, 0)])
    from_array = solver.solve_batch(np.array([[0, 0, 2, 1], [0, 1, 2, 0]], dtype=np.uint16))
    assert (from_list.costs == from_array.costs).all() and from_list.statuses.tolist() == ["found", "found"]
    assert solver.solve(np.array([0, 0]), [2, 1]).status == "found"
    with pytest.raises(TypeError, match="queries must hold integers"):
        solver.solve_batch([[0.5, 0, 2, 1]])
    with pytest.raises(ValueError, match=r"\(N, 4\)"):
        solver.solve_batch([[0, 0, 2]])


def grids_to_pickle(tmp_path):
    hexagons = tmp_path / "hex.map"
    hexagons.write_text("type hex\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n")
    return {
        "file": swarmpath.Grid.from_file(DAO / "arena.map"),
        "file with terrain": swarmpath.Grid.from_file(DAO / "arena.map", terrain={"T": 3.0, "W": 2.5}),
        "hex file": swarmpath.Grid.from_file(hexagons),
        "passability": swarmpath.Grid.from_array(np.eye(5, dtype=bool) | np.eye(5, k=1, dtype=bool)),
        "costs": swarmpath.Grid.from_costs(np.arange(1, 201, dtype=np.int32).reshape(10, 20)),
        "triangle letters": swarmpath.Grid.from_array(np.array([list("..WW"), list(".SS.")]), topology="triangle",
                                                      terrain="S=7"),
        "solver terrain": swarmpath.Solver(swarmpath.Grid.from_file(DAO / "arena.map"), terrain={".": 2.0}).grid,
    }


def test_grids_pickle_with_their_letters_costs_and_shape(tmp_path):
    for name, grid in grids_to_pickle(tmp_path).items():
        copy = pickle.loads(pickle.dumps(grid))
        assert copy.shape == grid.shape and copy.topology == grid.topology, name
        assert (copy.letters == grid.letters).all(), name
        assert (copy.costs == grid.costs).all(), name
        assert (copy.passable == grid.passable).all(), name
        # The terrain table travels too: a Solver's terrain on top of it answers the same.
        assert (swarmpath.Solver(copy, terrain="G=4").grid.costs == swarmpath.Solver(grid, terrain="G=4").grid.costs).all(), name
    with pytest.raises(ValueError, match="not a pickled swarmpath.Grid"):
        swarmpath.Grid.__new__(swarmpath.Grid).__setstate__((2,))


def solve_in_worker(grid):
    """Runs in a multiprocessing worker: the grid arrived pickled."""
    return swarmpath.Solver(grid).solve_batch([[1, 11, 1, 12], [1, 11, 40, 40]], threads=1).costs.tolist()


def test_grids_travel_to_multiprocessing_workers():
    grid = swarmpath.Grid.from_file(DAO / "arena.map")
    here = swarmpath.Solver(grid).solve_batch([[1, 11, 1, 12], [1, 11, 40, 40]], threads=1).costs.tolist()
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.apply(solve_in_worker, (grid,)) == here


def test_flat_paths_hold_the_same_cells_as_the_list():
    scenario = swarmpath.read_scenario(DAO / "den312d.map.scen")
    solver = swarmpath.Solver(swarmpath.Grid.from_file(scenario.map_path), algorithm="astar")
    queries = np.vstack([scenario.queries, [[-1, 0, 0, 0]]])  # one invalid row: an empty path
    listed = solver.solve_batch(queries)
    flat = solver.solve_batch(queries, flat_paths=True)
    assert flat.paths is None and listed.path_coordinates is None and listed.path_offsets is None
    assert flat.path_coordinates.dtype == np.int32 and flat.path_coordinates.shape[1] == 2
    assert flat.path_offsets.dtype == np.int64 and flat.path_offsets.shape == (len(queries) + 1,)
    assert flat.path_offsets[0] == 0 and flat.path_offsets[-1] == len(flat.path_coordinates)
    for index, path in enumerate(listed.paths):
        begin, end = flat.path_offsets[index], flat.path_offsets[index + 1]
        assert (flat.path_coordinates[begin:end] == path).all()
    assert flat.path_offsets[-1] == flat.path_offsets[-2]  # the invalid row
    assert (flat.costs == listed.costs).all()
    none = solver.solve_batch(queries, paths=False, flat_paths=True)
    assert none.paths is None and none.path_coordinates is None and none.path_offsets is None
