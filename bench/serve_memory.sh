#!/bin/sh
# serve_memory.sh - the memory of `quiver serve` while tables of `hard` seats play themselves:
# starts the server on a temporary database (127.0.0.1, a free port), creates TABLES tables of
# two hard seats (three in Arrow Party), the games of $GAMES in turn (default all four), and
# prints the server's VmRSS every STEP seconds for SECONDS seconds, then the AI and chance steps
# played (the tables' versions summed) and the RSS growth per step.
#
#   [GAMES='g1 g2'] bench/serve_memory.sh QUIVER [TABLES] [SECONDS] [STEP]  (200, 240, 30)
#
# Needs curl. docs/benchmarks.md has the figures (issue 20).
set -eu
quiver=$1
tables=${2:-200}
seconds=${3:-240}
step=${4:-30}
games=${GAMES:-three-arrows concardia evons arrow-party}
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT INT TERM
"$quiver" serve --port 0 --db "$dir/q.db" --max-tables "$tables" >"$dir/out" 2>"$dir/err" &
pid=$!
url=
for _ in $(seq 100); do
	url=$(sed -n 's|^serving \(http://[^ ]*\)/$|\1|p' "$dir/out")
	[ -n "$url" ] && break
	sleep 0.1
done
[ -n "$url" ] || { echo "the server did not start:" >&2; cat "$dir/err" >&2; exit 1; }
rss() { sed -n 's/^VmRSS:[^0-9]*\([0-9]*\) kB/\1/p' "/proc/$pid/status"; }
echo "RSS before any table: $(($(rss) / 1024)) MiB"
i=0
while [ "$i" -lt "$tables" ]; do
	set -- $games
	shift $((i % $#))
	case $1 in
	arrow-party) body='{"game": "arrow-party", "seats": ["hard", "hard", "hard"]}' ;;
	*) body="{\"game\": \"$1\", \"seats\": [\"hard\", \"hard\"]}" ;;
	esac
	id=$(curl -sf -X POST "$url/api/tables" -d "$body" | sed -n 's/^{"id": *"\([^"]*\)".*/\1/p')
	[ -n "$id" ] && echo "$id" >>"$dir/ids"
	i=$((i + 1))
done
echo "created $(wc -l <"$dir/ids") tables"
first=$(rss)
t=0
while [ "$t" -lt "$seconds" ]; do
	sleep "$step"
	t=$((t + step))
	echo "t=${t}s RSS $(($(rss) / 1024)) MiB"
done
last=$(rss)
moves=0
while read -r id; do
	v=$(curl -sf "$url/api/tables/$id" | sed -n 's/.*"v": *\([0-9]*\).*/\1/p')
	moves=$((moves + ${v:-0}))
done <"$dir/ids"
echo "steps played: $moves; RSS $((first / 1024)) -> $((last / 1024)) MiB" \
	"($(((last - first) / (moves > 0 ? moves : 1))) KiB per step)"
