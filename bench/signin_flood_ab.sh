#!/usr/bin/env bash
# Two builds of the server under the same sign-in flood, in turn (A B A B), so that both meet
# the same machine: bench/signin_flood (signin_flood.c) of each build against its own quiver,
# PAIRS times, each printing its p99 lines (a bystander's GET and ping, with the flood against
# without). A build is a CMake build folder holding quiver and bench/signin_flood.
# Usage: bench/signin_flood_ab.sh BEFORE_BUILD AFTER_BUILD [PAIRS [SECONDS ROUNDS MODE]]
#   default: 4 pairs of `signin_flood QUIVER 6 4 all`
#   e.g. bench/signin_flood_ab.sh ../old/build build 4 6 4 hostile
# Run it on a quiet machine: the ratios are of milliseconds, and another job moves them more
# than any change does.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
before=$1 after=$2 pairs=${3:-4} secs=${4:-6} rounds=${5:-4} mode=${6:-all}
for b in "$before" "$after"; do
	[ -x "$b/quiver" ] && [ -x "$b/bench/signin_flood" ] ||
		{ echo "signin_flood_ab.sh: $b has no quiver or bench/signin_flood: build it first" >&2; exit 2; }
done
for ((i = 1; i <= pairs; i++)); do
	for b in "$before" "$after"; do
		echo "== $b, pair $i of $pairs, $(date -u +%T) UTC, load $(cut -d' ' -f1 /proc/loadavg)"
		"$b/bench/signin_flood" "$b/quiver" "$secs" "$rounds" "$mode" | grep '^p99'
	done
done
