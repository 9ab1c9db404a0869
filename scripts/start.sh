#!/usr/bin/env bash
# `npm start`: installs, starts PostgreSQL, Redis and the mail catcher when absent (scripts/local-services.mjs),
# builds, migrates, seeds the rate history, then runs the API, the worker, the shell and the three remotes until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-pinned-node.sh
bash scripts/ensure-install.sh
# PostgreSQL, Redis (and the mail catcher) when not running: started for this run, stopped after it.
[ -n "${FXRATES_LOCAL_SERVICES:-}" ] || exec node scripts/local-services.mjs bash scripts/start.sh "$@"
if [ "${SKIP_BUILD:-}" != "1" ]; then
  echo "› Building backend and frontends…"
  npm run --silent build
fi
echo "› Migrating the database (creates it when absent)…"
node dist/libs/db/src/cli/migrate.js up
echo "› Rate history (the bundled ECB history on a fresh database)…"
npm run --silent rates:seed
exec node scripts/run-all.mjs
