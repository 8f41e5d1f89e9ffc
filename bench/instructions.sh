#!/usr/bin/env bash
# Instruction counts of the hot paths, per game, with callgrind (valgrind): the same figures on
# any run of the same binary, whatever else the machine is doing.
#   - per action of uniform random playouts (chance outcomes included): the playout loop of
#     `quiver bench` run for N and 2N games; the difference in instructions divided by the
#     difference in actions played;
#   - per MCTS iteration at the opening, one thread: one decision of mcts:iterations=K and of
#     2K; the difference divided by K.
# Usage: bench/instructions.sh [GAME...]   (default: every game; QUIVER=path/to/quiver,
#        GAMES_N=200, ITERATIONS_K=1000 to change the defaults)
set -euo pipefail
cd "$(dirname "$0")/.."
Q=${QUIVER:-build/quiver}
N=${GAMES_N:-200}
K=${ITERATIONS_K:-1000}
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
[ -x "$Q" ] || { echo "instructions.sh: no $Q: build first (make build)" >&2; exit 2; }
games=("$@")
[ ${#games[@]} -gt 0 ] || mapfile -t games < <(printf 'list_games\nquit\n' | "$Q" engine | sed -n 's/^=\? *//p' | grep -v '^$')

# Instructions of one run of quiver with the given arguments (callgrind's "Collected").
instr() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$Q" "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# Actions played by `quiver bench ... --json` (the sum over the runs).
actions() {
	"$Q" bench "$@" --json | tr -d ' \n' | grep -o '"actions":[0-9]*' | cut -d: -f2 |
		paste -sd+ | bc
}

printf '%-14s %22s %26s\n' game "instructions/action" "instructions/iteration"
for g in "${games[@]}"; do
	p1=(bench "$g" --games "$N" --runs 1 --mcts-seconds 0)
	p2=(bench "$g" --games $((2 * N)) --runs 1 --mcts-seconds 0)
	i1=$(instr "${p1[@]}")
	i2=$(instr "${p2[@]}")
	a1=$(actions "${p1[@]:1}")
	a2=$(actions "${p2[@]:1}")
	m1=$(instr bench "$g" --games 0 --mcts-iterations "$K" --position opening --runs 1)
	m2=$(instr bench "$g" --games 0 --mcts-iterations $((2 * K)) --position opening --runs 1)
	per_action=$(echo "scale=0; ($i2 - $i1) / ($a2 - $a1)" | bc)
	per_iter=$(echo "scale=0; ($m2 - $m1) / $K" | bc)
	printf '%-14s %22s %26s\n' "$g" "$per_action" "$per_iter"
done
echo "($Q, $N and $((2 * N)) games, $K and $((2 * K)) iterations; $(date -u +%Y-%m-%d))"
