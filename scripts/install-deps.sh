#!/usr/bin/env bash
# Installs the Debian packages quiver needs to build and test, if any are missing.
# Usage: scripts/install-deps.sh [--play] [extra package...]
# It is called by `make test` and `make web` (and with clang by `make fuzz`); it does nothing
# when everything is present. For the browser tests it also installs Debian's chromium, Node.js and npm when
# missing, and the npm packages pinned in package-lock.json (`npm ci`, only when node_modules/
# is missing or older than the lock file). Nothing here downloads a browser.
# --play (`make run`, `make serve`, and `make python` with the Python packages as extras): only
# what building and running quiver needs, quietly: no browser, no Node.js, no npm, no Slurm.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
play=false
if [ "${1:-}" = --play ]; then
  play=true
  shift
fi
# What building quiver needs (libpq for the PostgreSQL store; cmocka too: CMake configures the tests with the rest).
pkgs=(gcc make cmake pkg-config libcmocka-dev libjansson-dev libncurses-dev libmicrohttpd-dev
      libsqlite3-dev libsodium-dev libpq-dev "$@")
if ! $play; then
  # Debian's chromium, and its headless shell (the same browser built without the browser's
  # own windows; tests/browser/support.mjs prefers it): a page in a new browser context costs
  # over twice the processor time in the full one, which loads its address bar's page (some
  # 350 files) for every context (docs/history/testing.md, "The browser tests in the headless shell").
  pkgs+=(chromium chromium-headless-shell fonts-dejavu-core tmux clang-format)
  # The Python package (python/quiver, docs/python.md) and its tests: cffi builds the extension
  # against Python's headers, numpy holds the tensors. `make python` asks for them with --play.
  pkgs+=(python3-cffi python3-dev python3-numpy)
  # PyTorch for examples/ only (the package never imports it): examples/python/learn.py, the
  # learned agent, whose short version python/tests/test_learn.py trains in the tests.
  pkgs+=(python3-torch)
  # The one-node Slurm cluster of tests/lab/slurm_test.sh (`quiver lab` over a job array): the
  # test starts its own munged, slurmctld and slurmd; the packages' services are not used.
  pkgs+=(slurm-wlm munge)
  # The PostgreSQL store's tests (ctest label cluster): throwaway clusters of Debian's server
  # (tests/cluster/pg_run.sh), and `make cluster`'s (pg_virtualenv, postgresql-common).
  pkgs+=(postgresql)
  # HAProxy in front of quiver with docs/deploy/haproxy.cfg (tests/server/test_haproxy.c).
  pkgs+=(haproxy)
  # The app (`make web`, docs/architecture.md "The app"): Debian's emscripten compiles the
  # engine to WebAssembly (with clang, lld, binaryen, node and node-acorn), and dpkg-dev's
  # dpkg-source unpacks jansson's source package for scripts/wasm-jansson.sh.
  pkgs+=(emscripten dpkg-dev)
  # The documentation site (`make docs`, mkdocs.yml) and its test docs/site.
  pkgs+=(mkdocs)
  # Node.js may come from Debian or elsewhere: only a missing node or npm asks for Debian's.
  command -v node >/dev/null 2>&1 || pkgs+=(nodejs)
  command -v npm >/dev/null 2>&1 || pkgs+=(npm)
fi

# The npm packages of the browser client's checks and tests (prettier, eslint with @eslint/js and
# globals, typescript, playwright-core, @axe-core/playwright) and of the HTTP API description's
# (@redocly/openapi-core, ajv).
npm_ci() {
  $play && return 0
  local lock="$root/package-lock.json" mods="$root/node_modules/.package-lock.json"
  if [ ! -f "$mods" ] || [ "$lock" -nt "$mods" ]; then
    echo "quiver: installing the npm packages of the browser tests (npm ci)" >&2
    (cd "$root" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  npm_ci
  exit 0
fi

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
npm_ci
