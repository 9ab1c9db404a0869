#!/usr/bin/env bash
# The browser tests drive the system Chromium (never a downloaded one). Installs Debian's package
# when it is missing and we may; otherwise says how to get it and fails.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "› Installing Chromium from Debian (browser tests)…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$chromium_path" ] && exit 0
fi
echo "✖ Chromium not found at $chromium_path (needed by the browser tests)." >&2
echo "  Install it:  sudo apt-get install -y chromium   or point CHROMIUM_PATH at a Chromium binary." >&2
exit 1
