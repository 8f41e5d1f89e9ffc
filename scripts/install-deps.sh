#!/usr/bin/env bash
# Installs the Debian packages quiver needs to build and test, if any are missing.
# Usage: scripts/install-deps.sh [extra package...]
# It is called by `make run` and `make test` (and with clang by `make fuzz`); it does nothing
# when everything is present.
set -euo pipefail

pkgs=(gcc make cmake pkg-config libcmocka-dev libjansson-dev libncurses-dev libcivetweb-dev
      libsqlite3-dev "$@")

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "quiver: installing missing packages: ${missing[*]}" >&2
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || {
    echo "quiver: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
