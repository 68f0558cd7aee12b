#!/usr/bin/env bash
# The main job: set up, build the command line (only it), then solve every bundled scenario file with --check, printing the
# table: the Moving AI sets (all but legacy/, whose lengths do not reproduce) and the generated hex
# and triangle sets (datasets/generated/). Extra arguments go to `swarmpath solve` (for example
# --threads 1 or --summary out.json); options that do not apply to hex and triangle maps (--moves,
# --diagonal-rule, --algorithm jps|jps+) are refused for those sets. Exit 1 if any cost mismatches.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SWARMPATH_BUILD_TARGETS=swarmpath "$root/tools/build.sh"
build_dir="${SWARMPATH_BUILD_DIR:-$root/build}"
mapfile -t scenarios < <(find "$root/datasets/movingai" "$root/datasets/generated" -name '*.map.scen' \
                           -not -path '*/legacy/*' | sort)
exec "$build_dir/tools/swarmpath" solve "${scenarios[@]}" --check "$@"
