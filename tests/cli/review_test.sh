#!/usr/bin/env bash
# review_test.sh QUIVER - `quiver review` says why (issue 67, item 4): a game of greedy against
# random reviewed at small budgets prints, under each marked decision, what the move made and the
# best one would do (their previews) and the best one's line, then the curve of the expected
# results with its axes, its scale and a legend naming the seats; the JSON carries the same.
# `quiver puzzles` (item 3): a game of Evons exported as puzzles, one JSON line each (the position
# as its mover saw it, the answer ahead of every other move by the margin), what each record gave
# on stderr, usage errors, and a server's database exported (--db).
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

# quiver puzzles: an Evons game of greedy against random (seed 3 has blunders with one answer)
expect_rc 0 "$Q" play evons --players greedy,random --seed 3 --record e.json
expect_rc 0 "$Q" puzzles e.json --iterations 400 --reply-iterations 60
grep -qE '^e\.json: [0-9]+ decisions reviewed, [0-9]+ blunders looked at, [1-9][0-9]* puzzles?$' err.txt ||
	fail "no puzzle said: $(cat err.txt)"
lines=$(wc -l <out.txt)
python3 - out.txt <<'PY' || fail "the puzzles' lines are not as documented"
import json, sys
for line in open(sys.argv[1]):
    p = json.loads(line)
    assert p["game"] == "evons" and p["seat"] in ("p1", "p2"), p
    assert p["answer"] in p["view"]["legal"], p["answer"]
    assert p["value"] - p["second"] >= p["margin"] - 1e-9, p
    assert p["view"]["viewer"] == p["seat"]
    assert set(p["themes"]) <= {"capture", "endgame", "defence", "advantage"}
PY
[ "$lines" -ge 1 ] || fail "no puzzle line"
expect_rc 2 "$Q" puzzles
contains err.txt "expected quiver puzzles RECORD... or --db DB"
expect_rc 2 "$Q" puzzles e.json --db x.db
contains err.txt "give records or --db, not both"
expect_rc 1 "$Q" puzzles missing.json
contains err.txt "missing.json"
expect_rc 0 "$Q" puzzles --db fresh.db
contains err.txt "0 puzzles"

finish review
