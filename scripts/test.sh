#!/usr/bin/env bash
# `npm test`: every test — unit, API e2e on real PostgreSQL + Redis (test database and Redis DB 15),
# and the browser e2e in Chromium against the built product.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-pinned-node.sh
export NODE_ENV=test TZ=UTC
bash scripts/ensure-install.sh
# PostgreSQL, Redis (and the mail catcher) when not running: started for this run, stopped after it.
[ -n "${FXRATES_LOCAL_SERVICES:-}" ] || exec node scripts/local-services.mjs bash scripts/test.sh "$@"
bash scripts/ensure-chromium.sh
if [ "${FXRATES_BUILT:-}" != 1 ]; then
  echo "› Building backend and frontends for the browser tests…"
  npm run --silent build
fi
mkdir -p artifacts
status=0
# --forceExit: CI must end even if a global setup leaves a handle open (the run is over by then).
npx jest --ci --forceExit --json --outputFile=artifacts/jest-results.json "$@" || status=$?
node scripts/test-report.mjs artifacts/jest-results.json || true
exit $status
