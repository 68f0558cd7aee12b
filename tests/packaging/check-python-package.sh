#!/usr/bin/env bash
# Packaging check of the swarmpath Python package, offline with Debian's packages (python3-build,
# python3-setuptools, python3-wheel, python3-venv, python3-pip): `python3 -m build --no-isolation
# --wheel` makes a wheel, which pip installs into a fresh virtual environment; the package is
# imported from outside the source tree, checked (metadata, stubs, py.typed) and used to solve, then
# `pip uninstall` must remove every file. The same again for the README's
# `pip install --no-build-isolation .`.
#   tests/packaging/check-python-package.sh BUILD_DIR
# BUILD_DIR is a configured build with the module (the Release build): setup.py builds in it
# (SWARMPATH_PYTHON_BUILD_DIR), so nothing is compiled again. Work goes to a temporary folder,
# removed at the end; nothing is written into the source tree.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build_dir="$(cd "${1:?usage: check-python-package.sh BUILD_DIR}" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/swarmpath-python-package.XXXXXX")"
trap 'rm -rf "$work"' EXIT
map="$root/datasets/movingai/dao/arena.map"
export SWARMPATH_PYTHON_BUILD_DIR="$build_dir" SWARMPATH_SETUPTOOLS_DIR="$work/setuptools" PIP_NO_INDEX=1
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1

# Imports the installed package from outside the source tree and checks it; then uninstalls it and
# checks nothing of it is left.
check_installed_then_uninstall() {  # venv
  local venv="$1"
  (cd "$work" && "$venv/bin/python" - "$map" <<'PYTHON'
import importlib.metadata, pathlib, sys
import swarmpath
package = pathlib.Path(swarmpath.__file__).parent
assert str(package).startswith(sys.prefix), f"imported from {package}, not the virtual environment {sys.prefix}"
assert importlib.metadata.version("swarmpath") == swarmpath.__version__, (importlib.metadata.version("swarmpath"), swarmpath.__version__)
assert (package / "py.typed").is_file() and (package / "__init__.pyi").is_file(), sorted(package.iterdir())
solver = swarmpath.Solver(swarmpath.Grid.from_file(pathlib.Path(sys.argv[1])))
assert solver.solve((1, 11), (1, 12)).cost == 1.0
assert solver.solve_batch([[1, 11, 1, 12]], flat_paths=True).path_offsets.tolist() == [0, 2]
print("python-package: imported", swarmpath.__version__, "from", package)
PYTHON
  )
  local site_packages
  site_packages="$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("platlib"))')"
  "$venv/bin/pip" uninstall --yes --quiet swarmpath
  if (cd "$work" && "$venv/bin/python" -c "import swarmpath" 2> /dev/null); then
    echo "python-package: swarmpath is still importable after pip uninstall" >&2
    exit 1
  fi
  if ls -d "$site_packages"/swarmpath* 2> /dev/null; then
    echo "python-package: pip uninstall left the files above" >&2
    exit 1
  fi
}

echo "python-package: python3 -m build --no-isolation --wheel"
(cd "$root" && /usr/bin/python3 -m build --no-isolation --wheel --outdir "$work/dist" > "$work/build.log" 2>&1) \
  || { cat "$work/build.log"; exit 1; }
wheel="$(ls "$work"/dist/swarmpath-*.whl)"
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --quiet "$wheel"
check_installed_then_uninstall "$work/venv"

echo "python-package: pip install --no-build-isolation . (the README's command)"
"$work/venv/bin/pip" install --quiet --no-build-isolation "$root" > "$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }
check_installed_then_uninstall "$work/venv"
echo "python-package: built, installed, imported, solved and uninstalled"
