#!/usr/bin/env bash
# `npm start`: installs, starts PostgreSQL, Redis and the mail catcher when absent (scripts/local-services.mjs),
# builds, migrates, seeds the rate history, then runs the API, the worker, the shell and the three remotes until Ctrl-C.
# `npm run dev` (--watch [--backend-only]): the same in watch mode (scripts/run-all.mjs): the backend is
# compiled again and the API and worker restart on every change, webpack rebuilds the frontends.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-pinned-node.sh
watch=""
if [ "${1:-}" = "--watch" ]; then watch=1; fi
bash scripts/ensure-install.sh
# PostgreSQL, Redis (and the mail catcher) when not running: started for this run, stopped after it.
[ -n "${FXRATES_LOCAL_SERVICES:-}" ] || exec node scripts/local-services.mjs bash scripts/start.sh "$@"
if [ "${SKIP_BUILD:-}" = "1" ]; then
  echo "› Build skipped (SKIP_BUILD=1)"
elif [ -n "$watch" ]; then
  echo "› Building the backend…"
  npm run --silent build:backend
  if [[ " $* " != *" --backend-only "* ]] && [ ! -f frontends/shell/dist/index.html ]; then
    echo "› Building the frontends (first run)…"
    npm run --silent build:frontends
  fi
else
  echo "› Building backend and frontends…"
  npm run --silent build
fi
echo "› Migrating the database (creates it when absent)…"
node dist/libs/db/src/cli/migrate.js up
echo "› Rate history (the bundled ECB history on a fresh database)…"
npm run --silent rates:seed
exec node scripts/run-all.mjs "$@"
