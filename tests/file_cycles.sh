#!/usr/bin/env bash
# file_cycles.sh - no file cycle among the object files under a directory: no two source files
# call into each other, directly or round a longer loop. An edge a.c -> b.c is a reference from
# a.c's code (its .text sections: calls and reads of b.c's tables) to a global symbol b.c
# defines. References from data are left out: a game's qv_game descriptor in rules.c names
# every file's entry points, which registers them without calling them.
# Usage: tests/file_cycles.sh OBJECT_DIR   (e.g. build/CMakeFiles/quivercore.dir/src/games)
# Prints the edges of every cycle found and exits 1, or exits 0 when there is none.
set -euo pipefail
dir=${1:?usage: file_cycles.sh OBJECT_DIR}
[ -d "$dir" ] || { echo "file_cycles.sh: no directory $dir (build first)" >&2; exit 2; }
for tool in nm objdump tsort; do
	command -v $tool >/dev/null || { echo "file_cycles.sh: needs $tool (binutils, coreutils)" >&2; exit 2; }
done
mapfile -t objs < <(find "$dir" -name '*.o' | sort)
[ ${#objs[@]} -gt 0 ] || { echo "file_cycles.sh: no object files under $dir" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# symbol -> the object defining it (global definitions only)
for o in "${objs[@]}"; do
	nm --defined-only -g "$o" | awk -v o="${o#"$dir"/}" 'NF == 3 {print $3, o}'
done | sort -u >"$tmp/defs"
# object -> symbols its code refers to (relocations in .text* sections, offsets dropped)
for o in "${objs[@]}"; do
	objdump -r "$o" | awk -v o="${o#"$dir"/}" '
		/^RELOCATION RECORDS FOR/ { code = ($4 ~ /^\[\.text/) ; next }
		code && NF == 3 { s = $3; sub(/[-+]0x[0-9a-f]+$/, "", s); print s, o }'
done | sort -u >"$tmp/uses"
# file edges: user -> definer, each once, none to itself
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 {print $2, $3}' | sort -u >"$tmp/edges"

# An edge lies on a loop when its end reaches its start again: reachability by closing the
# graph (a few dozen files), then every such edge with the symbols it uses.
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 {print $2, $3, $1}' >"$tmp/syms"
awk '
	FNR == NR { e[$1, $2] = 1; f[$1] = f[$2] = 1; next }
	!closed {
		for (k in f) for (i in f) if ((i, k) in e) for (j in f) if ((k, j) in e) e[i, j] = 1
		for (k in e) { split(k, ab, SUBSEP); if ((ab[2], ab[1]) in e) on[k] = 1 }
		closed = 1
	}
	($1, $2) in on { s[$1 " -> " $2] = s[$1 " -> " $2] " " $3 }
	END { for (k in s) print "  " k ":" s[k] }
' "$tmp/edges" "$tmp/syms" | sort >"$tmp/loops"
if [ -s "$tmp/loops" ]; then
	echo "file cycles under $dir (edges that lie on a loop, with the symbols they use):"
	cat "$tmp/loops"
	exit 1
fi
