#!/usr/bin/env bash
# variant_test.sh QUIVER EXAMPLES - variants through the quiver command (docs/variants.md), for
# every game: the built-in set's dump checks as the built-in set and, played with --variant,
# gives byte-identical arena records (agents random, greedy and ismcts); every example variant
# of EXAMPLES (examples/variants) checks, plays in the arena, and its records replay with
# `quiver replay` and load with `quiver play --load`; `variant check` fails with the file and
# the JSON path, and lists every problem of a file (the first 20, the chain of `extends` that
# led to one); the engine protocol's `variant` and `new ... variant=FILE`. Runs in a fresh
# temporary directory.
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
EXAMPLES=$(cd "$2" && pwd)
. "$(dirname "$0")/check_lib.sh"

mapfile -t games < <(printf 'list_games\nquit\n' | "$Q" engine | sed -n 's/^=\? *//p' | grep -v '^$')
[ "${#games[@]}" -ge 4 ] || fail "list_games gave ${#games[@]} games"

for g in "${games[@]}"; do
	# ---- the dump is the built-in set ----
	expect_rc 0 "$Q" variant dump "$g"
	cp out.txt "$g-dump.json"
	contains "$g-dump.json" "\"game\": \"$g\""
	expect_rc 0 "$Q" variant check "$g-dump.json"
	contains out.txt "(the built-in set)"
	expect_rc 0 "$Q" variant show "$g-dump.json" --json
	cmp -s out.txt "$g-dump.json" || fail "$g: variant show --json of the dump is not the dump"

	# ---- byte-identical arena records with and without the dump ----
	players=2
	[ "$g" = arrow-party ] && players=3
	agents=(random greedy "ismcts:iterations=30")
	[ "$players" -eq 3 ] || agents=(random "ismcts:iterations=30")
	for set in base dump; do
		extra=()
		[ "$set" = dump ] && extra=(--variant "$g-dump.json")
		expect_rc 0 "$Q" arena "$g" --agents "${agents[@]:0:$players}" --games "$players" \
			--seed 11 --threads 1 --records "recs-$g-$set" "${extra[@]}"
	done
	diff -r "recs-$g-base" "recs-$g-dump" >/dev/null ||
		fail "$g: the dump's records differ from the built-in set's: $(diff -r "recs-$g-base" "recs-$g-dump" | head -c 600)"
	greedy=(greedy greedy greedy)
	expect_rc 0 "$Q" arena "$g" --agents "${greedy[@]:0:$players}" --games 2 --seed 5 --threads 1 \
		--variant "$g-dump.json" --records "recs-$g-greedy"
	grep -q '"sha256"' "recs-$g-greedy/game-000001.json" || fail "$g: a record lacks the built-in set's hash"

	# ---- every example variant of the game ----
	for ex in "$EXAMPLES/$g"-*.json; do
		[ -e "$ex" ] || { fail "$g: no example variant in $EXAMPLES"; continue; }
		name=$(basename "$ex" .json)
		expect_rc 0 "$Q" variant check "$ex"
		contains out.txt "$ex: ok: $g variant"
		grep -qF "(the built-in set)" out.txt && fail "$name: checks as the built-in set"
		expect_rc 0 "$Q" variant show "$ex"
		contains err.txt "sha256 "
		# stdout is the resolved document alone, itself a variant that checks
		cp out.txt shown.json
		expect_rc 0 "$Q" variant check shown.json
		randoms=(random random random)
		expect_rc 0 "$Q" arena "$g" --agents "${randoms[@]:0:$players}" --games "$players" --seed 3 \
			--threads 1 --variant "$ex" --records "recs-$name"
		rec="recs-$name/game-000001.json"
		grep -q '"quiver_variant"' "$rec" || fail "$name: the record does not carry the variant"
		expect_rc 0 "$Q" replay "$rec" --boards --no-color
		# played to the end: --load shows the finished game and quits at once
		expect_rc 0 "$Q" play --load "$rec" --no-color
		contains out.txt "over"
		# the same record in the engine protocol replays, and names the variant's hash
		sha=$("$Q" variant show "$ex" 2>&1 >/dev/null | sed -n 's/^sha256 \([0-9a-f]*\).*/\1/p')
		{ printf 'load %s\n' "$(tr -d '\n' <"$rec")"; echo params; echo quit; } |
			"$Q" engine >out.txt 2>err.txt
		contains out.txt "variant=$sha"
		# a variant named by a file in `new`, and by the command `variant`
		printf 'new %s variant=%s\nparams\nvariant %s\nnew %s\nparams\nquit\n' "$g" "$ex" "$ex" "$g" |
			"$Q" engine >out.txt 2>err.txt
		[ "$(grep -c "variant=$sha" out.txt)" -eq 2 ] || fail "$name: engine: $(head -c 600 out.txt)"
		# --variant and play refuse a variant of another game
		other=three-arrows
		[ "$g" = three-arrows ] && other=concardia
		expect_rc 1 "$Q" arena "$other" --agents random random --games 1 --variant "$ex"
		contains err.txt "this variant is for $g; expected one for $other"
	done
done

