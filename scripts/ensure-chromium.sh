#!/usr/bin/env bash
# The browser tests drive the machine's Chromium or Chrome (never a downloaded one), found by
# scripts/find-chromium.mjs. On Debian as root, installs Debian's package when none is found;
# otherwise says how to get one and fails.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/find-chromium.mjs >/dev/null 2>&1 && exit 0
if [ -z "${CHROMIUM_PATH:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "› Installing Chromium from Debian (browser tests)…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
node scripts/find-chromium.mjs >/dev/null
