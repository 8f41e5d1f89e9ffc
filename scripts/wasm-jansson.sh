#!/usr/bin/env bash
# Builds jansson for WebAssembly from Debian's own source package, for the app (`make web`,
# docs/architecture.md, "The app"): jansson is quiver's one library besides the C library, and
# Debian ships it for the machine only, so its source package is fetched with `apt-get source`
# and built with emscripten's CMake wrapper as a static library. Nothing is copied into the
# tree: the source and the library stay in the folder given.
#
#   scripts/wasm-jansson.sh OUT
#   scripts/wasm-jansson.sh --verify OUT
#
# OUT/prefix/{include,lib} receive jansson.h and libjansson.a; a second run with them there
# does nothing. jansson's configure checks are not run: their answers for emscripten are given
# to CMake from scripts/wasm-jansson.cmake (each check is an emcc compile and link, some 160 s
# of processor time in all). --verify configures jansson twice in OUT, once running every check
# and once with the answers given, and fails unless the headers both write are the same: run it
# after a change of emscripten or of jansson. apt-get source needs a deb-src entry: when `apt-cache showsrc jansson` finds
# none, the entries of the mirror the machine already uses (its deb822 .sources files and its
# one-line `deb` entries) are written again as deb-src entries, in
# /etc/apt/sources.list.d/quiver-deb-src.sources (or .list), and apt-get update reads them
# (as root, or with sudo).
set -euo pipefail

verify=0
if [ "${1:-}" = --verify ]; then
  verify=1
  shift
fi
if [ $# -ne 1 ]; then
  echo "usage: scripts/wasm-jansson.sh [--verify] OUT" >&2
  exit 2
fi
answers="$(cd "$(dirname "$0")" && pwd)/wasm-jansson.cmake"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
if [ $verify = 0 ] && [ -f "$out/prefix/lib/libjansson.a" ] &&
  [ -f "$out/prefix/include/jansson.h" ]; then
  exit 0
fi
command -v emcmake >/dev/null || {
  echo "wasm-jansson.sh: emcmake not found (scripts/install-deps.sh installs emscripten)" >&2
  exit 1
}

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo=(sudo)
fi

# deb-src entries for the mirror the machine uses, when there are none yet.
add_deb_src() {
  local d=/etc/apt/sources.list.d tmp
  tmp=$(mktemp)
  # deb822 files: every stanza whose Types has deb, again with Types: deb-src.
  for f in "$d"/*.sources; do
    [ -f "$f" ] || continue
    case $f in */quiver-deb-src.sources) continue ;; esac
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         /(^|\n)Types:[^\n]*(^| )deb( |\n|$)/ {
           gsub(/(^|\n)Types:[^\n]*/, "\nTypes: deb-src"); sub(/^\n/, ""); print }' "$f" >>"$tmp"
  done
  if [ -s "$tmp" ]; then
    "${sudo[@]}" install -m 644 "$tmp" "$d/quiver-deb-src.sources"
  fi
  # one-line entries: each `deb URI SUITE COMPONENTS` again as deb-src.
  : >"$tmp"
  for f in /etc/apt/sources.list "$d"/*.list; do
    [ -f "$f" ] || continue
    case $f in */quiver-deb-src.list) continue ;; esac
    sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$f" >>"$tmp"
  done
  if [ -s "$tmp" ]; then
    "${sudo[@]}" install -m 644 "$tmp" "$d/quiver-deb-src.list"
  fi
  rm -f "$tmp"
  echo "wasm-jansson.sh: added deb-src entries for the machine's mirror; apt-get update" >&2
  "${sudo[@]}" apt-get update -qq
}

if ! apt-cache showsrc jansson 2>/dev/null | grep -q '^Package: jansson'; then
  add_deb_src
fi

mkdir -p "$out/src"
src=$(find "$out/src" -maxdepth 1 -type d -name 'jansson-*' | head -n 1)
if [ -z "$src" ]; then
  echo "wasm-jansson.sh: apt-get source jansson" >&2
  (cd "$out/src" && apt-get source -qq jansson >/dev/null)
  src=$(find "$out/src" -maxdepth 1 -type d -name 'jansson-*' | head -n 1)
fi
[ -n "$src" ] || {
  echo "wasm-jansson.sh: apt-get source jansson gave no jansson-* folder in $out/src" >&2
  exit 1
}

# Debian's emscripten needs acorn for its JavaScript optimiser, found in Debian's node modules.
export NODE_PATH=/usr/share/nodejs
# jansson configured in folder $1 for WebAssembly, with the CMake arguments after it.
configure() {
  local dir=$1
  shift
  rm -rf "$dir"
  emcmake cmake "$@" -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS="-O2 -mbulk-memory" -DCMAKE_INSTALL_PREFIX="$out/prefix" \
    -DJANSSON_BUILD_DOCS=OFF -DJANSSON_EXAMPLES=OFF -DJANSSON_WITHOUT_TESTS=ON \
    -DJANSSON_BUILD_SHARED_LIBS=OFF >"$dir.log" 2>&1 || {
    cat "$dir.log" >&2
    exit 1
  }
}

if [ $verify = 1 ]; then
  echo "wasm-jansson.sh: configuring $(basename "$src") with every check run (minutes)" >&2
  configure "$out/checked"
  configure "$out/answered" -C "$answers"
  for h in include/jansson_config.h private_include/jansson_private_config.h; do
    cmp -s "$out/checked/$h" "$out/answered/$h" || {
      echo "wasm-jansson.sh: $h differs when the checks are run; write their answers" \
        "(the check variables of $out/checked/CMakeCache.txt) into $answers:" >&2
      diff "$out/checked/$h" "$out/answered/$h" >&2
      exit 1
    }
  done
  echo "wasm-jansson.sh: $answers gives what the checks find" >&2
  exit 0
fi

configure "$out/build" -C "$answers"
cmake --build "$out/build" -j "${JOBS:-2}" >>"$out/build.log" 2>&1 &&
  cmake --install "$out/build" >>"$out/build.log" 2>&1 || {
  cat "$out/build.log" >&2
  exit 1
}
echo "wasm-jansson.sh: $out/prefix/lib/libjansson.a from $(basename "$src")" >&2