# ---- check: the file and the JSON path of each problem, exit 1 ----
printf '{"quiver_variant": 1, "game": "concardia", "name": "typo", "cardz": []}\n' >typo.json
printf '{"quiver_variant": 1,\n "game": "concardia"\n "name": "x"}\n' >syntax.json
printf '{"quiver_variant": 1, "game": "concardia", "extends": "loop.json"}\n' >loop.json
expect_rc 1 "$Q" variant check typo.json syntax.json loop.json concardia-dump.json
contains err.txt "typo.json: /cardz: unknown key; expected one of quiver_variant, game, name, extends, params"
contains err.txt "syntax.json:3:7: '}' expected near '\"name\"'"
contains err.txt "loop.json: /extends: loop.json: extends itself through the files it extends (a cycle)"
contains err.txt "3 of 4 files have a problem"
contains out.txt "concardia-dump.json: ok"
expect_rc 1 "$Q" variant check missing.json
contains err.txt "missing.json: cannot open"

# ---- check: every problem of a file, one a line ----
# the whole set's cross-checks too, every one: two decks, each too short and naming a card the
# set has not, one a card three times
printf '{"quiver_variant": 1, "game": "concardia", "decks": {"modify": {"expedition": {"cards": ["nope-r", "scout-r", "scout-r", "scout-r"]}, "foundry": {"cards": ["gone-r", "striker-r"]}}}}\n' >decks.json
expect_rc 1 "$Q" variant check decks.json
[ "$(wc -l <err.txt)" -eq 5 ] || fail "decks.json: expected 5 lines: $(cat err.txt)"
contains err.txt "decks.json: resolved: /decks/0/cards: 4 cards; a deck needs 8-60"
contains err.txt 'decks.json: resolved: /decks/0/cards/0: no card "nope-r" in /cards'
contains err.txt 'decks.json: resolved: /decks/0/cards/3: "scout-r" a third time'
contains err.txt "decks.json: resolved: /decks/1/cards: 2 cards"
contains err.txt 'decks.json: resolved: /decks/1/cards/0: no card "gone-r" in /cards'
printf '{"quiver_variant": 1, "game": "concardia", "params": {"target": 99}, "cards": {"modify": {"striker-r": {"strength": "x"}}, "add": [{"id": "new-r", "name": "new", "trait": "Stone", "strength": 2, "defense": 2, "arrows": ["N"], "type": "Maker"}]}}\n' >three.json
expect_rc 1 "$Q" variant check three.json
[ "$(wc -l <err.txt)" -eq 3 ] || fail "three.json: expected 3 lines: $(cat err.txt)"
contains err.txt "three.json: /params/target: bad value '99' for target"
contains err.txt "three.json: /cards/modify/striker-r/strength: expected an integer from 0 to 15; got \"x\""
contains err.txt "three.json: /cards/add/0/trait: expected one of Rock, Paper or Scissors; got \"Stone\""
# 25 problems: the first 20, and a line for the rest
keys=$(for i in $(seq 1 25); do printf '"k%d": 1, ' "$i"; done)
printf '{"quiver_variant": 1, "game": "concardia", "cards": {"modify": {"striker-r": {%s"strength": 2}}}}\n' "$keys" >many.json
expect_rc 1 "$Q" variant check many.json
[ "$(wc -l <err.txt)" -eq 21 ] || fail "many.json: expected 21 lines: $(cat err.txt)"
contains err.txt "many.json: /cards/modify/striker-r/k20: unknown key"
grep -qF "/k21:" err.txt && fail "many.json: the 21st problem is listed"
[ "$(tail -n 1 err.txt)" = "many.json: 5 more problems not listed (the first 20 are)" ] ||
	fail "many.json: last line: $(tail -n 1 err.txt)"
# a chain of extends names the files that led to a problem; a missing one its /extends
printf '{"quiver_variant": 1, "game": "concardia", "cards": {"modify": {"striker-r": {"strength": "x"}}}}\n' >bad.json
printf '{"quiver_variant": 1, "game": "concardia", "extends": "bad.json", "cards": {"modify": {"lancer-r": {"defense": 0}}}}\n' >mid.json
printf '{"quiver_variant": 1, "game": "concardia", "extends": "mid.json"}\n' >weak.json
printf '{"quiver_variant": 1, "game": "concardia", "extends": "gone.json", "die": 1}\n' >orphan.json
expect_rc 1 "$Q" variant check weak.json orphan.json
contains err.txt "weak.json extends mid.json extends bad.json: /cards/modify/striker-r/strength: expected an integer from 0 to 15; got \"x\""
contains err.txt "weak.json extends mid.json: /cards/modify/lancer-r/defense: expected an integer from 1 to 15; got 0"
contains err.txt "orphan.json: /extends: gone.json: cannot open: No such file or directory"
contains err.txt "orphan.json: /die: unknown key"
contains err.txt "2 of 2 files have a problem"
# playing stops at the first
expect_rc 1 "$Q" play concardia --variant weak.json
contains err.txt "--variant: weak.json extends mid.json extends bad.json: /cards/modify/striker-r/strength"
expect_rc 2 "$Q" variant
expect_rc 2 "$Q" variant dump no-such-game
expect_rc 2 "$Q" variant frobnicate x.json
contains err.txt "expected dump, check or show"
expect_rc 0 "$Q" variant --help
contains out.txt "usage: quiver variant"
expect_rc 1 "$Q" play concardia --variant typo.json
contains err.txt "/cardz: unknown key"
expect_rc 2 "$Q" play concardia --variant concardia-dump.json --param variant=base
contains err.txt "give one"

finish variant_test
