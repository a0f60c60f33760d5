#!/usr/bin/env bash
# Prints the bin folder of an official Node.js binary of the given major line (default 24), installing it first from the
# npm registry (the node-linux-<arch> package ships the official build) when it is not cached yet. CI puts that folder first
# on PATH to run the vitest projects on Node 24 as well as on the machine's Node:
#   PATH="$(bash scripts/node-lts.sh 24):$PATH" node -v
# The cache, ${MENYU_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/menyu-node}/<major>, is outside the repository and reused by
# every later run: the patch release is the newest one of that major when the cache was made. Delete the folder to update it.
# Exits non-zero, saying why on stderr, when the binary cannot be installed (no registry, unknown architecture…).
set -euo pipefail

major=${1:-24}
[[ "$major" =~ ^[0-9]+$ ]] || { echo "node-lts: the major version must be a number, not '$major'" >&2; exit 2; }

case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node-lts: no node-linux package for the architecture $(uname -m)" >&2; exit 1 ;;
esac
[ "$(uname -s)" = Linux ] || { echo "node-lts: only Linux is supported (node-linux-$arch)" >&2; exit 1; }

cache_root=${MENYU_NODE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/menyu-node}
dir="$cache_root/$major"
bin="$dir/node_modules/node-linux-$arch/bin"

# A cached binary counts only if it runs and is of the asked major line (a half-copied or foreign folder is replaced).
works() { [ -x "$1/node" ] && [[ "$("$1/node" -v 2>/dev/null)" == "v$major".* ]]; }

if ! works "$bin"; then
  mkdir -p "$cache_root"
  # Installed into a fresh folder, then moved into place: an interrupted install or two CI runs at once never leave a
  # broken cache behind.
  tmp=$(mktemp -d "$cache_root/.install-$major.XXXXXX")
  chmod 755 "$tmp" # mktemp makes it private; the cache may serve other users
  trap 'rm -rf "$tmp"' EXIT
  echo "node-lts: installing node-linux-$arch@$major from the npm registry into $dir" >&2
  if ! (cd "$tmp" && npm install --prefix "$tmp" --no-save --no-package-lock --no-audit --no-fund --ignore-scripts \
    --loglevel=error --fetch-retries=1 "node-linux-$arch@$major" >&2); then
    echo "node-lts: could not install node-linux-$arch@$major from the npm registry" >&2
    exit 1
  fi
  works "$tmp/node_modules/node-linux-$arch/bin" || {
    echo "node-lts: node-linux-$arch@$major was installed but its binary does not run as Node $major" >&2
    exit 1
  }
  if ! works "$bin"; then # another run may have moved its copy in meanwhile: that one is as good
    rm -rf "$dir"
    mv -T "$tmp" "$dir" || works "$bin"
  fi
fi

echo "$bin"
