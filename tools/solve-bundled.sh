#!/usr/bin/env bash
# The main job: set up, build, then solve every bundled Moving AI scenario file (all sets but
# legacy/, whose lengths do not reproduce) with --check, printing the table. Extra arguments go to
# `swarmpath solve` (for example --threads 1 or --summary out.json). Exit 1 if any cost mismatches.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/build.sh"
build_dir="${SWARMPATH_BUILD_DIR:-$root/build}"
mapfile -t scenarios < <(find "$root/datasets/movingai" -name '*.map.scen' -not -path '*/legacy/*' | sort)
exec "$build_dir/tools/swarmpath" solve "${scenarios[@]}" --check "$@"
