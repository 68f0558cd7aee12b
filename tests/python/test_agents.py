"""Sized agents and movement classes from Python: Solver and Oracle (agent_size=, agent_class=, classes=) answer
as a reference written here from the definition (a Dijkstra over k x k blocks checked cell by cell,
docs/formats.md "Agent sizes and movement classes"), solve and solve_batch alike at 1 and 2 threads,
refuses a size of 0, an undeclared class and sizes above 1 on hex grids in Python's words, and an
edited sized solver answers as one made on the edited map."""

import heapq
import math

import numpy as np
import pytest

import swarmpath

ROWS = [
    "..........",
    "..@@......",
    "..........",
    "....WWW...",
    "....WWW...",
    "..a.......",
    "......@...",
    "..........",
]
COSTS = {"walker": {".": 1.0, "a": 3.0}, "hover": {".": 1.0, "a": 3.0, "W": 2.0}}


def block_costs(size, costs, start):
    """Cheapest cost from `start` to every position for a size x size block: legal when every cell is
    on the map and priced by `costs` (letters not in it are blocked), dearest cell priced, diagonal
    steps needing both side positions legal."""
    height, width = len(ROWS), len(ROWS[0])

    def price(x, y):
        if x < 0 or y < 0 or x + size > width or y + size > height:
            return None
        letters = [ROWS[y + dy][x + dx] for dy in range(size) for dx in range(size)]
        if any(letter not in costs for letter in letters):
            return None
        return max(costs[letter] for letter in letters)

    best = {start: 0.0}
    queue = [(0.0, start)]
    while queue:
        distance, (x, y) = heapq.heappop(queue)
        if distance > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0):
                    continue
                cost = price(x + dx, y + dy)
                if cost is None:
                    continue
                if dx and dy and (price(x + dx, y) is None or price(x, y + dy) is None):
                    continue
                total = distance + cost * (math.sqrt(2) if dx and dy else 1.0)
                if total < best.get((x + dx, y + dy), math.inf):
                    best[(x + dx, y + dy)] = total
                    heapq.heappush(queue, (total, (x + dx, y + dy)))
    return best, price


def grid():
    letters = np.array([list(row) for row in ROWS])
    return swarmpath.Grid.from_array(letters, terrain={"a": 3.0, "W": 2.0})


@pytest.mark.parametrize("size", [1, 2, 3])
@pytest.mark.parametrize("agent_class", ["walker", "hover"])
def test_sized_classed_queries_match_the_block_reference(size, agent_class):
    classes = {"walker": {"a": 3.0, "W": math.inf}, "hover": {"a": 3.0, "W": 2.0}}
    solver = swarmpath.Solver(grid(), algorithm="astar", agent_size=size, agent_class=agent_class, classes=classes)
    queries = []
    for start in [(0, 0), (1, 4), (7, 0), (0, 7 - size + 1)]:
        for goal in [(9 - size + 1, 7 - size + 1), (5, 3), (2, 5), (8, 2)]:
            queries.append(start + goal)
    checked = 0
    for threads in (1, 2):
        batch = solver.solve_batch(np.array(queries), threads=threads)
        for index, (sx, sy, gx, gy) in enumerate(queries):
            best, price = block_costs(size, COSTS[agent_class], (sx, sy))
            single = solver.solve((sx, sy), (gx, gy))
            if price(sx, sy) is None:
                assert single.status == "start_blocked"
            elif price(gx, gy) is None:
                assert single.status == "goal_blocked"
            elif (gx, gy) not in best:
                assert single.status == "no_path"
            else:
                assert single.status == "found"
                assert single.cost == pytest.approx(best[(gx, gy)], rel=1e-6)
                checked += 1
            assert batch.statuses[index] == single.status
            assert batch.costs[index] == pytest.approx(single.cost, rel=1e-12, abs=1e-12) or (
                np.isnan(batch.costs[index]) and np.isnan(single.cost)
            )
    assert checked > 0


def test_refusals_name_the_keyword():
    with pytest.raises(ValueError, match="agent_size=0 is not a size"):
        swarmpath.Solver(grid(), agent_size=0)
    with pytest.raises(ValueError, match='agent_class="tank" is not a declared movement class'):
        swarmpath.Solver(grid(), agent_class="tank", classes={"walker": {"a": 3.0}})
    hexes = swarmpath.Grid.from_array(np.full((4, 4), "."), topology="hex")
    with pytest.raises(ValueError, match="needs square cells"):
        swarmpath.Solver(hexes, agent_size=2)


def test_an_edited_classed_solver_answers_as_one_made_on_the_edited_map():
    # Edits name the map the solver was made from: opening the water to walkers changes their answers.
    classes = {"walker": {"a": 3.0, "W": math.inf}, "hover": {"a": 3.0, "W": 2.0}}
    made = {"algorithm": "astar", "agent_size": 2, "agent_class": "walker", "classes": classes}
    solver = swarmpath.Solver(grid(), **made)
    queries = np.array([(0, 2, 7, 4), (4, 0, 4, 5), (0, 0, 8, 6), (5, 2, 5, 5)])
    before = solver.solve_batch(queries)
    edits = [(x, y, ".") for y in (3, 4) for x in (4, 5, 6)] + [(2, 5, "@")]
    report = solver.edit(edits)
    assert report["rebuilt"] is True and report["cells_changed"] == len(edits)
    letters = np.array([list(row) for row in ROWS])
    for x, y, letter in edits:
        letters[y, x] = letter
    fresh = swarmpath.Solver(swarmpath.Grid.from_array(letters, terrain={"a": 3.0, "W": 2.0}), **made)
    after, expected = solver.solve_batch(queries), fresh.solve_batch(queries)
    assert after.statuses.tolist() == expected.statuses.tolist()
    assert np.array_equal(after.costs, expected.costs)
    assert not np.array_equal(after.costs, before.costs)
    with pytest.raises(ValueError, match=r"^edits\[0\]: unknown terrain letter 'Z'"):
        solver.edit([(0, 0, "Z")])


@pytest.mark.parametrize("size", [1, 2])
def test_oracle_for_sized_classed_agents_answers_as_the_reference_and_names_them(tmp_path, size):
    classes = {"walker": {"a": 3.0, "W": math.inf}, "hover": {"a": 3.0, "W": 2.0}}
    agents = {"agent_size": size, "agent_class": "hover", "classes": classes}
    oracle = swarmpath.Oracle.build(grid(), **agents)
    expected = "" if size == 1 else f" {size}x{size}"
    assert oracle.map_name.endswith(expected + " hover")
    checked = 0
    for start in [(0, 0), (1, 4), (7, 0)]:
        best, price = block_costs(size, COSTS["hover"], start)
        for goal in [(8, 6), (5, 3), (2, 5), (8, 2)]:
            result = oracle.solve(start, goal)
            if price(*start) is None or price(*goal) is None or goal not in best:
                assert result.status != "found"
                continue
            assert result.status == "found"
            assert result.cost == pytest.approx(best[goal], rel=1e-6)
            checked += 1
    assert checked > 4
    saved = tmp_path / "sized.oracle"
    oracle.save(saved)
    loaded = swarmpath.Oracle.load(saved, grid(), **agents)
    assert loaded.solve((0, 0), (8, 6)).cost == pytest.approx(oracle.solve((0, 0), (8, 6)).cost)
    # A file built for these agents is refused for others (one-cell walkers here).
    with pytest.raises(ValueError):
        swarmpath.Oracle.load(saved, grid(), agent_class="walker", classes=classes)
