#!/usr/bin/env bash
# The images check of CI (deploy/README.md, "What CI checks"): installs podman, runc and
# debootstrap when missing (Debian), makes the base images, builds every image of
# deploy/*.Dockerfile unchanged (build-images.sh, sizes in artifacts/images/report.txt), then
# starts the compose stack from them against this machine's PostgreSQL and Redis and checks it in
# Chromium and over HTTP (e2e/images/stack.images.ts). Containers are removed on any exit.
#
#   bash scripts/images/build-and-run.sh          # both stages; NODE_VERSION=26.12.1 by default
#   bash scripts/images/build-and-run.sh build    # only build the images (CI runs it beside the tests)
#   bash scripts/images/build-and-run.sh check    # only run the stack from images built before
set -euo pipefail
cd "$(dirname "$0")/../.."
# The check runs the e2e harness, whose native addons are built for the pinned Node.
source scripts/use-pinned-node.sh
stage="${1:-all}"
case "$stage" in
  all | build | check) ;;
  *)
    echo "✖ Unknown stage '$stage': build, check, or nothing for both." >&2
    exit 2
    ;;
esac

missing=()
command -v podman >/dev/null || missing+=(podman)
command -v runc >/dev/null || missing+=(runc)
command -v debootstrap >/dev/null || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "› Installing ${missing[*]} from Debian (images check)…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "✖ The images check needs ${missing[*]} (as root: apt-get install -y podman runc debootstrap)." >&2
    exit 1
  fi
fi

clean_up() {
  ids="$(podman ps -aq --filter label=fxrates-images-check 2>/dev/null || true)"
  # shellcheck disable=SC2086 # one id per word
  [ -z "$ids" ] || podman --runtime runc rm -f -t 0 $ids >/dev/null 2>&1 || true
  # Each run leaves a few GB of untagged build layers; those of the last day stay as the cache.
  podman image prune -f --filter until=24h >/dev/null 2>&1 || true
}
trap clean_up EXIT

if [ "$stage" != check ]; then
  started=$(date +%s)
  bash scripts/images/build-images.sh
  echo "✔ images built in $(($(date +%s) - started)) s"
fi
if [ "$stage" != build ]; then
  started=$(date +%s)
  echo "› Running the stack from the images (e2e/images)…"
  npx jest --config e2e/images/jest.config.js
  echo "✔ images checked in $(($(date +%s) - started)) s"
fi
