#!/usr/bin/env bash
# Builds every image of deploy/*.Dockerfile, unchanged (build arguments only), with podman on the
# locally made base images (base-images.sh), and prints the image sizes.
#
#   api, worker          deploy/backend.Dockerfile, targets api and worker
#   shell                deploy/web.Dockerfile, target shell
#   marketing, dashboard, billing
#                        deploy/web.Dockerfile, each at REMOTE_VERSION (0.1.0)
#   marketing:NEXT       marketing released alone at REMOTE_NEXT_VERSION (0.1.1), built with
#                        PREVIOUS_MARKETING_IMAGE=the one above (deploy/README.md, remote-only release)
#
# Writes the timings and sizes to $IMAGES_REPORT (default artifacts/images/report.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."

NODE_VERSION="${NODE_VERSION:-26.12.1}"
IMAGE_TAG="${IMAGE_TAG:-ci}"
REMOTE_VERSION="${REMOTE_VERSION:-0.1.0}"
REMOTE_NEXT_VERSION="${REMOTE_NEXT_VERSION:-0.1.1}"
REPORT="${IMAGES_REPORT:-artifacts/images/report.txt}"
LOG_DIR="$(dirname "$REPORT")"
mkdir -p "$LOG_DIR"

podman() { command podman --runtime runc "$@"; }
now() { date +%s; }

mapfile -t bases < <(NODE_VERSION="$NODE_VERSION" bash scripts/images/base-images.sh)
node_image="${bases[1]}"
nginx_image="${bases[2]}"

# One build: name, Dockerfile, target, tag, extra build arguments.
build() {
  local name="$1" dockerfile="$2" target="$3" tag="$4"
  shift 4
  local started log="$LOG_DIR/build-$name-${tag##*:}.log"
  started=$(now)
  printf '› building %-28s' "$tag" >&2
  # npm ci opens thousands of cache files at once (EMFILE at 1024); this machine's hard limit is 20000.
  if ! podman build --pull=never --layers --ulimit nofile=8192:8192 --ulimit nproc=1024:1024 \
    -f "$dockerfile" --target "$target" \
    --build-arg "NODE_IMAGE=$node_image" "$@" \
    -t "$tag" . >"$log" 2>&1; then
    echo ' FAILED' >&2
    tail -40 "$log" >&2
    echo "✖ podman build of $tag failed (whole log: $log)" >&2
    exit 1
  fi
  echo " $(($(now) - started)) s" >&2
  echo "$tag built in $(($(now) - started)) s" >>"$REPORT.times"
}

: >"$REPORT.times"
total_started=$(now)
build api deploy/backend.Dockerfile api "localhost/fxrates-pro/api:$IMAGE_TAG"
build worker deploy/backend.Dockerfile worker "localhost/fxrates-pro/worker:$IMAGE_TAG"
# IMAGES_TYPECHECK=false (CI, whose checks type-check the same sources) skips the frontends' type check.
web=(--build-arg "NGINX_IMAGE=$nginx_image" --build-arg "TYPECHECK=${IMAGES_TYPECHECK:-true}")
build shell deploy/web.Dockerfile shell "localhost/fxrates-pro/shell:$IMAGE_TAG" "${web[@]}"
for remote in marketing dashboard billing; do
  build "$remote" deploy/web.Dockerfile "$remote" "localhost/fxrates-pro/$remote:$REMOTE_VERSION" \
    "${web[@]}" --build-arg "BUILD_VERSION=$REMOTE_VERSION"
done
# The previous image is named by its ID: the stage declares PREVIOUS_MARKETING_IMAGE, so the RUN that
# copies its releases has the ID in its cache key. podman's builder (buildah 1.28) leaves what a bind
# mount holds out of the key, so with a tag (or no declaration) it would reuse that layer from an
# earlier build, made from another 0.1.0 or from none.
previous_marketing="$(podman image inspect --format '{{.Id}}' "localhost/fxrates-pro/marketing:$REMOTE_VERSION")"
build marketing deploy/web.Dockerfile marketing "localhost/fxrates-pro/marketing:$REMOTE_NEXT_VERSION" \
  "${web[@]}" --build-arg "BUILD_VERSION=$REMOTE_NEXT_VERSION" \
  --build-arg "PREVIOUS_MARKETING_IMAGE=$previous_marketing"

{
  echo "Images built in $(($(now) - total_started)) s (base images: $node_image, $nginx_image)"
  podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' \
    | grep -E '^localhost/fxrates-pro/' | sort
} | tee "$REPORT" >&2
