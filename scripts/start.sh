#!/usr/bin/env bash
# `npm start`: checks PostgreSQL and Redis, installs, builds, migrates, seeds the rate history, then runs the API, the worker,
# the shell and the three remotes until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-pinned-node.sh
node scripts/check-services.mjs
bash scripts/ensure-install.sh
if [ "${SKIP_BUILD:-}" != "1" ]; then
  echo "› Building backend and frontends…"
  npm run --silent build
fi
echo "› Migrating the database (creates it when absent)…"
node dist/libs/db/src/cli/migrate.js up
echo "› Rate history (the bundled ECB history on a fresh database)…"
npm run --silent rates:seed
exec node scripts/run-all.mjs
