#!/usr/bin/env bash
# Installs the Debian packages swarmpath builds, tests and benchmarks with. Idempotent: packages
# already present are skipped without touching the network. Needs root (or sudo) for apt-get.
set -euo pipefail

packages=(
  cmake ninja-build g++ make pkg-config dpkg-dev patch
  libtbb-dev libmimalloc-dev libcli11-dev nlohmann-json3-dev libfmt-dev libpng-dev
  libgtest-dev libgmock-dev libbenchmark-dev libbenchmark-tools python3 python3-scipy python3-matplotlib
  libboost-graph-dev valgrind universal-ctags
  clang-14 libclang-rt-14-dev clang-format-14
  libopenmpi-dev openmpi-bin
  pybind11-dev python3-dev python3-numpy python3-pytest python3-venv
  python3-pip python3-setuptools python3-wheel python3-build
)

missing=()
for package in "${packages[@]}"; do
  if [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)" != "install ok installed" ]; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-dependencies: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-dependencies: installing ${missing[*]}"
sudo_command=""
if [ "$(id -u)" -ne 0 ]; then sudo_command="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo_command apt-get update -qq
$sudo_command apt-get install -y -qq --no-install-recommends "${missing[@]}"
