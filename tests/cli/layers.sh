#!/usr/bin/env bash
# layers.sh - fails when a layer of quiver depends on a layer above it (docs/architecture.md,
# "Layers"): core, games, ai, engine, lab, server, cli, each using only those before it.
#
#   layers.sh ROOT OBJROOT
#
# ROOT is the project (its src/ and include/quiver/), OBJROOT a folder holding the build's
# object files (CMake's CMakeFiles/; "-" to look at the includes only). A file's layer is its
# folder under src/ (src/engine/match/play.c is engine); a public header's is the layer that
# implements it, from the table below, so a new header of include/quiver/ must be added there.
# Three checks, each failure printed on a line of its own:
#   - an include of a header of a layer above (a file of src/ or include/quiver/);
#   - a call or any other use of a symbol that only an object of a layer above defines (nm);
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
layers="core games ai engine lab server cli"

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
		quiver/lesson.h | quiver/review.h)
		layer=engine
		;;
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

# Includes.
while IFS= read -r file; do
	rel=${file#"$root"/}
	case $rel in
	include/quiver/*)
		layer_of "quiver/${rel##*/}"
		me=$layer
		[ "$me" = "?" ] && out "layer: $rel is in no layer (add it to layers.sh)" && continue
		;;
	*)
		me=${rel#src/}
		me=${me%%/*}
		;;
	esac
	[ -n "${rank[$me]:-}" ] || continue
	while IFS= read -r inc; do
		header=${inc:1:${#inc}-2}
		# A public header names its neighbours without the folder.
		if [[ $rel == include/quiver/* && $header != */* && -f $root/include/quiver/$header ]]; then
			header=quiver/$header
		fi
		if [ "${inc:0:1}" = "<" ]; then
			if [ "$me" = core ] && [[ $c_headers != *" $header "* ]] && [ "$header" != jansson.h ]; then
				out "library: $rel ($me) includes <$header>: core uses the C library and jansson only"
			fi
			if [ "${rank[$me]}" -lt "${rank[server]}" ] && [[ $front_libs == *" $header "* ]]; then
				out "library: $rel ($me) includes <$header>, a front end's library"
			fi
		fi
		layer_of "$header"
		to=$layer
		[ -n "$to" ] || continue
		if [ "$to" = "?" ]; then
			out "layer: $rel includes $header, a public header in no layer (add it to layers.sh)"
		elif [ "${rank[$to]}" -gt "${rank[$me]}" ]; then
			out "layer: $rel ($me) includes $header ($to)"
		fi
	done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^>"]*[>"]\).*/\1/p' "$file")
done < <(find "$root/src" "$root/include/quiver" -name '*.[ch]' 2>/dev/null | sort)

# Symbols: what each object uses that an object of another layer defines.
if [ "$objroot" != - ]; then
	objects=$(find "$objroot" -name '*.c.o' -path '*/src/*' | sort)
	if [ -z "$objects" ]; then
		echo "layers.sh: no object files of src/ under $objroot (build first)" >&2
		exit 2
	fi
	syms=$(for obj in $objects; do
		file=${obj##*/src/}
		layer=${file%%/*}
		nm "$obj" | awk -v l="$layer" -v f="src/${file%.o}" '
			NF == 3 && $2 ~ /^[TDRBCV]$/ { print "D", l, $3, f }
			$1 == "U" { print "U", l, $2, f }'
	done)
	while IFS= read -r line; do
		out "$line"
	done < <(awk -v order="$layers" '
		BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) r[o[i]] = i }
		$1 == "D" { def[$3] = $2; where[$3] = $4 }
		$1 == "U" { use[++k] = $0 }
		END {
			for (i = 1; i <= k; i++) {
				split(use[i], u, " ")
				if ((u[3] in def) && r[def[u[3]]] > r[u[2]])
					print "layer: " u[4] " (" u[2] ") uses " u[3] " of " where[u[3]] \
					      " (" def[u[3]] ")"
			}
		}' <<<"$syms" | sort -u)
fi

if [ "$found" -ne 0 ]; then
	echo "$found dependency(ies) out of place: each layer uses only the layers before it ($layers)"
	exit 1
fi
echo "every layer uses only the layers before it ($layers)"
