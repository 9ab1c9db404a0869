#!/bin/sh
# Entrypoint of the web image (deploy/web.Dockerfile).
#  1. Renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ with envsubst, replacing
#     only the variables listed in TEMPLATE_VARS (nginx's own $variables are left alone):
#     API_UPSTREAM (host:port taken from API_URL), REAL_IP_FROM, CSP_EXTRA_SOURCES.
#  2. Writes /config.json, the shell's public runtime configuration, from the environment
#     (PUBLIC_API_BASE_URL, PUBLIC_{MARKETING,DASHBOARD,BILLING}_URL, PRODUCT_NAME,
#     SUPPORT_EMAIL, API_KEY_PREFIX; unset or empty means the default below), unless a
#     config.json is mounted there read-only (Kubernetes: the fxrates-shell-config ConfigMap, which
#     nginx serves as it changes: a remote's version switches without restarting the shell).
#  3. Execs the command (nginx in the foreground).
set -eu

TEMPLATE_DIR=${TEMPLATE_DIR:-/etc/nginx/templates}
CONF_DIR=${CONF_DIR:-/etc/nginx/conf.d}
RUNTIME_DIR=${RUNTIME_DIR:-/usr/share/nginx/runtime}
# shellcheck disable=SC2016 # the ${NAME} list is for envsubst, not the shell
TEMPLATE_VARS='${API_UPSTREAM} ${REAL_IP_FROM} ${CSP_EXTRA_SOURCES}'

log() {
  printf 'fxrates-web: %s\n' "$*" >&2
}

# JSON string literal of $1: backslashes and quotes escaped, control characters dropped.
json_string() {
  printf '"%s"' "$(printf '%s' "$1" | tr -d '\000-\037' | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
}

# API_URL (as for scripts/serve-web.mjs): plain-HTTP base URL of the API; nginx's upstream needs
# its host:port only.
API_URL="${API_URL:-http://api:4000}"
case "$API_URL" in
  http://*) ;;
  *)
    log "API_URL must be an http:// URL of the API (e.g. http://api:4000), got \"$API_URL\""
    exit 78
    ;;
esac
API_UPSTREAM="${API_URL#http://}"
export API_UPSTREAM="${API_UPSTREAM%%/*}"
export REAL_IP_FROM="${REAL_IP_FROM:-127.0.0.1/32}"
export CSP_EXTRA_SOURCES="${CSP_EXTRA_SOURCES:-}"

# An unset or empty variable takes the same-origin default.
PUBLIC_API_BASE_URL="${PUBLIC_API_BASE_URL:-/api}"
PUBLIC_MARKETING_URL="${PUBLIC_MARKETING_URL:-/remotes/marketing/mf-manifest.json}"
PUBLIC_DASHBOARD_URL="${PUBLIC_DASHBOARD_URL:-/remotes/dashboard/mf-manifest.json}"
PUBLIC_BILLING_URL="${PUBLIC_BILLING_URL:-/remotes/billing/mf-manifest.json}"
PRODUCT_NAME="${PRODUCT_NAME:-FXRates Pro}"
SUPPORT_EMAIL="${SUPPORT_EMAIL:-support@fxrates.example}"
API_KEY_PREFIX="${API_KEY_PREFIX:-fxrates_}"

for template in "$TEMPLATE_DIR"/*.template; do
  [ -e "$template" ] || continue
  target="$CONF_DIR/$(basename "$template" .template)"
  envsubst "$TEMPLATE_VARS" <"$template" >"$target"
  log "rendered $target"
done

if [ -e "$RUNTIME_DIR/config.json" ] && [ ! -w "$RUNTIME_DIR" ]; then
  log "serving the mounted $RUNTIME_DIR/config.json"
  exec "$@"
fi

tmp="$RUNTIME_DIR/.config.json.$$"
cat >"$tmp" <<EOF
{
  "apiBaseUrl": $(json_string "$PUBLIC_API_BASE_URL"),
  "productName": $(json_string "$PRODUCT_NAME"),
  "supportEmail": $(json_string "$SUPPORT_EMAIL"),
  "apiKeyPrefix": $(json_string "$API_KEY_PREFIX"),
  "recaptchaSiteKey": $(json_string "${RECAPTCHA_SITE_KEY:-}"),
  "remotes": {
    "marketing": $(json_string "$PUBLIC_MARKETING_URL"),
    "dashboard": $(json_string "$PUBLIC_DASHBOARD_URL"),
    "billing": $(json_string "$PUBLIC_BILLING_URL")
  }
}
EOF
mv "$tmp" "$RUNTIME_DIR/config.json"
log "wrote $RUNTIME_DIR/config.json (remotes: $PUBLIC_MARKETING_URL, $PUBLIC_DASHBOARD_URL, $PUBLIC_BILLING_URL)"

exec "$@"
