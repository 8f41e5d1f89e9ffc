#!/usr/bin/env bash
# The server's instructions per act, early and late in a long game, with callgrind (valgrind):
# bench/table_acts (table_acts.c) plays random acts of people at a table saved in a real store,
# with the chance outcomes after each and an update frame for every seat and the public. Each
# window A-B runs it for A and for B acts; the difference in instructions divided by B - A is
# what one act of that stretch costs, start-up excluded.
# Usage: bench/table_acts.sh [GAME PARAMS WINDOW...]   (a WINDOW is A-B)
#   default: arrow-party '{"players": 5, "size": 26}' 10-40 130-160 (a random game of it has
#   168 acts and 273 history entries: 5 seats and the public each get a frame per act)
#   TABLE_ACTS=path/to/table_acts   the build measured (default build/bench/table_acts)
set -euo pipefail
cd "$(dirname "$0")/.."
B=${TABLE_ACTS:-build/bench/table_acts}
command -v valgrind >/dev/null || { echo "table_acts.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
[ -x "$B" ] || { echo "table_acts.sh: no $B: build first (make build)" >&2; exit 2; }
game=${1:-arrow-party}
params=${2:-'{"players": 5, "size": 26}'}
shift $(($# < 2 ? $# : 2))
windows=("$@")
[ ${#windows[@]} -gt 0 ] || windows=(10-40 130-160)

# Instructions of one run for the given number of acts (callgrind's "Collected").
instr() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$B" "$game" "$params" "$1" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "$game $params ($B)"
for w in "${windows[@]}"; do
	a=${w%-*}
	b=${w#*-}
	ia=$(instr "$a")
	ib=$(instr "$b")
	[ -n "$ia" ] && [ -n "$ib" ] || { echo "table_acts.sh: $B did not play $b acts" >&2; exit 1; }
	echo "acts $a-$b: $(((ib - ia) / (b - a))) instructions per act"
done
