#!/bin/bash
# rules_pages.sh QUIVER DOCS_RULES_DIR [--update]
#
# Checks the examples of the rules pages (docs/rules/*.md) against the engine. An example is a
# ```text block whose first lines start with "> ": those lines are commands sent to
# `quiver engine --seed 1`, and the rest of the block must be exactly the reply to the last of
# them (without its leading "= "). Every earlier command must succeed too. With --update the
# blocks are rewritten with what quiver prints now (after a change to a diagram, say).
set -u
Q=$1
DIR=$2
UPDATE=${3:-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0
examples=0

# run_example CMDFILE OUTFILE: the reply to the last command of CMDFILE, or a failure.
run_example() {
	"$Q" engine --seed 1 <"$1" >"$WORK/replies" 2>"$WORK/stderr" || return 1
	# Replies end with an empty line and never contain one: split on empty lines.
	awk -v RS= -v out="$2" -v bad="$WORK/bad" '
		{ n++; r[n] = $0 }
		END {
			for (i = 1; i < n; i++)
				if (substr(r[i], 1, 1) != "=") { print r[i] > bad; exit 1 }
			if (substr(r[n], 1, 1) != "=") { print r[n] > bad; exit 1 }
			t = r[n]
			if (substr(t, 1, 2) == "= ") t = substr(t, 3)
			else t = substr(t, 2)
			if (t != "") print t > out
			else printf "" > out
		}' "$WORK/replies"
}

for page in "$DIR"/*.md; do
	name=$(basename "$page")
	: >"$WORK/new.md"
	state=text # text | cmds | body
	lineno=0
	start=0
	while IFS= read -r line || [ -n "$line" ]; do
		lineno=$((lineno + 1))
		case $state in
		text)
			printf '%s\n' "$line" >>"$WORK/new.md"
			if [ "$line" = '```text' ]; then
				state=cmds
				start=$lineno
				: >"$WORK/cmds"
				: >"$WORK/body"
			fi
			;;
		cmds | body)
			if [ "$state" = cmds ] && [ "${line#> }" != "$line" ]; then
				printf '%s\n' "${line#> }" >>"$WORK/cmds"
				printf '%s\n' "$line" >>"$WORK/new.md"
				continue
			fi
			if [ "$line" = '```' ]; then
				if [ -s "$WORK/cmds" ]; then
					examples=$((examples + 1))
					if run_example "$WORK/cmds" "$WORK/want"; then
						if ! cmp -s "$WORK/want" "$WORK/body"; then
							if [ "$UPDATE" = --update ]; then
								echo "$name:$start: updated"
							else
								echo "FAIL: $name:$start: the example differs from what quiver prints:"
								diff "$WORK/body" "$WORK/want" | head -20
								failures=$((failures + 1))
							fi
						fi
						cat "$WORK/want" >>"$WORK/new.md"
					else
						echo "FAIL: $name:$start: a command of the example failed: $(head -c 300 "$WORK/bad" 2>/dev/null) $(head -c 300 "$WORK/stderr")"
						failures=$((failures + 1))
						cat "$WORK/body" >>"$WORK/new.md"
					fi
				else
					cat "$WORK/body" >>"$WORK/new.md"
				fi
				printf '%s\n' "$line" >>"$WORK/new.md"
				state=text
				continue
			fi
			state=body
			printf '%s\n' "$line" >>"$WORK/body"
			;;
		esac
	done <"$page"
	if [ "$UPDATE" = --update ] && ! cmp -s "$page" "$WORK/new.md"; then
		cp "$WORK/new.md" "$page"
	fi
done

if [ "$examples" -eq 0 ]; then
	echo "FAIL: no example found in $DIR/*.md"
	failures=$((failures + 1))
fi
if [ "$failures" -ne 0 ]; then
	echo "$failures example(s) failed; after a deliberate change, run: $0 $Q $DIR --update"
	exit 1
fi
echo "all $examples rules-page examples agree with quiver"
