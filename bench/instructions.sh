#!/usr/bin/env bash
# Instruction counts of the hot paths, per game and mode, with callgrind (valgrind): the same
# figures on any run of the same binary, whatever else the machine is doing.
#   - per action of uniform random playouts (chance outcomes included): the playout loop of
#     `quiver bench` run for N and 2N games; the difference in instructions divided by the
#     difference in actions played (a build whose bench has no --games, older than the option,
#     plays for PLAY_SECONDS and twice that instead: the same division);
#   - allocations per action of the same playouts: memcheck's count of heap allocations for N
#     and 2N games, the difference divided by the difference in actions (0: a playout allocates
#     nothing once the game is set up);
#   - per MCTS iteration, one thread, at the opening and at the mid-game position of
#     `quiver bench` (the first position after 20 random decisions, seed 1): `quiver engine`
#     loads the position (`bench --print-positions`) and plays one `genmove` of
#     mcts:iterations=K and one of 2K; the difference divided by K;
#   - per MCTS iteration of a longer search at the mid-game position: `quiver bench
#     --mcts-iterations L --position mid-game` for L and 2L (one thread, each build on the
#     position its own bench finds), the difference divided by L: iterations L+1 to 2L, where
#     the tree is deeper (the figures of issue 57, L = 5000).
# A configuration is a game, or a game and its parameters: three-arrows:mode=tactical,players=3.
# Usage: bench/instructions.sh [CONFIG...]
#   default: every game with its default parameters, and THREE ARROWS in tactical mode too.
#   QUIVER=path/to/quiver     the build measured (default build/quiver)
#   BASE=path/to/quiver       also measure this build (the previous release), in the same run:
#                             each configuration's row for BASE, then QUIVER's
#   POSITIONS=path/to/quiver  the build whose bench gives the positions of the K searches
#                             (default QUIVER; an older build without --print-positions is
#                             measured on the positions of a newer one)
#   GAMES_N=200, ITERATIONS_K=1000, ITERATIONS_L=5000, PLAY_SECONDS=2 change the work;
#   ALLOCS=0 skips the allocation count (memcheck), LONG=0 the longer search.
#   VARIANT=path/to/variant.json  measures with a variant's components (docs/variants.md): the
#                             configurations must be of its game.
set -euo pipefail
cd "$(dirname "$0")/.."
Q=${QUIVER:-build/quiver}
P=${POSITIONS:-$Q}
N=${GAMES_N:-200}
K=${ITERATIONS_K:-1000}
L=${ITERATIONS_L:-5000}
SECS=${PLAY_SECONDS:-2}
builds=("$Q")
[ -n "${BASE:-}" ] && builds=("$BASE" "$Q")
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
for b in "${builds[@]}" "$P"; do
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

# Instructions of one run of build $B with the given arguments (callgrind's "Collected"), its
# standard input from stdin.
instr() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$B" "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# One playout run of bench with the given work under valgrind tool $1 (callgrind: its
# instructions; memcheck: its heap allocations) and the actions it played.
playout_run() {
	local tool=$1 out err count
	shift
	out=$(mktemp)
	err=$(mktemp)
	local opts=(--tool=memcheck --leak-check=no)
	[ "$tool" = callgrind ] && opts=(--tool=callgrind --callgrind-out-file=/dev/null)
	valgrind "${opts[@]}" "$B" bench "$@" --runs 1 --mcts-seconds 0 --json >"$out" 2>"$err" \
		</dev/null
	if [ "$tool" = callgrind ]; then
		count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$err")
	else
		count=$(sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' "$err" | tr -d ,)
	fi
	echo "$count" "$(tr -d ' \n' <"$out" | grep -o '"actions":[0-9]*' | cut -d: -f2 | paste -sd+ | bc)"
	rm -f "$out" "$err"
}
# Per action of the playouts under tool $1 with the other arguments (game and parameters):
# the difference between N and 2N games (or SECS and 2 SECS), divided by the actions'.
per_action() {
	local tool=$1 i1 a1 i2 a2 scale=0
	shift
	if "$B" bench --help | grep -q -- '--games N'; then
		read -r i1 a1 < <(playout_run "$tool" "$@" --games "$N")
		read -r i2 a2 < <(playout_run "$tool" "$@" --games $((2 * N)))
	else
		read -r i1 a1 < <(playout_run "$tool" "$@" --seconds "$SECS")
		read -r i2 a2 < <(playout_run "$tool" "$@" --seconds "$(echo "2 * $SECS" | bc)")
	fi
	[ "$tool" = memcheck ] && scale=2
	echo "scale=$scale; ($i2 - $i1) / ($a2 - $a1)" | bc
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
# Instructions per iteration, iterations L+1 to 2L of bench's mid-game search (arguments: the
# game and its parameters).
per_iteration_long() {
	local m1 m2
	m1=$(instr bench "$@" --games 0 --runs 1 --mcts-iterations "$L" --position mid-game </dev/null)
	m2=$(instr bench "$@" --games 0 --runs 1 --mcts-iterations $((2 * L)) --position mid-game </dev/null)
	echo "scale=0; ($m2 - $m1) / $L" | bc
}

w=19 # the first column: as wide as the longest configuration
for c in "${configs[@]}"; do [ ${#c} -le $w ] || w=${#c}; done
bw=5 # the build column: as wide as the longest build
for b in "${builds[@]}"; do [ ${#b} -le $bw ] || bw=${#b}; done
printf '%-*s %-*s %12s %12s %42s\n' $w "" $bw "" "instructions" "allocations" \
	"instructions/MCTS iteration"
printf '%-*s %-*s %12s %12s %14s %13s %13s\n' $w "game and parameters" $bw "build" "/action" \
	"/action" "opening" "mid-game" "mid, long"
for c in "${configs[@]}"; do
	g=${c%%:*}
	params=()
	if [ "$g" != "$c" ]; then
		IFS=, read -ra kvs <<<"${c#*:}"
		for kv in "${kvs[@]}"; do params+=(--param "$kv"); done
	fi
	[ -n "${VARIANT:-}" ] && params+=(--variant "$VARIANT")
	positions=$("$P" bench "$g" "${params[@]}" --print-positions)
	for B in "${builds[@]}"; do
		instructions=$(per_action callgrind "$g" "${params[@]}")
		allocations=-
		[ "${ALLOCS:-1}" = 1 ] && allocations=$(per_action memcheck "$g" "${params[@]}")
		opening=$(per_iteration "$(sed -n 's/^opening //p' <<<"$positions")")
		midgame=$(per_iteration "$(sed -n 's/^mid-game //p' <<<"$positions")")
		long=-
		[ "${LONG:-1}" = 1 ] && long=$(per_iteration_long "$g" "${params[@]}")
		printf '%-*s %-*s %12s %12s %14s %13s %13s\n' $w "$c" $bw "$B" "$instructions" \
			"$allocations" "$opening" "$midgame" "$long"
	done
done
work="$N and $((2 * N)) games (or $SECS and $(echo "2 * $SECS" | bc) s of games)"
echo "(positions of $P; $work, $K and $((2 * K)) iterations, long: $L and $((2 * L)); $(date -u +%Y-%m-%d))"
