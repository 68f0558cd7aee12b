"""The swarmpath package's shape: the extension lives in swarmpath._core and __init__ re-exports it;
the stubs (__init__.pyi) name exactly what the module has, member by member; py.typed is there;
and the version is the same in pyproject.toml, CMakeLists.txt and the module. Importing the package
leaves NumPy unimported until something asks for an array (a fresh interpreter's import took 120 ms
more with it), and the first batch then makes the status names all the same.

Assumes the package is importable (ctest puts <build>/python on PYTHONPATH) and SWARMPATH_SOURCE_DIR
names the source tree (tests/python/CMakeLists.txt)."""

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import swarmpath

SOURCE = Path(os.environ.get("SWARMPATH_SOURCE_DIR", Path(__file__).resolve().parents[2]))
PACKAGE = Path(swarmpath.__file__).parent


def stubbed():
    """{class name: set of member names} and the set of module-level names the stubs declare."""
    tree = ast.parse((PACKAGE / "__init__.pyi").read_text())
    classes, names = {}, set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {item.name for item in node.body if isinstance(item, ast.FunctionDef)} | {
                target.id for item in node.body if isinstance(item, ast.Assign) for target in item.targets}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    return classes, names


def test_the_package_re_exports_its_extension():
    assert PACKAGE.name == "swarmpath" and (PACKAGE / "py.typed").is_file()
    assert swarmpath._core.Grid is swarmpath.Grid
    assert set(swarmpath.__all__) - {"__version__"} == {name for name in dir(swarmpath._core) if not name.startswith("_")}


def test_the_stubs_name_what_the_module_has():
    classes, names = stubbed()
    public = {name for name in swarmpath.__all__ if name != "__version__"}
    assert set(classes) | names | {"__version__"} >= set(swarmpath.__all__)
    assert set(classes) | names == public | {"__version__"}
    for name, members in classes.items():
        runtime = getattr(swarmpath, name)
        for member in members - {"__init__"}:
            assert hasattr(runtime, member), f"the stubs give {name}.{member}, the module has no such member"
        if name != "Status":
            declared = {member for member in vars(runtime) if not member.startswith("_")}
            assert declared <= members, f"{name} has {sorted(declared - members)} that the stubs do not give"
    assert classes["Status"] == {status.name for status in swarmpath.Status}


def test_the_version_is_the_same_everywhere():
    pyproject = re.search(r'^version = "([^"]+)"', (SOURCE / "pyproject.toml").read_text(), re.M).group(1)
    cmake = re.search(r"project\(swarmpath VERSION (\S+)", (SOURCE / "CMakeLists.txt").read_text()).group(1)
    assert swarmpath.__version__ == pyproject == cmake


def test_importing_the_package_leaves_numpy_for_later(tmp_path):
    (tmp_path / "small.map").write_text("type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n")
    program = (
        "import sys, swarmpath\n"
        "assert 'numpy' not in sys.modules, 'import swarmpath imported NumPy'\n"
        f"solver = swarmpath.Solver(swarmpath.Grid.from_file({str(tmp_path / 'small.map')!r}))\n"
        "batch = solver.solve_batch([(0, 0, 3, 2), (0, 0, 1, 1)])\n"
        "print(list(batch.statuses))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=os.environ.copy())
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['found', 'goal_blocked']"
