#!/usr/bin/env bash
# Only batch::BatchSolver owns threads: oneTBB's parallel loops, thread-local storage,
# arenas and task groups may be named only in engine/src/batch/batch_solver.cpp and its header.
# Everything else that runs in parallel takes a core::ParallelLoop or runs in a BatchSolver task.
# Usage: thread_owner_check.sh <engine folder>. Prints the offending lines and fails if any.
set -euo pipefail
engine="${1:?usage: thread_owner_check.sh <engine folder>}"
engine="${engine%/}"
found="$(grep -rn "parallel_for\|enumerable_thread_specific\|task_arena\|task_group" "$engine" |
         grep -v "^$engine/src/batch/batch_solver\.cpp:\|^$engine/include/swarmpath/batch/batch_solver\.hpp:" || true)"
if [ -n "$found" ]; then
  echo "oneTBB parallelism outside BatchSolver (engine/src/batch/batch_solver.cpp):"
  echo "$found"
  exit 1
fi
echo "only BatchSolver names oneTBB parallelism"
