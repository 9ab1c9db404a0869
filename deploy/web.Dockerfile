# syntax=docker/dockerfile:1
#
# The four frontends, each an nginx image of its own, built from the repository root:
#
#   docker build -f deploy/web.Dockerfile --target shell     -t fxrates-pro/shell:TAG .
#   docker build -f deploy/web.Dockerfile --target marketing --build-arg BUILD_VERSION=1.4.0 \
#     -t fxrates-pro/marketing:1.4.0 .                        # and dashboard, billing alike
#
# A remote's build is published under its version: /remotes/<name>/<BUILD_VERSION>/mf-manifest.json
# (BUILD_VERSION defaults to the app's package version: the build context has no .git). The shell
# loads the version its /config.json names, so a remote is released and rolled back without the
# shell (deploy/README.md, "Remote-only release"). PREVIOUS_<NAME>_IMAGE (an earlier image of that
# remote) carries its releases into the new image, so that a rollback is a config change only.
#
# Layout inside the images:
#   shell:  /usr/share/nginx/html/                          index.html, main.js, chunks,
#           /usr/share/nginx/html/downloads/                the SDK tarball, the Postman collection
#           /usr/share/nginx/runtime/config.json            written at start from the environment,
#                                                           unless mounted (a ConfigMap in k8s)
#   <name>: /usr/share/nginx/html/remotes/<name>/<version>/ mf-manifest.json, remoteEntry.js, chunks
#
# nginx runs as the unprivileged user 101 and listens on 8080. Writable paths at run time (shell):
# /tmp, /etc/nginx/conf.d and /usr/share/nginx/runtime; (remotes) /tmp only. The shell's two are
# mode 1777 like /tmp: a tmpfs mounted there (compose) takes its mount point's mode but not its
# owner (runc), so only a mode open to all lets user 101 write there.

ARG NODE_IMAGE=node:26.12.1-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine
ARG PREVIOUS_MARKETING_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine
ARG PREVIOUS_DASHBOARD_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine
ARG PREVIOUS_BILLING_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS node-base
ARG NPM_VERSION=11.19.1
ENV SCARF_ANALYTICS=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
RUN npm install --global "npm@${NPM_VERSION}" && npm cache clean --force
WORKDIR /app

# ---------------------------------------------------------------------------------------------
FROM node-base AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests \
 && cp package.json package-lock.json .npmrc /manifests/ \
 && find libs services frontends -mindepth 2 -maxdepth 2 -name package.json \
      -exec cp --parents {} /manifests/ \;

# ---------------------------------------------------------------------------------------------
FROM node-base AS dependencies
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 || { echo 'npm ci failed; retrying with npm install against package-lock.json' >&2; \
      npm install --no-audit --no-fund; }
COPY . .
# Type-checks the frontends once for whichever app is built. TYPECHECK=false skips it where the same
# sources were type-checked already (CI's checks, before the images).
ARG TYPECHECK=true
RUN if [ "$TYPECHECK" = true ]; then node scripts/build-frontends.mjs --typecheck-only; fi

# One build stage per app: a target builds only its own app (webpack in production mode).
# The backend is built for its OpenAPI document only: the Postman collection /downloads serves is made
# from it (scripts/build-downloads.mjs, run by build-frontends.mjs after the shell).
FROM dependencies AS build-shell
RUN npm run build:backend && node scripts/build-frontends.mjs shell --skip-typecheck

FROM dependencies AS build-marketing
ARG BUILD_VERSION
RUN BUILD_VERSION="${BUILD_VERSION}" node scripts/build-frontends.mjs marketing --skip-typecheck --release-dir /releases

FROM dependencies AS build-dashboard
ARG BUILD_VERSION
RUN BUILD_VERSION="${BUILD_VERSION}" node scripts/build-frontends.mjs dashboard --skip-typecheck --release-dir /releases

FROM dependencies AS build-billing
ARG BUILD_VERSION
RUN BUILD_VERSION="${BUILD_VERSION}" node scripts/build-frontends.mjs billing --skip-typecheck --release-dir /releases

