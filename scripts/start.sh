#!/usr/bin/env bash
# `npm start`: checks PostgreSQL and Redis, installs, builds, migrates, then runs the API, the worker,
# the shell and the three remotes until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/check-services.mjs
bash scripts/ensure-install.sh
if [ "${SKIP_BUILD:-}" != "1" ]; then
  echo "› Building backend and frontends…"
  npm run --silent build
fi
echo "› Migrating the database (creates it when absent)…"
node dist/libs/db/src/cli/migrate.js up
exec node scripts/run-all.mjs
