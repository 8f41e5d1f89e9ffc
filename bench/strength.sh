#!/usr/bin/env bash
# bench/strength.sh - the AI strength checks of docs/benchmarks.md, as arena runs.
#
# Usage: bench/strength.sh GAME [GAMES] [AGENT]
#   GAME   a game of the registry (three-arrows, concardia, ...)
#   GAMES  games per check (default 200)
#   AGENT  the search agent to check: mcts for games without hidden information, ismcts
#          otherwise (default ismcts; THREE ARROWS's targets name mcts)
# Runs, each with seat rotation and --seed 1:
#   AGENT:iterations=2000 vs random, AGENT:iterations=2000 vs greedy, hard vs medium,
#   medium vs easy
# and writes each run's JSON to bench/results/GAME-*.json. Needs a built build/quiver.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?usage: bench/strength.sh GAME [GAMES] [AGENT]}
games=${2:-200}
agent=${3:-ismcts}
q=build/quiver
[ -x "$q" ] || { echo "bench/strength.sh: build first (make build)" >&2; exit 1; }
mkdir -p bench/results
run() {
	local name=$1
	shift
	echo "== $game: $* ($games games)"
	"$q" arena "$game" --agents "$@" --games "$games" --seed 1 \
		--json "bench/results/$game-$name.json" | sed -n '/^agent/,/^Elo/p'
}
run search-random "$agent:iterations=2000" random
run search-greedy "$agent:iterations=2000" greedy
run hard-medium hard medium
run medium-easy medium easy
