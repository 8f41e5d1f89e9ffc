#!/usr/bin/env bash
# Writes a seed corpus for fuzz_protocol into DIR from real sessions of every game: for each
# game a few random games played through `quiver engine` (every legal action of some positions,
# the chosen actions, chance outcomes), with the states, views, logs and records they produce
# fed back as `load` lines. Each file starts with the byte that makes the target pick the game.
# With SERVER_DIR, it also writes seeds for fuzz_server there: a request that creates a table
# of human seats, then the game's actions as act frames. With VARIANT_DIR, it writes seeds for
# fuzz_variant there: every game's built-in set (`quiver variant dump`) and the example variants.
# With RECORD_DIR, it writes seeds for fuzz_record there: each game's record and full state.
# Usage: tests/fuzz/make_corpus.sh QUIVER DIR [SERVER_DIR [VARIANT_DIR [RECORD_DIR]]]
set -euo pipefail
Q=$1
out=$2
server=${3:-}
variants=${4:-}
records=${5:-}
mkdir -p "$out"
[ -n "$server" ] && mkdir -p "$server"
[ -n "$variants" ] && mkdir -p "$variants"
[ -n "$records" ] && mkdir -p "$records"
mapfile -t games < <(printf 'list_games\nquit\n' | "$Q" engine | sed -n 's/^=\? *//p' | grep -v '^$')
for gi in "${!games[@]}"; do
	g=${games[$gi]}
	# The first game needs no prefix (the target's default); the others start with byte gi.
	prefix=""
	[ "$gi" -gt 0 ] && prefix=$(printf "\\$(printf '%03o' "$gi")")
	for seed in 1 2 3; do
		# A random game: genmove random until over, then its state, record, log and a view.
		replies=$({
			echo "new $g"
			for _ in $(seq 1 400); do
				echo settle
				echo "genmove random:seed=$seed"
			done
			echo state
			echo record
			echo "log p1"
			echo "view p2"
			echo quit
		} | "$Q" engine --seed 1)
		state=$(printf '%s\n' "$replies" | grep -m1 '^= {"game".*"state"' | sed 's/^= //' || true)
		record=$(printf '%s\n' "$replies" | grep -m1 '^= {"game".*"actions"' | sed 's/^= //' || true)
		# The game's actions in order, from the record: "actions":["a","b",...]
		actions=$(printf '%s' "$record" | grep -o '"actions":\[[^]]*\]' | sed 's/^"actions":\[//; s/\]$//' |
			sed 's/","/\n/g; s/^"//; s/"$//' || true)
		{
			printf '%s' "$prefix"
			printf '%s\n' "$actions" | head -n 60 | sed 's/^/play /'
			echo "log p1"
			echo "log public"
			echo legal
			echo undo
			echo "view p1"
		} >"$out/$g-$seed-actions.txt"
		if [ -n "$server" ]; then
			params=$(printf '%s' "$record" | grep -o '"params":{[^}]*}' | head -n 1 || true)
			players=$(printf '%s' "$params" | grep -o '"players":[0-9]*' | grep -o '[0-9]*$' || echo 2)
			{
				printf '{"game": "%s", %s, "seats": [' "$g" "${params:-\"params\": {\}}"
				for i in $(seq 1 "$players"); do printf '%s"human"' "$([ "$i" -gt 1 ] && echo ', ')"; done
				printf ']}\n'
				v=0
				printf '%s\n' "$actions" | head -n 60 | while IFS= read -r a; do
					printf '{"type": "act", "v": %d, "action": "%s"}\n' "$v" "$a"
					v=$((v + 1))
				done
				echo '{"type": "undo", "v": 1}'
			} >"$server/$g-$seed.txt"
		fi
		[ -n "$state" ] && { printf '%s' "$prefix"; echo "load $state"; echo legal; echo "show p2"; } >"$out/$g-$seed-state.txt"
		[ -n "$record" ] && { printf '%s' "$prefix"; echo "load $record"; echo "log p2"; echo result; } >"$out/$g-$seed-record.txt"
		if [ -n "$records" ]; then
			[ -n "$record" ] && printf '%s\n' "$record" >"$records/$g-$seed-record.json"
			[ -n "$state" ] && printf '%s\n' "$state" >"$records/$g-$seed-state.json"
		fi
	done
	if [ -n "$variants" ]; then
		{ printf '%s' "$prefix"; "$Q" variant dump "$g"; } >"$variants/$g-base.json"
		for f in "$(dirname "$0")"/../../examples/variants/"$g"-*.json; do
			[ -e "$f" ] && { printf '%s' "$prefix"; cat "$f"; } >"$variants/$(basename "$f")"
		done
	fi
	# Parameters of the game, every one with its default.
	{
		printf '%s' "$prefix"
		printf 'new %s' "$g"
		printf 'new %s\nparams\nquit\n' "$g" | "$Q" engine | sed -n 's/^=\? *\([a-z_]\+=.*\)/ \1/p' | tr -d '\n'
		echo
		echo params
	} >"$out/$g-params.txt"
done
echo "make_corpus.sh: $(ls "$out" | wc -l) files in $out"
