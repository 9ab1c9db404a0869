# syntax=docker/dockerfile:1
#
# The four frontends as static files behind nginx, built from the repository root:
#
#   docker build -f deploy/web.Dockerfile -t fxrates-pro/web:TAG .
#
# Layout inside the image:
#   /usr/share/nginx/html/                      shell (host): index.html, main.js, chunks
#   /usr/share/nginx/html/remotes/<name>/       marketing, dashboard, billing (mf-manifest.json ...)
#   /usr/share/nginx/runtime/config.json        written at container start from the environment
#
# nginx runs as the unprivileged user 101 and listens on 8080. Writable paths at run time:
# /tmp, /etc/nginx/conf.d and /usr/share/nginx/runtime (emptyDirs under a read-only root in k8s).

ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine

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
FROM node-base AS build
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 || { echo 'npm ci failed; retrying with npm install against package-lock.json' >&2; \
      npm install --no-audit --no-fund; }
COPY . .
# Type-checks the frontends, then runs webpack in production mode for the four apps.
RUN npm run build:frontends

# ---------------------------------------------------------------------------------------------
FROM ${NGINX_IMAGE} AS web
USER root
RUN rm -rf /etc/nginx/conf.d/*.conf /usr/share/nginx/html/* \
 && mkdir -p /etc/nginx/templates /usr/share/nginx/runtime \
 && chown -R 101:0 /etc/nginx/conf.d /usr/share/nginx/runtime \
 && chmod -R g+w /etc/nginx/conf.d /usr/share/nginx/runtime
COPY deploy/nginx/nginx.conf /etc/nginx/nginx.conf
COPY deploy/nginx/templates/ /etc/nginx/templates/
COPY --chmod=0755 deploy/nginx/docker-entrypoint.sh /usr/local/bin/fxrates-web-entrypoint
COPY --from=build /app/frontends/shell/dist/ /usr/share/nginx/html/
COPY --from=build /app/frontends/marketing/dist/ /usr/share/nginx/html/remotes/marketing/
COPY --from=build /app/frontends/dashboard/dist/ /usr/share/nginx/html/remotes/dashboard/
COPY --from=build /app/frontends/billing/dist/ /usr/share/nginx/html/remotes/billing/

# Run-time settings (all optional; defaults in docker-entrypoint.sh, table in deploy/README.md):
# API_URL, REAL_IP_FROM, CSP_EXTRA_SOURCES, PUBLIC_API_BASE_URL, PUBLIC_MARKETING_URL,
# PUBLIC_DASHBOARD_URL, PUBLIC_BILLING_URL, PRODUCT_NAME, SUPPORT_EMAIL, API_KEY_PREFIX.
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/usr/local/bin/fxrates-web-entrypoint"]
CMD ["nginx", "-g", "daemon off;"]
