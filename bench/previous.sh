#!/usr/bin/env bash
# bench/previous.sh - this build against the previous release at hard's budget, in every game:
# the matches of docs/ai/matches.md ("Against the previous release"), with bench/match.py.
#
# Usage: bench/previous.sh PREVIOUS [GAME...]
#   PREVIOUS  the previous release's quiver (build it in a worktree of its commit)
#   GAME      the games to play (default: all four, THREE ARROWS first)
# Environment:
#   MODE=iterations  both builds search hard's iterations on one thread, no time cap (each
#                    game's own: `ismcts:iterations=30000,threads=1,time=0`, Arrow Party's 2000)
#   MODE=time        equal time: this build searches hard's iterations and the previous one
#                    the iterations it does in the same CPU time, from the CPU ratio of the two
#                    builds over the games of the MODE=iterations match of that game (which
#                    must have been played first; the ratio is printed)
#   QUIVER=build/quiver  this build;  PAIRS=600 pairs a match (±3 points);  SHARDS=2 processes
#   OUT=bench/results/previous  the matches' folders, OUT/MODE-GAME (resumed when run again)
# Matches refuse a build that changed since they started: copy the binaries somewhere stable
# first when the tree may be rebuilt meanwhile. The shards run under nice -n 19; each prints
# its pairs to OUT/MODE-GAME.K.log, and the report of each match follows.
set -euo pipefail
cd "$(dirname "$0")/.."
prev=${1:?usage: bench/previous.sh PREVIOUS [GAME...]}
shift
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(three-arrows concardia evons arrow-party)
mode=${MODE:-iterations}
q=${QUIVER:-build/quiver}
pairs=${PAIRS:-600}
shards=${SHARDS:-2}
out=${OUT:-bench/results/previous}
case $mode in iterations | time) ;; *)
	echo "bench/previous.sh: MODE=$mode: expected iterations or time" >&2
	exit 2
	;;
esac
for b in "$q" "$prev"; do
	[ -x "$b" ] || { echo "bench/previous.sh: no program $b (expected a built quiver)" >&2; exit 2; }
done
mkdir -p "$out"

# hard's spec in a game, on one thread without its time cap (bench/ladder.py's reading of it).
hard() { python3 bench/ladder.py specs --build "$q" | sed -n "s/^$1: .*hard=\([^ ]*\).*/\1/p"; }

for g in "${games[@]}"; do
	a=$(hard "$g")
	[ -n "$a" ] || { echo "bench/previous.sh: no game $g" >&2; exit 2; }
	b=$a
	if [ "$mode" = time ]; then
		ratio=$(python3 bench/match.py report "$out/iterations-$g" --json | python3 -c '
import json, sys
cpu = json.load(sys.stdin)["summary"]["cpu_per_game"]
print(cpu["A"] / cpu["B"])')
		n=$(echo "$a" | sed -n 's/.*iterations=\([0-9]*\).*/\1/p')
		b=${a/iterations=$n/iterations=$(python3 -c "print(round($n * $ratio))")}
		echo "== $g: CPU a game of this build / the previous one at equal iterations: $ratio"
	fi
	echo "== $g ($mode): $a against $b of $prev, $pairs pairs on $shards processes"
	pids=()
	for k in $(seq 1 "$shards"); do
		nice -n 19 python3 bench/match.py play "$out/$mode-$g" "$g" --a "$a" --b "$b" \
			--build-a "$q" --build-b "$prev" --pairs "$pairs" --shard "$k/$shards" \
			>>"$out/$mode-$g.$k.log" 2>&1 &
		pids+=($!)
	done
	for k in "${!pids[@]}"; do
		wait "${pids[$k]}" || echo "== $g: shard $((k + 1)) failed: $out/$mode-$g.$((k + 1)).log" >&2
	done
	python3 bench/match.py report "$out/$mode-$g"
done
