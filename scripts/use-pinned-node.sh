# Sourced by `npm start`, `npm test` and CI: makes this shell run the project's pinned Node (.nvmrc),
# so that what is tested is what ships. A machine whose own Node is another version gets the npm
# registry's official build of the pinned one (node-<platform>-<arch>), unpacked once under
# .local/node/<version> and put first on PATH; npm itself then runs on it too. Its headers come with
# it, so a native addon built from source is built for the Node that loads it.
# The caller runs from the repository root.
if [ ! -f .nvmrc ]; then
  echo "✗ scripts/use-pinned-node.sh is sourced from the repository root (no .nvmrc in $PWD)." >&2
  return 1 2> /dev/null || exit 1
fi
fxrates_pinned_node="$(tr -d ' v\r\n' < .nvmrc)"
if [ "$(node -p process.versions.node 2>/dev/null || true)" != "$fxrates_pinned_node" ]; then
  fxrates_node_dir="$PWD/.local/node/$fxrates_pinned_node"
  if [ ! -x "$fxrates_node_dir/bin/node" ]; then
    fxrates_node_package="node-$(node -p 'process.platform + "-" + process.arch')@$fxrates_pinned_node"
    echo "› This machine runs Node $(node --version 2>/dev/null || echo '(none)'); the project runs on $fxrates_pinned_node: fetching $fxrates_node_package from the npm registry…"
    fxrates_node_tmp="$(mktemp -d)"
    (cd "$fxrates_node_tmp" && npm pack --silent "$fxrates_node_package" > /dev/null)
    mkdir -p "$fxrates_node_tmp/unpacked"
    tar -xzf "$fxrates_node_tmp"/*.tgz -C "$fxrates_node_tmp/unpacked" --strip-components=1
    mkdir -p "$(dirname "$fxrates_node_dir")"
    rm -rf "$fxrates_node_dir"
    mv "$fxrates_node_tmp/unpacked" "$fxrates_node_dir"
    rm -rf "$fxrates_node_tmp"
  fi
  export PATH="$fxrates_node_dir/bin:$PATH"
  export npm_config_nodedir="$fxrates_node_dir"
fi
if [ "$(node -p process.versions.node)" != "$fxrates_pinned_node" ]; then
  echo "✗ Could not run Node $fxrates_pinned_node (found $(node --version)): see .nvmrc." >&2
  exit 1
fi
unset fxrates_pinned_node fxrates_node_dir fxrates_node_package fxrates_node_tmp
