"""Builds the extension swarmpath._core for `pip install .` and `python3 -m build` (pyproject.toml
holds the metadata) by running the project's CMake build of the target swarmpath_python for the
Python doing the build, then copying the module where setuptools packs it.

Assumes cmake and a C++20 compiler with pybind11-dev, python3-dev, python3-numpy and libtbb-dev
(tools/install-dependencies.sh). Environment:
  SWARMPATH_PYTHON_BUILD_DIR  an existing, configured build tree with the module (such as build/)
                              to build in and reuse, instead of a fresh one under build-pip/;
  SWARMPATH_BUILD_JOBS        parallel compile jobs (default: the machine's CPU count);
  SWARMPATH_SETUPTOOLS_DIR    where setuptools' own build and egg-info folders go (default:
                              build-pip/ in the source tree, which git ignores);
  CMAKE_ARGS                  extra configure arguments (e.g. a compiler launcher)."""

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# Everything setuptools writes goes here, not into the CMake build folder build/.
BUILD_BASE = os.environ.get("SWARMPATH_SETUPTOOLS_DIR", "build-pip")


class CMakeBuild(build_ext):
    """build_ext for one CMake-built extension: configure (if needed), build, copy."""

    def build_extension(self, extension):
        build_dir = os.environ.get("SWARMPATH_PYTHON_BUILD_DIR")
        build_dir = Path(build_dir).resolve() if build_dir else Path(self.build_temp).resolve() / "cmake"
        if not (build_dir / "CMakeCache.txt").exists():
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            self.spawn(["cmake", "-S", str(ROOT), "-B", str(build_dir), *generator,
                        "-DCMAKE_BUILD_TYPE=Release", "-DSWARMPATH_BUILD_TOOLS=OFF", "-DSWARMPATH_BUILD_TESTS=OFF",
                        "-DSWARMPATH_BUILD_BENCHMARKS=OFF", "-DSWARMPATH_BUILD_PYTHON=ON",
                        f"-DPython3_EXECUTABLE={sys.executable}", *shlex.split(os.environ.get("CMAKE_ARGS", ""))])
        jobs = os.environ.get("SWARMPATH_BUILD_JOBS", str(os.cpu_count() or 1))
        self.spawn(["cmake", "--build", str(build_dir), "--target", "swarmpath_python", "--parallel", jobs])
        built = build_dir / "python" / "swarmpath" / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.exists():
            raise RuntimeError(f"{build_dir} holds no module for {sys.executable} ({built.name}); "
                               "use another SWARMPATH_PYTHON_BUILD_DIR")
        target = Path(self.get_ext_fullpath(extension.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


os.makedirs(ROOT / BUILD_BASE, exist_ok=True)  # egg_info needs its folder to exist
setup(
    ext_modules=[Extension("swarmpath._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": BUILD_BASE}, "egg_info": {"egg_base": BUILD_BASE}},
)
