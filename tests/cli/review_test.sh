#!/usr/bin/env bash
# review_test.sh QUIVER - `quiver review` says why (issue 67, item 4): a game of greedy against
# random reviewed at small budgets prints, under each marked decision, what the move made and the
# best one would do (their previews) and the best one's line, then the curve of the expected
# results with its axes, its scale and a legend naming the seats; the JSON carries the same.
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/check_lib.sh"

expect_rc 0 "$Q" play three-arrows --players greedy,random --seed 3 --record g.json
SMALL=(--iterations 300 --reply-iterations 60 --samples 4)
expect_rc 0 "$Q" review g.json "${SMALL[@]}"
# the first decision is marked, its best move explained: both previews, then the line
grep -qE '^   1\. p1 \(greedy\): place T a5 E  [0-9]+% -> [0-9]+%  (inaccuracy|mistake|blunder)' out.txt ||
	fail "decision 1 is not marked: $(grep -m1 '^   1\.' out.txt)"
grep -qE '^        place T a5 E: points at ' out.txt || fail "no preview of the move made"
best=$(sed -nE 's/^   1\. .*best: (.*)$/\1/p' out.txt)
grep -qF "        $best: " out.txt || fail "no preview of the best move '$best'"
grep -qE '^        then: p[12] [a-z]+ .*, p[12] ' out.txt || fail "no line of the best move"
# the curve: its scale, axes and legend
contains out.txt "Expected result after each decision, as its mover saw it:"
contains out.txt "100% |"
contains out.txt " 50% |"
contains out.txt "  0% |"
grep -qE '^     \+-{40,}$' out.txt || fail "no axis of the decisions"
grep -qE '^      1 +51  \(decisions\)$' out.txt || fail "no decisions' labels: $(grep decisions out.txt)"
contains out.txt "1 = p1 (greedy), 2 = p2 (random)"
# the same in JSON
expect_rc 0 "$Q" review g.json "${SMALL[@]}" --json
contains out.txt '"best_note": '
contains out.txt '"played_note": "points at a4, b5 and a6"'
grep -qE '"line": \[$' out.txt || fail "no line in the JSON"

finish review
