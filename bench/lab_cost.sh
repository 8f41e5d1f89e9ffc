#!/usr/bin/env bash
# lab_cost.sh - a study's instructions per game, with callgrind (valgrind): the same figure on
# any run of the same binary, whatever else the machine is doing (docs/benchmarks.md, "The lab").
# Each configuration is run twice, the second time with every game count doubled; the
# difference in instructions over the difference in games played (report.json's plan.total)
# is the cost of one more game of the study: playing it, its journal line, reading it back and
# its share of the report, without the start-up and the fixed part of the report.
#
#   bench/lab_cost.sh QUIVER [BASE]    e.g. bench/lab_cost.sh build/quiver ../prev/build/quiver
#
# BASE (the previous release's quiver) is measured in the same run, configuration by
# configuration, and the ratio printed. The configurations (random agents, one thread):
#   main   THREE ARROWS, two players, the main games only (400 and 800)
#   cards  ConCardia, 20 main games and six cards' component games (60 and 120 a card and arm):
#          a few cards at a budget where each card's figures are settled, so that the cost of a
#          game is not mixed with the report's fixed work per card (its ranking's races, which
#          grow with the number of cards, not of games)
#   evons  Evons, the same with six of its cards
# CONFIGS="main cards" picks some.
set -euo pipefail
shopt -s inherit_errexit
quiver=${1:?usage: bench/lab_cost.sh QUIVER [BASE]}
base=${2:-}
command -v valgrind >/dev/null || {
	echo "lab_cost.sh: valgrind is needed (apt-get install valgrind)" >&2
	exit 2
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The study's arguments for a configuration at scale 1 or 2.
study()
{
	local k=$2
	case $1 in
	main) echo "three-arrows --agents random --players 2 --games $((400 * k)) --component-games 0" ;;
	cards) echo "concardia --agents random --games 20 --component-games $((60 * k)) --components $CARDS" ;;
	evons) echo "evons --agents random --games 20 --component-games $((60 * k)) --components $EVONS" ;;
	*)
		echo "lab_cost.sh: no configuration $1 (main, cards, evons)" >&2
		exit 2
		;;
	esac
}

CARDS=striker-r,lancer-s,scout-r,flanker-p,guard-s,star-r
EVONS=cinder-pup,flame-warden,inferno-drake,tide-sprite,reef-guard,maelstrom

# Instructions and games of one run: "IR TOTAL".
measure()
{
	local bin=$1 out=$work/run
	rm -rf "$out" "$work/cg.out"
	# shellcheck disable=SC2046
	valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$bin" lab run $(study "$2" "$3") \
		--ladder-games 0 --luck-games 0 --threads 1 --seed 1 --out "$out" >"$work/log" 2>&1 || {
		echo "lab_cost.sh: $bin lab run $(study "$2" "$3") failed:" >&2
		tail -5 "$work/log" >&2
		exit 1
	}
	local ir total
	ir=$(awk '/^summary:/ { print $2 }' "$work/cg.out")
	total=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["plan"]["total"])' \
		"$out/report.json")
	echo "$ir $total"
}

# Instructions per game of a configuration for one build.
per_game()
{
	local a b
	a=$(measure "$1" "$2" 1)
	b=$(measure "$1" "$2" 2)
	# shellcheck disable=SC2086
	set -- $a $b
	echo $((($3 - $1) / ($4 - $2)))
}

printf '%-6s %14s %14s %7s\n' config "now Ir/game" "base Ir/game" ratio
for c in ${CONFIGS:-main cards evons}; do
	now=$(per_game "$quiver" "$c")
	if [ -n "$base" ]; then
		was=$(per_game "$base" "$c")
		printf '%-6s %14s %14s %7s\n' "$c" "$now" "$was" \
			"$(awk -v a="$now" -v b="$was" 'BEGIN { printf "%.2fx", a / b }')"
	else
		printf '%-6s %14s %14s %7s\n' "$c" "$now" - -
	fi
done
