#!/usr/bin/env bash
# Installs dependencies from the lockfile when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
export SCARF_ANALYTICS=false
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› Installing dependencies…"
  npm install --no-audit --no-fund
fi
