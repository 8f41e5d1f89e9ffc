#!/usr/bin/env bash
# What asking for information states costs a random playout (issues 56 and 71: at most 3x the
# raw playout), counted in instructions by callgrind (valgrind), so that the figures are the same
# on any run whatever else the machine is doing:
#   - C: bench/spiel_playouts for N games, plain and with each of ASK (by default --info, the
#     seat to move's information state string asked at every decision, as a CFR or an IS-MCTS
#     asks for its key; --tensor, its information state tensor, as a learner asks for its input;
#     --once, the string at the first decision of each game only: what asking costs the steps
#     after it);
#   - Python: bench/spiel_playouts.py the same way, for N and 2N games, the difference taken so
#     that the interpreter's start (numpy's import) is left out.
# Each line gives the instructions plain, with the flag, and their ratio.
# Usage: bench/spiel_info_cost.sh [GAME...]   (default: every game)
#   BUILD=build      the build measured (its bench/spiel_playouts and python/)
#   BASE=dir         also measure this build (the previous commit's), in the same run: each
#                    game's line for BASE, then BUILD's
#   GAMES_N=40 (C) and PY_GAMES_N=10 (Python) change the work; PY=0 skips Python;
#   ASK="--info --tensor --once" the flags measured.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${GAMES_N:-40}
PN=${PY_GAMES_N:-10}
builds=()
[ -n "${BASE:-}" ] && builds+=("$BASE")
builds+=("${BUILD:-build}")
games=("$@")
[ ${#games[@]} -eq 0 ] && games=(three-arrows concardia evons arrow-party)
command -v valgrind >/dev/null || {
	echo "spiel_info_cost.sh: valgrind is needed (apt-get install valgrind)" >&2
	exit 2
}

ir() { # instructions of the command
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
		awk '/Collected/ {print $4}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }

read -r -a asks <<<"${ASK:---info}"
for g in "${games[@]}"; do
	for b in "${builds[@]}"; do
		bin=$b/bench/spiel_playouts
		a=$(ir "$bin" --games "$N" "$g")
		for f in "${asks[@]}"; do
			i=$(ir "$bin" "$f" --games "$N" "$g")
			printf '%-14s %-28s C       plain %12d  %-8s %12d  %sx\n' "$g" "$b" "$a" "$f" \
				"$i" "$(ratio "$a" "$i")"
		done
		[ "${PY:-1}" = 0 ] && continue
		py() { PYTHONPATH=$b/python ir /usr/bin/python3 bench/spiel_playouts.py "$@"; }
		a=$(($(py --games $((2 * PN)) "$g") - $(py --games "$PN" "$g")))
		for f in "${asks[@]}"; do
			i=$(($(py "$f" --games $((2 * PN)) "$g") - $(py "$f" --games "$PN" "$g")))
			printf '%-14s %-28s Python  plain %12d  %-8s %12d  %sx\n' "$g" "$b" "$a" \
				"$f" "$i" "$(ratio "$a" "$i")"
		done
	done
done
