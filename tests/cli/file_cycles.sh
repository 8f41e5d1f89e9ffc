#!/usr/bin/env bash
# file_cycles.sh - fails when the files of a source folder depend on each other in a cycle: a
# file that includes or calls into another that (through any others) includes or calls back.
#
#   file_cycles.sh SRC OBJROOT DIR...
#
# SRC is the source tree (src/), OBJROOT a folder holding the build's object files (CMake's
# CMakeFiles/; "-" to look at the includes only), each DIR a folder under SRC to check
# (server, games). A file and its header
# are one node (server/api/http.c and server/api/http.h: "server/api/http"). There is an edge A -> B when
# A.c or A.h includes "DIR/.../B.h", or when A.c.o's code (its .text sections, read with
# objdump -r) uses a symbol that B.c.o defines (nm): a call, or a read of B's tables, through
# whatever header declares it. References from data are left out: a game's qv_game descriptor
# in rules.c names every file's entry points, which registers them without calling them, and
# the server's route table names the handlers of lessons.c. Every cycle
# found is printed as a path of nodes; the exit status is 1 when there is one.
set -euo pipefail

if [ $# -lt 3 ]; then
	echo "usage: file_cycles.sh SRC OBJROOT DIR..." >&2
	exit 2
fi
src=$1
objroot=$2
shift 2

edges=$(mktemp)
trap 'rm -f "$edges" "$edges".*' EXIT
: >"$edges.sym"

# Each tool runs once over all the files (a process per file made this check take minutes
# on a loaded machine).
for dir in "$@"; do
	if [ ! -d "$src/$dir" ]; then
		echo "file_cycles.sh: no folder $src/$dir" >&2
		exit 2
	fi
	# Includes: "dir/x/y.h" in dir/x/z.c or dir/x/z.h.
	find "$src/$dir" -name '*.[ch]' | sort | xargs awk -v skip=$((${#src} + 2)) -v dir="$dir" '
		FNR == 1 { node = substr(FILENAME, skip); sub(/\.[ch]$/, "", node) }
		/^[ \t]*#[ \t]*include[ \t]*"/ {
			dep = $0
			sub(/^[^"]*"/, "", dep)
			sub(/".*/, "", dep)
			if (substr(dep, 1, length(dir) + 1) == dir "/" && dep ~ /\.h$/) {
				sub(/\.h$/, "", dep)
				if (dep != node) print node, dep
			}
		}' >>"$edges"

	# Calls and data: the symbols each object uses and defines.
	[ "$objroot" = - ] && continue
	objects=$(find "$objroot" -name '*.c.o' -path "*/src/$dir/*" | sort)
	if [ -z "$objects" ]; then
		echo "file_cycles.sh: no object files of src/$dir under $objroot (build first)" >&2
		exit 2
	fi
	# shellcheck disable=SC2086 # one word per object file
	nm -P -A $objects | awk '
		$3 ~ /^[TDRBC]$/ { n = $1; sub(/:$/, "", n); sub(/.*\/src\//, "", n); sub(/\.c\.o$/, "", n)
			print "D", n, $2 }' >>"$edges.sym"
	# shellcheck disable=SC2086
	objdump -r $objects | awk '
		/file format/ { n = $1; sub(/:$/, "", n); sub(/.*\/src\//, "", n); sub(/\.c\.o$/, "", n); code = 0; next }
		/^RELOCATION RECORDS FOR/ { code = ($4 ~ /^\[\.text/); next }
		code && NF == 3 { s = $3; sub(/[-+]0x[0-9a-f]+$/, "", s); print "U", n, s }' >>"$edges.sym"
done

# A use of a symbol defined in another checked file is an edge.
awk '$1 == "D" { def[$3] = $2 } $1 == "U" { use[++n] = $2 " " $3 }
	END { for (i = 1; i <= n; i++) { split(use[i], u, " ");
		if ((u[2] in def) && def[u[2]] != u[1]) print u[1], def[u[2]] } }' \
	"$edges.sym" >>"$edges"

# Depth-first search; a grey node met again closes a cycle.
sort -u "$edges" | awk '
	{ out[$1] = out[$1] " " $2; nodes[$1] = 1; nodes[$2] = 1 }
	function visit(v,    k, n, list, w, i, path) {
		colour[v] = 1
		stack[++depth] = v
		n = split(out[v], list, " ")
		for (k = 1; k <= n; k++) {
			w = list[k]
			if (colour[w] == 1) {
				path = w
				for (i = depth; i >= 1 && stack[i] != w; i--)
					path = stack[i] " -> " path
				print "file cycle: " w " -> " path
				found++
			} else if (!colour[w]) {
				visit(w)
			}
		}
		depth--
		colour[v] = 2
	}
	END {
		for (v in nodes)
			if (!colour[v])
				visit(v)
		if (found) {
			print found " cycle(s) between files: each file may include or call only files that never come back to it"
			exit 1
		}
		count = 0
		for (v in nodes) count++
		print "no file cycle among " count " files"
	}'
