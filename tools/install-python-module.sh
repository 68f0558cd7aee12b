#!/usr/bin/env bash
# Installs the swarmpath Python package (swarmpath/: __init__.py, the _core extension, stubs and
# py.typed) into the site-packages of the Python named (default: Debian's /usr/bin/python3, whose
# local site-packages is /usr/local/lib/python3.X/dist-packages; for a virtual environment, name its
# bin/python), without pip: pip neither lists nor uninstalls it. For an install pip manages, use
# `pip install --no-build-isolation .` (pyproject.toml) instead.
#   tools/install-python-module.sh [PYTHON]
# Builds the engine and the module only (no command line, tests or benchmarks), Release, in
# build-python/ or in $SWARMPATH_PYTHON_BUILD_DIR (an existing build with the module in it, such as
# tools/build.sh's build/, is reused as it is), then `cmake --install --component python`. Assumes
# the Debian packages of tools/install-dependencies.sh (pybind11-dev, python3-dev, python3-numpy,
# libtbb-dev); the Python named must be of the version the module is built for (Debian's, or a
# virtual environment made from it), which this script checks.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${1:-/usr/bin/python3}"
build_dir="${SWARMPATH_PYTHON_BUILD_DIR:-$root/build-python}"
site_packages="$("$python" -c 'import sysconfig; print(sysconfig.get_path("platlib"))')"
suffix="$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')"
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  generator=()
  if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
  cmake -S "$root" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DSWARMPATH_BUILD_TOOLS=OFF -DSWARMPATH_BUILD_TESTS=OFF -DSWARMPATH_BUILD_BENCHMARKS=OFF \
    -DSWARMPATH_BUILD_PYTHON=ON -DPython3_EXECUTABLE="$python" > /dev/null
fi
cmake --build "$build_dir" --target swarmpath_python --parallel "${SWARMPATH_BUILD_JOBS:-$(nproc)}"
if [ ! -f "$build_dir/python/swarmpath/_core$suffix" ]; then
  echo "install-python-module: $build_dir holds no module for $python (swarmpath/_core$suffix); use another build folder" >&2
  exit 1
fi
SWARMPATH_PYTHON_SITE_PACKAGES="$site_packages" cmake --install "$build_dir" --component python
echo "install-python-module: installed the swarmpath package (_core$suffix) into $site_packages/swarmpath"
