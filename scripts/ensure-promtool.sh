#!/usr/bin/env bash
# The Prometheus rule tests run Debian's promtool. Installs Debian's `prometheus` package (which
# ships promtool) when it is missing and we may; otherwise says how to get it and fails.
set -euo pipefail
command -v promtool >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "› Installing promtool from Debian's prometheus package (alert rule tests)…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # Only the tool is needed: no recommended exporters, and the server is not started here.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
  command -v promtool >/dev/null 2>&1 && exit 0
fi
echo "✖ promtool not found (needed by the Prometheus alert rule tests)." >&2
echo "  Install it:  sudo apt-get install -y prometheus   (or put promtool from a Prometheus release on the PATH)." >&2
exit 1
