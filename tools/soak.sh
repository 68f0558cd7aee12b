#!/usr/bin/env bash
# Soak test: a batch of about 1,000,000 queries, made by repeating the rows of five bundled
# scenario files, solved in one `swarmpath solve --check` run while the process's resident memory is
# sampled every second. Then checks that
#   - every query still matches its optimal length (--check), and
#   - each repeated file's counters (queries, solved, expanded, generated, statuses) are exactly
#     REPEATS times those of one pass over the original file (the big batch gives the same answers
#     as the small one), and prints the memory samples (time, RSS) and their peak.
#
#   tools/soak.sh [SWARMPATH_EXECUTABLE] [REPEATS]   (defaults: build-reliability/tools/swarmpath, 165)
#
# Work files go to build-soak/ (scenario copies, summaries, soak-rss.csv). For a leak check run the
# same script with a sanitizer build and fewer repeats, e.g.
#   ASAN_OPTIONS=detect_leaks=1 tools/soak.sh build-asan/tools/swarmpath 4
# (LeakSanitizer reports at exit, failing the run). Solve options: SWARMPATH_SOAK_OPTIONS, default
# `--algorithm jps`: one fixed algorithm, because `auto` rightly switches to goal fields when many
# queries share a goal (as repeated rows do), which changes the counters though not the costs.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
executable="${1:-$root/build-reliability/tools/swarmpath}"
repeats="${2:-165}"
work="${SWARMPATH_SOAK_DIR:-$root/build-soak}"
data="$root/datasets/movingai"
files=(dao/arena dao/den312d dao/brc202d street/Berlin_1_256 bg512/AR0011SR)

rm -rf "$work"
mkdir -p "$work/small" "$work/big"
small=()
big=()
for file in "${files[@]}"; do
  name="$(basename "$file")"
  for folder in small big; do ln -s "$data/$file.map" "$work/$folder/$name.map"; done
  cp "$data/$file.map.scen" "$work/small/$name.map.scen"
  # The header once, then the rows REPEATS times.
  { head -n 1 "$data/$file.map.scen"
    for ((pass = 0; pass < repeats; ++pass)); do tail -n +2 "$data/$file.map.scen"; done
  } > "$work/big/$name.map.scen"
  small+=("$work/small/$name.map.scen")
  big+=("$work/big/$name.map.scen")
done
options="${SWARMPATH_SOAK_OPTIONS:---algorithm jps}"
echo "soak: ${#big[@]} files, $repeats passes over the originals, options: $options"

# shellcheck disable=SC2086
"$executable" solve "${small[@]}" --check --summary "$work/small-summary.json" $options > "$work/small.txt"

start=$(date +%s.%N)
# shellcheck disable=SC2086
"$executable" solve "${big[@]}" --check --summary "$work/big-summary.json" $options > "$work/big.txt" &
pid=$!
echo "seconds,rss_mb" > "$work/soak-rss.csv"
while kill -0 "$pid" 2> /dev/null; do
  rss_kb="$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status" 2> /dev/null || true)"
  if [ -n "$rss_kb" ]; then
    awk -v start="$start" -v now="$(date +%s.%N)" -v kb="$rss_kb" 'BEGIN {printf "%.1f,%.1f\n", now - start, kb / 1024}' \
      >> "$work/soak-rss.csv"
  fi
  sleep 1
done
status=0
wait "$pid" || status=$?
if [ "$status" -ne 0 ]; then
  echo "soak: the big run failed with exit status $status" >&2
  exit 1
fi

python3 - "$work" "$repeats" << 'PYTHON'
import csv, json, sys
work, repeats = sys.argv[1], int(sys.argv[2])
small = {entry["file"].split("/")[-1]: entry for entry in json.load(open(work + "/small-summary.json"))["scenarios"]}
big = json.load(open(work + "/big-summary.json"))
failures = 0
for entry in big["scenarios"]:
    name = entry["file"].split("/")[-1]
    base = small[name]
    for key in ("queries", "solved", "mismatches", "unknown", "expanded", "generated"):
        if entry[key] != repeats * base[key]:
            print(f"soak: {name}: {key} is {entry[key]}, expected {repeats} x {base[key]}")
            failures += 1
    for status, count in entry["statuses"].items():
        if count != repeats * base["statuses"][status]:
            print(f"soak: {name}: status {status} is {count}, expected {repeats} x {base['statuses'][status]}")
            failures += 1
rows = [(float(seconds), float(rss)) for seconds, rss in list(csv.reader(open(work + "/soak-rss.csv")))[1:]]
totals = big["totals"]
print(f"soak: {totals['queries']} queries, {totals['mismatches']} mismatches, "
      f"{totals['search_seconds']:.1f} s searching, {totals['wall_seconds']:.1f} s in all")
if rows:
    peak = max(rss for _, rss in rows)
    print(f"soak: RSS peak {peak:.1f} MB over {len(rows)} samples; samples at 10% steps of the run:")
    for step in range(11):
        seconds, rss = rows[min(len(rows) - 1, step * (len(rows) - 1) // 10)]
        print(f"  t={seconds:7.1f} s  rss={rss:8.1f} MB")
print("soak: results equal the small batch's" if failures == 0 else f"soak: {failures} differences")
sys.exit(1 if failures else 0)
PYTHON
