#!/usr/bin/env bash
# bench/strength.sh - the AI strength checks of docs/benchmarks.md, as arena runs.
#
# Usage: bench/strength.sh GAME [GAMES] [AGENT] [PLAYERS]
#   GAME     a game of the registry (three-arrows, concardia, evons, arrow-party)
#   GAMES    games per check (default 200)
#   AGENT    the search agent to check: mcts for games without hidden information, ismcts
#            otherwise (default ismcts; THREE ARROWS's targets name mcts)
#   PLAYERS  seats per game (default: the game's default). With n > 2 seats the stronger agent
#            sits with n - 1 copies of the weaker one; docs/benchmarks.md gives the targets.
# Runs, each with seat rotation and --seed 1:
#   AGENT:iterations=2000 vs random, AGENT:iterations=2000 vs greedy, hard vs medium,
#   medium vs easy (the levels the game uses: quiver rules GAME)
# and writes each run's JSON to bench/results/GAME[-pN]-*.json. Needs a built build/quiver.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:?usage: bench/strength.sh GAME [GAMES] [AGENT] [PLAYERS]}
games=${2:-200}
agent=${3:-ismcts}
players=${4:-}
q=build/quiver
[ -x "$q" ] || { echo "bench/strength.sh: build first (make build)" >&2; exit 1; }
mkdir -p bench/results
tag=$game
extra=()
if [ -n "$players" ]; then
	tag=$game-p$players
	extra=(--param "players=$players")
fi
seats=${players:-2}
run() {
	local name=$1 strong=$2 weak=$3 agents=("$2")
	for ((i = 1; i < seats; i++)); do agents+=("$weak"); done
	echo "== $tag: $strong vs $((seats - 1)) x $weak ($games games)"
	"$q" arena "$game" --agents "${agents[@]}" --games "$games" --seed 1 "${extra[@]}" \
		--json "bench/results/$tag-$name.json" | sed -n '/^agent/,/^Elo/p'
}
run search-random "$agent:iterations=2000" random
run search-greedy "$agent:iterations=2000" greedy
run hard-medium hard medium
run medium-easy medium easy
