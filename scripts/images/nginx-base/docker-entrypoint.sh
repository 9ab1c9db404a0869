#!/bin/sh
# The upstream image's entrypoint, reduced to what it does by default: when the command is nginx,
# run /docker-entrypoint.d/*.sh, then render /etc/nginx/templates/*.template into
# /etc/nginx/conf.d/ with envsubst (only the variables set in the environment), then exec.
set -e
case "$1" in
  nginx | nginx-debug)
    for script in /docker-entrypoint.d/*.sh; do
      [ -x "$script" ] && "$script"
    done
    template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
    suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
    output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
    if [ -d "$template_dir" ] && [ -w "$output_dir" ]; then
      defined_envs=$(printf '${%s} ' $(env | cut -d= -f1))
      for template in "$template_dir"/*"$suffix"; do
        [ -e "$template" ] || continue
        envsubst "$defined_envs" <"$template" >"$output_dir/$(basename "$template" "$suffix")"
      done
    fi
    ;;
esac
exec "$@"
