#!/usr/bin/env bash
# Installs dependencies from the lockfile when node_modules is missing or older than the lockfile, and
# rebuilds the native addons when node_modules was installed by another Node than the one running now.
set -euo pipefail
cd "$(dirname "$0")/.."
export SCARF_ANALYTICS=false
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› Installing dependencies…"
  npm install --no-audit --no-fund
  node -p process.version > node_modules/.installed-by-node
elif [ "$(cat node_modules/.installed-by-node 2>/dev/null)" != "$(node -p process.version)" ]; then
  echo "› Rebuilding native addons for Node $(node -p process.version)…"
  npm rebuild
  node -p process.version > node_modules/.installed-by-node
fi
