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
#   TABLE_ACTS_FN=name              also what that function costs an act, all it calls included
#                                   (callgrind_annotate --inclusive), and its share of the act
#                                   (qv_action_seen: who saw what)
set -euo pipefail
cd "$(dirname "$0")/.."
B=${TABLE_ACTS:-build/bench/table_acts}
command -v valgrind >/dev/null || { echo "table_acts.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
[ -x "$B" ] || { echo "table_acts.sh: no $B: build it first (make bench-programs)" >&2; exit 2; }
game=${1:-arrow-party}
params=${2:-'{"players": 5, "size": 26}'}
shift $(($# < 2 ? $# : 2))
windows=("$@")
[ ${#windows[@]} -gt 0 ] || windows=(10-40 130-160)

# Instructions of one run for the given number of acts, in the thread that plays them (the
# first: callgrind's summary of its part). The store's WAL checkpointer runs in a thread of its
# own, woken by a timer, and does more or less work as the machine schedules it: counted with
# the rest, it moved a 30-act window by some 20,000 instructions an act from run to run of the
# same build; the acts' thread alone gives the same count every run.
# With TABLE_ACTS_FN, the function's inclusive count follows on the same line.
instr() {
	local out
	out=$(mktemp -d)
	valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$out/cg" "$B" "$game" \
		"$params" "$1" >/dev/null 2>&1 || true
	sed -n 's/^summary: //p' "$out/cg-01" 2>/dev/null | tr '\n' ' '
	if [ -n "${TABLE_ACTS_FN:-}" ] && [ -f "$out/cg-01" ]; then
		callgrind_annotate --inclusive=yes --threshold=100 "$out/cg-01" |
			awk -v fn="$TABLE_ACTS_FN" '$0 ~ ("[ :]" fn "( |$)") { gsub(",", "", $1); print $1; f = 1; exit }
				END { if (!f) print 0 }'
	fi
	echo
	rm -rf "$out"
}
echo "$game $params ($B)"
for w in "${windows[@]}"; do
	a=${w%-*}
	b=${w#*-}
	read -r ia fa < <(instr "$a")
	read -r ib fb < <(instr "$b")
	[ -n "$ia" ] && [ -n "$ib" ] || { echo "table_acts.sh: $B did not play $b acts" >&2; exit 1; }
	line="acts $a-$b: $(((ib - ia) / (b - a))) instructions per act"
	[ -n "${TABLE_ACTS_FN:-}" ] && line+=", $TABLE_ACTS_FN $(((fb - fa) / (b - a))) ($((100 * (fb - fa) / (ib - ia)))%)"
	echo "$line"
done
