# syntax=docker/dockerfile:1
#
# One image for the backend processes, built from the repository root:
#
#   docker build -f deploy/backend.Dockerfile --target api    -t fxrates-pro/api:TAG .
#   docker build -f deploy/backend.Dockerfile --target worker -t fxrates-pro/worker:TAG .
#
# Both targets hold the same files (dist/ + production node_modules); they differ only in the
# default command and exposed port. The migration runs from the api image:
#
#   docker run --rm -e DATABASE_URL=... fxrates-pro/api:TAG node dist/libs/db/src/cli/migrate.js up
#
# Stages: manifests (package.json files only, for install caching) -> build (full install +
# `npm run build:backend`) and prod-deps (production dependencies of the backend workspaces)
# -> runtime (non-root, tini as PID 1) -> api / worker.

ARG NODE_IMAGE=node:26.12.1-bookworm-slim

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS node-base
# npm 11 honours the "allowScripts" policy of package.json (the image ships npm 10).
ARG NPM_VERSION=11.19.1
ENV SCARF_ANALYTICS=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
RUN npm install --global "npm@${NPM_VERSION}" && npm cache clean --force
WORKDIR /app

# ---------------------------------------------------------------------------------------------
# Only the manifests: the install layers below are reused until a package.json or the lockfile
# changes (BuildKit caches by content, so copying the whole context here costs nothing later).
FROM node-base AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests \
 && cp package.json package-lock.json .npmrc /manifests/ \
 && find libs services frontends -mindepth 2 -maxdepth 2 -name package.json \
      -exec cp --parents {} /manifests/ \;

# ---------------------------------------------------------------------------------------------
FROM node-base AS build
COPY --from=manifests /manifests/ ./
# `npm ci` first. It refuses the committed lockfile while that lacks some other-platform optional
# binaries (@swc/core-*, ...); a plain install against the lockfile is the documented fallback.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 || { echo 'npm ci failed; retrying with npm install against package-lock.json' >&2; \
      npm install --no-audit --no-fund; }
COPY . .
RUN npm run build:backend

# ---------------------------------------------------------------------------------------------
# Production dependencies of the backend workspaces only (no dev tools, no React/webpack).
# Every backend dependency is declared in one of these workspaces' package.json files; the
# build rewrites the @fxrates/* aliases to relative paths, so the workspace links are not needed.
FROM node-base AS prod-deps
COPY --from=manifests /manifests/ ./
ARG BACKEND_WORKSPACES="--workspace=services/api --workspace=services/worker --workspace=libs/config --workspace=libs/db --workspace=libs/domain --workspace=libs/queues --workspace=libs/rates --workspace=libs/paypal --workspace=libs/plans"
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund ${BACKEND_WORKSPACES} \
 || { echo 'npm ci failed; retrying with npm install against package-lock.json' >&2; \
      npm install --omit=dev --no-audit --no-fund ${BACKEND_WORKSPACES}; }
RUN rm -rf node_modules/@fxrates node_modules/.cache

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
# Both images listen on every interface of their container (the API, the worker's health server):
# said here rather than left to a default, which outside production is loopback.
ENV NODE_ENV=production \
    API_HOST=0.0.0.0
WORKDIR /app
# Files stay owned by root: the `node` user can read but not modify the application.
COPY --from=prod-deps /app/node_modules ./node_modules
# What npm could not hoist for the API (lru-cache 11; dist/services/api/node_modules links here).
COPY --from=prod-deps /app/services/api/node_modules ./services/api/node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
USER node
# tini forwards SIGTERM to node (the apps call enableShutdownHooks) and reaps zombies.
ENTRYPOINT ["/usr/bin/tini", "--"]

# ---------------------------------------------------------------------------------------------
FROM runtime AS worker
ENV WORKER_HEALTH_PORT=4001
EXPOSE 4001
CMD ["node", "dist/services/worker/src/main.js"]

# ---------------------------------------------------------------------------------------------
# Last stage = default target.
FROM runtime AS api
# Heap caps as in deploy/k8s/api.yaml: V8 collects before growing (peak RSS under 200 MB under load);
# glibc hands freed memory back above 128 KB free at the heap's top (the history's columns come and go).
ENV API_PORT=4000 \
    NODE_OPTIONS="--max-old-space-size=192 --max-semi-space-size=8" \
    MALLOC_TRIM_THRESHOLD_=131072
EXPOSE 4000
CMD ["node", "dist/services/api/src/main.js"]
