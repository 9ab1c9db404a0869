#!/usr/bin/env bash
# `npm run check` (and CI): lint, the type checks and every test. Lint and the type checks are
# single-threaded, the build mostly so: the three run side by side, and the tests start once all three
# have passed (so a lint error fails in minutes, and none of the three competes with the tests for the
# cores; under CI only the images build does, at the lowest priority).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-pinned-node.sh
bash scripts/ensure-install.sh
mkdir -p artifacts/check

# Runs `npm run <script>` in the background, its output in artifacts/check/<script>.log.
pids=()
names=()
in_background() {
  npm run --silent "$1" >"artifacts/check/$1.log" 2>&1 &
  pids+=($!)
  names+=("$1")
}
started=$(date +%s)
in_background lint
in_background typecheck
echo "› Lint and type checks running beside the build (logs in artifacts/check/)…"
build_status=0
# The build's own type check of the frontends is the one `npm run typecheck` runs beside it: skipped.
{ npm run --silent build:backend && npm run --silent build:frontends -- --skip-typecheck; } \
  >artifacts/check/build.log 2>&1 || build_status=$?

failed=()
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || failed+=("${names[$i]}")
done
[ "$build_status" = 0 ] || failed+=(build)
for name in "${failed[@]}"; do
  echo "✖ npm run $name failed:" >&2
  tail -60 "artifacts/check/$name.log" >&2
done
[ ${#failed[@]} = 0 ] || exit 1
echo "✔ lint, type checks and build passed in $(($(date +%s) - started)) s"

FXRATES_BUILT=1 bash scripts/test.sh "$@"
