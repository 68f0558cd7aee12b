#!/usr/bin/env bash
# Same-process A/B timing of two versions of the engine's A* (bench/same_process_ab/): compiles the
# engine sources (grid, io, search) of BASE, a git revision, and of NEW, another revision or, when
# omitted, the working tree, each with bench/same_process_ab/engine_entry.cpp into a shared object
# (-O3, as the Release build), then runs the driver, which times the two builds in turns on the same
# queries within one process. Output goes to build-ab/. Needs g++ and oneTBB (tools/install-dependencies.sh).
# Usage: tools/ab-time.sh BASE [NEW] [--repetitions R] [--stride K] SCENARIO...
#   SWARMPATH_AB_ALGORITHM=jps|jps+|field times jump point search, JPS+ or one goal field per query
#   instead of A* (the driver reads it in both builds). SWARMPATH_AB_REUSE_BASE=1 keeps build-ab/base.so
#   when it was built from the same BASE commit (build-ab/base.commit), to time several changes
#   against one base without rebuilding it.
#   e.g. tools/ab-time.sh HEAD~1 --repetitions 61 datasets/movingai/dao/den312d.map.scen
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$#" -lt 2 ]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
base="$1"; shift
new=""
if [ "$#" -gt 0 ] && [ "${1#--}" = "$1" ] && git -C "$root" rev-parse --verify --quiet "$1^{commit}" >/dev/null; then
  new="$1"; shift
fi
repetitions=21
stride=1
scenarios=()
while [ "$#" -gt 0 ]; do
  case "$1" in
    --repetitions) repetitions="$2"; shift 2 ;;
    --stride) stride="$2"; shift 2 ;;
    *) scenarios+=("$(realpath "$1")"); shift ;;
  esac
done
[ "${#scenarios[@]}" -gt 0 ] || { echo "ab-time: no scenario files given" >&2; exit 2; }
out="$root/build-ab"
mkdir -p "$out"
flags=(-std=c++20 -O3 -DNDEBUG -fPIC -fvisibility=hidden -fvisibility-inlines-hidden)

# build_engine SOURCE_ROOT NAME: the shared object $out/NAME.so from that tree's engine sources.
build_engine() {
  local source="$1" name="$2" objects="$out/$2-objects"
  rm -rf "$objects"; mkdir -p "$objects"
  # core/ (the settings' wording every layer's messages use) exists from 2026-12 on; older trees lack it.
  { ls "$source"/engine/src/grid/*.cpp "$source"/engine/src/io/*.cpp "$source"/engine/src/search/*.cpp
    if [ -d "$source/engine/src/core" ]; then ls "$source"/engine/src/core/*.cpp; fi
    echo "$root/bench/same_process_ab/engine_entry.cpp"; } |
    xargs -P "$(nproc)" -I{} sh -c 'g++ "$@" -I"'"$source"'/engine/include" -I"'"$source"'/engine/src" -c "{}" -o "'"$objects"'/$(basename "{}" .cpp).o"' _ "${flags[@]}"
  g++ -shared -Wl,-Bsymbolic -o "$out/$name.so" "$objects"/*.o -ltbb
  rm -rf "$objects"
}

# export_revision REVISION FOLDER: that commit's tree, without touching the working tree.
export_revision() {
  rm -rf "$2"; mkdir -p "$2"
  git -C "$root" archive "$1" engine | tar -x -C "$2"
}

base_commit="$(git -C "$root" rev-parse --verify "$base^{commit}")"
if [ "${SWARMPATH_AB_REUSE_BASE:-0}" = "1" ] && [ -f "$out/base.so" ] && [ -f "$out/base.commit" ] &&
   [ "$(cat "$out/base.commit")" = "$base_commit" ]; then
  echo "ab-time: reusing A = $base ($base_commit)" >&2
else
  echo "ab-time: building A = $base" >&2
  rm -f "$out/base.commit"
  export_revision "$base" "$out/base-tree"
  build_engine "$out/base-tree" base
  echo "$base_commit" > "$out/base.commit"
fi
if [ -n "$new" ]; then
  echo "ab-time: building B = $new" >&2
  export_revision "$new" "$out/new-tree"
  build_engine "$out/new-tree" new
else
  echo "ab-time: building B = the working tree" >&2
  build_engine "$root" new
fi
g++ -std=c++20 -O2 -I"$root/bench/support" -o "$out/driver" "$root/bench/same_process_ab/driver.cpp" -ldl
"$out/driver" "$out/base.so" "$out/new.so" "$repetitions" "$stride" "${scenarios[@]}"
