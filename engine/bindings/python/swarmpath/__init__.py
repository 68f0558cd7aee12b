"""swarmpath: bulk grid pathfinding (A*, jump point search, goal fields) over Moving AI maps and
NumPy arrays.

Coordinates are (x, y): x the column, y the row, (0, 0) top left; 2-D arrays are indexed [y, x].
This file re-exports the compiled extension swarmpath._core (engine/bindings/python/
swarmpath_module.cpp); the types are described in __init__.pyi beside it."""

from ._core import (
    STATUSES,
    BatchResult,
    CancelToken,
    GoalBounds,
    GoalField,
    Grid,
    Oracle,
    Result,
    Scenario,
    Solver,
    Status,
    __version__,
    polyline_length,
    read_field,
    read_scenario,
    waypoints,
)

__all__ = [
    "STATUSES",
    "BatchResult",
    "CancelToken",
    "GoalBounds",
    "GoalField",
    "Grid",
    "Oracle",
    "Result",
    "Scenario",
    "Solver",
    "Status",
    "__version__",
    "polyline_length",
    "read_field",
    "read_scenario",
    "waypoints",
]