# ---------------------------------------------------------------------------------------------
FROM ${NGINX_IMAGE} AS shell
USER root
RUN rm -rf /etc/nginx/conf.d/*.conf /usr/share/nginx/html/* \
 && mkdir -p /etc/nginx/templates /usr/share/nginx/runtime \
 && chown -R 101:0 /etc/nginx/conf.d /usr/share/nginx/runtime \
 && chmod -R g+w /etc/nginx/conf.d /usr/share/nginx/runtime \
 && chmod 1777 /etc/nginx/conf.d /usr/share/nginx/runtime
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/templates/ /etc/nginx/templates/
COPY --chmod=0755 deploy/nginx/docker-entrypoint.sh /usr/local/bin/fxrates-web-entrypoint
COPY --from=build-shell /app/frontends/shell/dist/ /usr/share/nginx/html/

# Run-time settings (all optional; defaults in docker-entrypoint.sh, table in deploy/README.md):
# API_URL, REAL_IP_FROM, CSP_EXTRA_SOURCES, PUBLIC_API_BASE_URL, PUBLIC_MARKETING_URL,
# PUBLIC_DASHBOARD_URL, PUBLIC_BILLING_URL, PRODUCT_NAME, SUPPORT_EMAIL, API_KEY_PREFIX.
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/usr/local/bin/fxrates-web-entrypoint"]
CMD ["nginx", "-g", "daemon off;"]

# ---------------------------------------------------------------------------------------------
# A remote: static files under /remotes/<name>/<version>/, CORS open, nothing rendered at start.
FROM ${NGINX_IMAGE} AS remote
USER root
RUN rm -rf /etc/nginx/conf.d/*.conf /usr/share/nginx/html/* \
 && mkdir -p /usr/share/nginx/html/remotes
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/remote.conf /etc/nginx/conf.d/remote.conf

FROM ${PREVIOUS_MARKETING_IMAGE} AS previous-marketing
FROM ${PREVIOUS_DASHBOARD_IMAGE} AS previous-dashboard
FROM ${PREVIOUS_BILLING_IMAGE} AS previous-billing

FROM remote AS marketing
# Declared in the stage, so the image it copies from is part of the next RUN's cache key (given by
# its ID, a key that follows its content: a tag does not).
ARG PREVIOUS_MARKETING_IMAGE
RUN --mount=type=bind,from=previous-marketing,source=/usr/share/nginx/html,target=/previous \
    if [ -d /previous/remotes/marketing ]; then cp -R /previous/remotes/marketing /usr/share/nginx/html/remotes/; fi
COPY --from=build-marketing /releases/ /usr/share/nginx/html/remotes/
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["nginx", "-g", "daemon off;"]

FROM remote AS dashboard
# Declared in the stage, so the image it copies from is part of the next RUN's cache key (given by
# its ID, a key that follows its content: a tag does not).
ARG PREVIOUS_DASHBOARD_IMAGE
RUN --mount=type=bind,from=previous-dashboard,source=/usr/share/nginx/html,target=/previous \
    if [ -d /previous/remotes/dashboard ]; then cp -R /previous/remotes/dashboard /usr/share/nginx/html/remotes/; fi
COPY --from=build-dashboard /releases/ /usr/share/nginx/html/remotes/
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["nginx", "-g", "daemon off;"]

FROM remote AS billing
# Declared in the stage, so the image it copies from is part of the next RUN's cache key (given by
# its ID, a key that follows its content: a tag does not).
ARG PREVIOUS_BILLING_IMAGE
RUN --mount=type=bind,from=previous-billing,source=/usr/share/nginx/html,target=/previous \
    if [ -d /previous/remotes/billing ]; then cp -R /previous/remotes/billing /usr/share/nginx/html/remotes/; fi
COPY --from=build-billing /releases/ /usr/share/nginx/html/remotes/
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["nginx", "-g", "daemon off;"]
