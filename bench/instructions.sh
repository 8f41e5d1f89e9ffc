#!/usr/bin/env bash
# Instruction counts of the hot paths, per game and mode, with callgrind (valgrind): the same
# figures on any run of the same binary, whatever else the machine is doing.
#   - per action of uniform random playouts (chance outcomes included): the playout loop of
#     `quiver bench` run for N and 2N games; the difference in instructions divided by the
#     difference in actions played (a build whose bench has no --games, older than the option,
#     plays for PLAY_SECONDS and twice that instead: the same division);
#   - per MCTS iteration, one thread, at the opening and at the mid-game position of
#     `quiver bench` (the first position after 20 random decisions, seed 1): `quiver engine`
#     loads the position (`bench --print-positions`) and plays one `genmove` of
#     mcts:iterations=K and one of 2K; the difference divided by K.
# A configuration is a game, or a game and its parameters: three-arrows:mode=tactical,players=3.
# Usage: bench/instructions.sh [CONFIG...]
#   default: every game with its default parameters, and THREE ARROWS in tactical mode too.
#   QUIVER=path/to/quiver     the build measured (default build/quiver)
#   POSITIONS=path/to/quiver  the build whose bench gives the positions (default QUIVER; an
#                             older build without --print-positions is measured on the
#                             positions of a newer one)
#   GAMES_N=200, ITERATIONS_K=1000, PLAY_SECONDS=2 change the work.
#   VARIANT=path/to/variant.json  measures with a variant's components (docs/variants.md): the
#                             configurations must be of its game.
set -euo pipefail
cd "$(dirname "$0")/.."
Q=${QUIVER:-build/quiver}
P=${POSITIONS:-$Q}
N=${GAMES_N:-200}
K=${ITERATIONS_K:-1000}
SECS=${PLAY_SECONDS:-2}
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
for b in "$Q" "$P"; do
	[ -x "$b" ] || { echo "instructions.sh: no $b: build first (make build)" >&2; exit 2; }
done
"$P" bench --help | grep -q -- --print-positions ||
	{ echo "instructions.sh: $P has no bench --print-positions: set POSITIONS to a newer build" >&2; exit 2; }
configs=("$@")
if [ ${#configs[@]} -eq 0 ]; then
	mapfile -t games < <(printf 'list_games\nquit\n' | "$Q" engine | sed -n 's/^=\? *//p' | grep -v '^$')
	for g in "${games[@]}"; do
		configs+=("$g")
		[ "$g" = three-arrows ] && configs+=("three-arrows:mode=tactical")
	done
fi
"$Q" bench --help | grep -q -- '--games N' && by_games=1 || by_games=0

# Instructions of one run of quiver with the given arguments (callgrind's "Collected"), its
# standard input from stdin.
instr() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$Q" "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# One playout run of bench with the given work: its instructions and the actions it played.
playout_run() {
	local out err
	out=$(mktemp)
	err=$(mktemp)
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$Q" bench "$@" --runs 1 \
		--mcts-seconds 0 --json >"$out" 2>"$err" </dev/null
	echo "$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$err")" \
		"$(tr -d ' \n' <"$out" | grep -o '"actions":[0-9]*' | cut -d: -f2 | paste -sd+ | bc)"
	rm -f "$out" "$err"
}
# Instructions of an engine session that loads position $1 and searches $2 iterations.
search() {
	printf 'load %s\ngenmove mcts:iterations=%d,threads=1,time=300\nquit\n' "$1" "$2" |
		instr engine --seed 1
}
# Instructions per iteration at position $1 (its state JSON).
per_iteration() {
	local m1 m2
	m1=$(search "$1" "$K")
	m2=$(search "$1" $((2 * K)))
	echo "scale=0; ($m2 - $m1) / $K" | bc
}

w=19 # the first column: as wide as the longest configuration
for c in "${configs[@]}"; do [ ${#c} -le $w ] || w=${#c}; done
printf '%-*s %12s %28s\n' $w "" "instructions" "instructions/MCTS iteration"
printf '%-*s %12s %14s %13s\n' $w "game and parameters" "/action" "opening" "mid-game"
for c in "${configs[@]}"; do
	g=${c%%:*}
	params=()
	if [ "$g" != "$c" ]; then
		IFS=, read -ra kvs <<<"${c#*:}"
		for kv in "${kvs[@]}"; do params+=(--param "$kv"); done
	fi
	[ -n "${VARIANT:-}" ] && params+=(--variant "$VARIANT")
	if [ $by_games = 1 ]; then
		read -r i1 a1 < <(playout_run "$g" "${params[@]}" --games "$N")
		read -r i2 a2 < <(playout_run "$g" "${params[@]}" --games $((2 * N)))
	else
		read -r i1 a1 < <(playout_run "$g" "${params[@]}" --seconds "$SECS")
		read -r i2 a2 < <(playout_run "$g" "${params[@]}" --seconds "$(echo "2 * $SECS" | bc)")
	fi
	per_action=$(echo "scale=0; ($i2 - $i1) / ($a2 - $a1)" | bc)
	positions=$("$P" bench "$g" "${params[@]}" --print-positions)
	opening=$(per_iteration "$(sed -n 's/^opening //p' <<<"$positions")")
	midgame=$(per_iteration "$(sed -n 's/^mid-game //p' <<<"$positions")")
	printf '%-*s %12s %14s %13s\n' $w "$c" "$per_action" "$opening" "$midgame"
done
[ $by_games = 1 ] && work="$N and $((2 * N)) games" || work="$SECS and $(echo "2 * $SECS" | bc) s of games"
echo "($Q, positions of $P; $work, $K and $((2 * K)) iterations; $(date -u +%Y-%m-%d))"
