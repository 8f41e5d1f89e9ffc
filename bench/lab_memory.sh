#!/bin/sh
# lab_memory.sh - the peak memory of `quiver lab run` as a study grows: the same study (GAME by
# random agents, the main arm only, on one thread) at 1,000, 10,000 and 100,000 games, each
# run's peak resident set (GNU time's %M) and wall time, and the ratio of the largest study's
# peak to the smallest's. A study keeps nothing per game in memory (its games go to its
# journal as they finish and are read back a line at a time), so the ratio is near 1. Given a
# second binary (an earlier build), each study runs with both in turn, side by side.
#
#   [GAME=concardia] [COUNTS="1000 10000 100000"] bench/lab_memory.sh QUIVER [OTHER_QUIVER]
#
# Needs GNU time (/usr/bin/time) and bc. docs/benchmarks.md has the figures (issue 55).
set -eu
game=${GAME:-concardia}
counts=${COUNTS:-1000 10000 100000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM

# study QUIVER N: prints "peak-MiB wall-s" of one study of N games.
study() {
	/usr/bin/time -f '%M %e' -o "$dir/time" "$1" lab run "$game" --agents random \
		--games "$2" --component-games 0 --ladder-games 0 --luck-games 0 --threads 1 \
		--seed 1 --out "$dir/study" --force >/dev/null 2>"$dir/err" ||
		{ cat "$dir/err" >&2; exit 1; }
	read -r kib secs <"$dir/time"
	rm -rf "$dir/study"
	printf '%.1f %s' "$(echo "$kib / 1024" | bc -l)" "$secs"
}

printf '%-8s %10s %8s' games "peak MiB" "wall s"
[ $# -lt 2 ] || printf ' | %10s %8s' "other MiB" "wall s"
printf '\n'
first= last= ofirst= olast=
for n in $counts; do
	set -- "$1" "${2:-}"
	a=$(study "$1" "$n")
	printf '%-8s %10s %8s' "$n" "${a% *}" "${a#* }"
	first=${first:-${a% *}}
	last=${a% *}
	if [ -n "$2" ]; then
		b=$(study "$2" "$n")
		printf ' | %10s %8s' "${b% *}" "${b#* }"
		ofirst=${ofirst:-${b% *}}
		olast=${b% *}
	fi
	printf '\n'
done
printf 'largest / smallest peak: %.3f' "$(echo "$last / $first" | bc -l)"
[ -z "$ofirst" ] || printf ' (other: %.3f)' "$(echo "$olast / $ofirst" | bc -l)"
printf '\n'
