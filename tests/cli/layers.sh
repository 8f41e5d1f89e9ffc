#!/usr/bin/env bash
# layers.sh - fails when a layer of quiver depends on a layer above it (docs/architecture.md,
# "Layers"): core, games, ai, engine, lab, app, server, cli, each using only those before it; and,
# inside the server, when one of its sub-folders depends on one above it ("The server's
# folders"): base, store, table, state, net, players, api, ws, cluster, each using only those
# before it, and the files of src/server/ itself (listen.c, which starts them all) above them.
#
#   layers.sh ROOT OBJROOT
#
# ROOT is the project (its src/ and include/quiver/), OBJROOT a folder holding the build's
# object files (CMake's CMakeFiles/; "-" to look at the includes only). A file's layer is its
# folder under src/ (src/engine/match/play.c is engine); a public header's is the layer that
# implements it, from the table below, so a new header of include/quiver/ must be added there.
# A file of the server is also in the server's layer of its sub-folder (src/server/table/acts.c
# is server/table; src/server/listen.c is server, the top), and a sub-folder of src/server/
# missing from server_layers below is a failure too.
# Three checks, each failure printed on a line of its own:
#   - an include of a header of a layer above (a file of src/ or include/quiver/), or of the
#     server's sub-folder above;
#   - a call or any other use of a symbol that only an object of a layer above defines (nm), or
#     only an object of the server's sub-folder above;
#   - a library out of place: core includes the C library's headers and jansson's only (the
#     one fields check, core/fields.c), and nothing below the server includes a front end's
#     libraries (the HTTP server, SQLite, the terminal's).
# The exit status is 1 when something is out of place.
set -euo pipefail

if [ $# -ne 2 ]; then
	echo "usage: layers.sh ROOT OBJROOT" >&2
	exit 2
fi
root=$1
objroot=$2
layers="core games ai engine lab app server cli"
# The server's sub-folders in their order; its own files (src/server/*.c) come after them all.
server_layers="base store table state net players api ws cluster"

# rank[LAYER]: its place in the order, 1 for core; unset for a folder that is no layer.
declare -A rank
i=1
for l in $layers; do
	rank[$l]=$i
	i=$((i + 1))
done

# layer_of HEADER: sets `layer` to the layer of a header as an include names it
# ("quiver/match.h", "engine/match/step.h"), to "?" for a public header missing from the
# table, and to "" for a header of no layer (the C library's, a library's, one beside the file).
layer_of() {
	layer=
	case $1 in
	quiver/core.h) layer=core ;;
	quiver/game.h | quiver/variant.h) layer=games ;;
	quiver/agent.h) layer=ai ;;
	quiver/match.h | quiver/protocol.h | quiver/arena.h | quiver/stats.h | quiver/spiel.h | \
		quiver/lesson.h | quiver/review.h | quiver/puzzle.h)
		layer=engine
		;;
	quiver/app.h) layer=app ;;
	quiver/*) layer="?" ;;
	*/*) [ -n "${rank[${1%%/*}]:-}" ] && layer=${1%%/*} ;;
	esac
	return 0
}

# The C11 library's headers: all that core includes besides jansson's.
c_headers=" assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h \
locale.h math.h setjmp.h signal.h stdalign.h stdarg.h stdatomic.h stdbool.h stddef.h stdint.h \
stdio.h stdlib.h stdnoreturn.h string.h tgmath.h threads.h time.h uchar.h wchar.h wctype.h "
# The front ends' libraries, which the library quivercore (core, games, ai, engine) never uses.
front_libs=" microhttpd.h libwebsockets.h sqlite3.h libpq-fe.h curses.h ncurses.h term.h "

found=0
out() {
	echo "$*"
	found=$((found + 1))
}

if [ ! -d "$root/src" ]; then
	echo "layers.sh: no folder $root/src" >&2
	exit 2
fi
for dir in "$root"/src/*/; do
	dir=${dir%/}
	[ -n "${rank[${dir##*/}]:-}" ] || {
		out "layer: src/${dir##*/} is in no layer (add it to layers.sh and docs/architecture.md)"
	}
done
for dir in "$root"/src/server/*/; do
	[ -d "$dir" ] || continue
	dir=${dir%/}
	case " $server_layers " in
	*" ${dir##*/} "*) ;;
	*) out "layer: src/server/${dir##*/} is in no layer of the server (add it to layers.sh and docs/architecture.md)" ;;
	esac
done

# Includes, read by one awk over every file (a loop of the shell per line made this check take
# minutes on a loaded machine). layer_of there is the function above, kept in step with it.
while IFS= read -r line; do
	out "$line"
done < <(find "$root/src" "$root/include/quiver" -name '*.[ch]' 2>/dev/null | sort |
	xargs awk -v skip=$((${#root} + 2)) -v order="$layers" -v c_headers="$c_headers" \
		-v front_libs="$front_libs" -v public="$(ls "$root/include/quiver" 2>/dev/null)" \
		-v server_order="$server_layers" '
	BEGIN {
		n = split(order, o, " ")
		for (i = 1; i <= n; i++) rank[o[i]] = i
		n = split(public, p, "\n")
		for (i = 1; i <= n; i++) pub[p[i]] = 1
		n = split(server_order, o, " ")
		for (i = 1; i <= n; i++) srank["server/" o[i]] = i
		srank["server"] = n + 1
	}
	# The server'"'"'s layer of a path under src/ ("server/table/acts.c": server/table;
	# "server/listen.h": server), or "" for a path outside the server.
	function server_layer(path,    parts, k) {
		k = split(path, parts, "/")
		if (parts[1] != "server") return ""
		return k > 2 ? "server/" parts[2] : "server"
	}
	function layer_of(h,    top) {
		if (h == "quiver/core.h") return "core"
		if (h == "quiver/game.h" || h == "quiver/variant.h") return "games"
		if (h == "quiver/agent.h") return "ai"
		if (h ~ /^quiver\/(match|protocol|arena|stats|spiel|lesson|review|puzzle)\.h$/) return "engine"
		if (h == "quiver/app.h") return "app"
		if (h ~ /^quiver\//) return "?"
		if (h ~ /\//) { top = h; sub(/\/.*/, "", top); return (top in rank) ? top : "" }
		return ""
	}
	FNR == 1 {
		rel = substr(FILENAME, skip)
		public_file = (rel ~ /^include\/quiver\//)
		if (public_file) {
			base = rel; sub(/.*\//, "", base)
			me = layer_of("quiver/" base)
			if (me == "?") { print "layer: " rel " is in no layer (add it to layers.sh)"; nextfile }
		} else {
			me = rel; sub(/^src\//, "", me); sub(/\/.*/, "", me)
		}
		if (!(me in rank)) nextfile
		mine = public_file ? "" : server_layer(substr(rel, 5))
	}
	/^[ \t]*#[ \t]*include[ \t]*[<"][^>"]*[>"]/ {
		inc = $0
		sub(/^[ \t]*#[ \t]*include[ \t]*/, "", inc)
		match(inc, /^[<"][^>"]*[>"]/)
		inc = substr(inc, 1, RLENGTH)
		header = substr(inc, 2, length(inc) - 2)
		# A public header names its neighbours without the folder.
		if (public_file && header !~ /\// && (header in pub)) header = "quiver/" header
		if (substr(inc, 1, 1) == "<") {
			if (me == "core" && index(c_headers, " " header " ") == 0 && header != "jansson.h")
				print "library: " rel " (" me ") includes <" header ">: core uses the C library and jansson only"
			if (rank[me] < rank["server"] && index(front_libs, " " header " ") > 0)
				print "library: " rel " (" me ") includes <" header ">, a front end'"'"'s library"
		}
		to = layer_of(header)
		if (to == "") next
		if (to == "?")
			print "layer: " rel " includes " header ", a public header in no layer (add it to layers.sh)"
		else if (rank[to] > rank[me])
			print "layer: " rel " (" me ") includes " header " (" to ")"
		else if (mine != "" && to == "server") {
			theirs = server_layer(header)
			if ((theirs in srank) && (mine in srank) && srank[theirs] > srank[mine])
				print "layer: " rel " (" mine ") includes " header " (" theirs ")"
		}
	}')

# Symbols: what each object uses that an object of another layer defines.
if [ "$objroot" != - ]; then
	objects=$(find "$objroot" -name '*.c.o' -path '*/src/*' | sort)
	if [ -z "$objects" ]; then
		echo "layers.sh: no object files of src/ under $objroot (build first)" >&2
		exit 2
	fi
	# shellcheck disable=SC2086 # one word per object file
	# Each line: D or U, the layer (the server's sub-folder for its files: server/table), the
	# symbol, the source file.
	syms=$(nm -P -A $objects | awk '
		{ f = $1; sub(/:$/, "", f); sub(/.*\/src\//, "", f); l = f; sub(/\/.*/, "", l)
		  if (l == "server") { n = split(f, parts, "/"); if (n > 2) l = "server/" parts[2] }
		  f = "src/" f; sub(/\.o$/, "", f) }
		$3 ~ /^[TDRBCV]$/ { print "D", l, $2, f }
		$3 == "U" { print "U", l, $2, f }')
	while IFS= read -r line; do
		out "$line"
	done < <(awk -v order="$layers" -v server_order="$server_layers" '
		BEGIN {
			n = split(order, o, " "); for (i = 1; i <= n; i++) r[o[i]] = i
			n = split(server_order, o, " ")
			for (i = 1; i <= n; i++) s["server/" o[i]] = i
			s["server"] = n + 1
		}
		# The layer of quiver (server for each of the server'"'"'s sub-folders).
		function top(l) { sub(/\/.*/, "", l); return l }
		$1 == "D" { def[$3] = $2; where[$3] = $4 }
		$1 == "U" { use[++k] = $0 }
		END {
			for (i = 1; i <= k; i++) {
				split(use[i], u, " ")
				if (!(u[3] in def))
					continue
				d = def[u[3]]
				if (r[top(d)] > r[top(u[2])] ||
				    (top(d) == "server" && top(u[2]) == "server" && s[d] > s[u[2]]))
					print "layer: " u[4] " (" u[2] ") uses " u[3] " of " where[u[3]] \
					      " (" d ")"
			}
		}' <<<"$syms" | sort -u)
fi

if [ "$found" -ne 0 ]; then
	echo "$found dependency(ies) out of place: each layer uses only the layers before it ($layers;" \
		"in the server: $server_layers, then src/server/ itself)"
	exit 1
fi
echo "every layer uses only the layers before it ($layers; in the server: $server_layers," \
	"then src/server/ itself)"
