#!/usr/bin/env bash
# hotseat_test.sh QUIVER - hot-seat games of every game in a real terminal (tmux), checking that
# once the keyboard is passed nothing of another player's private view is left anywhere the
# terminal keeps it: the screen and its whole scrollback (capture-pane -S -).
#
# The private facts come from the game itself: at every hand-over the engine loads the game's
# record (the referee's copy, written out of sight) and draws each player's view (`show pK`);
# every line of it that neither the public view nor the view of the player now at the keyboard
# shows is a private fact (a hand, a covered piece, a holder, a commitment), and so is every
# line another player typed at their prompt. Actions are chosen from the engine's `legal`.
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
cd "$WORK" || exit 1
# shellcheck source=tests/cli/tmux_lib.sh
. "$HERE/tmux_lib.sh"
trap 'tmux_stop; rm -rf "$WORK" 2>/dev/null || { sleep 0.5; rm -rf "$WORK"; }' EXIT
command -v tmux >/dev/null || {
	echo "tmux is missing (scripts/install-deps.sh installs it)"
	exit 1
}
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# load_views REC: every view of the game in REC, `show public` and `show pK` for K over the
# game's players ($np), from one run of the engine, into views.txt (its replies, the load's
# first, each ending at a blank line). Fails when a reply is missing or has a blank line of its
# own (the views would be read wrong).
load_views() {
	local cmds="show public" k
	for ((k = 1; k <= np; k++)); do cmds+=$'\n'"show p$k"; done
	engine_replies "$1" "$cmds" >views.txt
	[ "$(awk 'BEGIN { RS = "" } END { print NR }' views.txt)" -eq $((np + 3)) ] ||
		fail "$game: the engine's views of $1 are not $np players' and the public one: $(head -c 400 views.txt)"
}

# private_lines VIEWER...: the lines of every player's view in views.txt that are in none of the
# views VIEWER... (public, and the player at the keyboard if any), one a line; blank and very
# short lines (frame pieces) are left out.
private_lines() {
	awk -v viewers=" $* " -v np="$np" 'BEGIN { RS = ""; FS = "\n" }
		NR >= 2 && NR <= np + 2 {
			sub(/^= ?/, "")
			name = NR == 2 ? "public" : "p" (NR - 2)
			for (i = 1; i <= NF; i++)
				if (index(viewers, " " name " ")) allowed[$i] = 1
				else if (name != "public") seen[$i] = 1
		}
		END { for (l in seen) if (length(l) >= 6 && !(l in allowed)) print l }' views.txt |
		sort -u
}

# check_history WHEN FACTS: fails when a line of the terminal's whole history is one of the
# lines of the file FACTS (whole lines: a view may show a prefix of a longer public line).
check_history() {
	history >hist.txt
	local leak
	leak=$(grep -nxF -f "$2" hist.txt | head -3)
	[ -z "$leak" ] || fail "$game, $1: the terminal keeps another player's private facts: $leak"
}

for game in three-arrows concardia evons arrow-party; do
	players=human,human np=2
	[ "$game" = arrow-party ] && players=human,human,human np=3
	rm -f rec.json .rec.json.in-progress typed.txt
	: >typed.txt
	tmux_start 120 50 "$Q" play "$game" --players "$players" --seed 11 --record rec.json \
		--layout full --no-color
	rec=.rec.json.in-progress
	moves=0 handoffs=0 facts=0 seed=3
	while :; do
		state=$(wait_prompt)
		case "$state" in
		handoff*)
			# Nobody's view is on the screen: no one's private facts may be kept.
			load_views "$rec"
			private_lines public >facts.txt
			cat typed.txt >>facts.txt
			facts=$((facts + $(wc -l <facts.txt)))
			check_history "hand-over to ${state#handoff }" facts.txt
			handoffs=$((handoffs + 1))
			type_line ""
			# The next player's board: the others' facts must not be there either.
			viewer=${state#handoff }
			wait_for '^p[1-5]>$' || { fail "$game: no prompt after the hand-over"; break; }
			private_lines public "$viewer" >facts.txt
			grep -v "^$viewer> " typed.txt >>facts.txt
			check_history "$viewer at the keyboard" facts.txt
			;;
		prompt*)
			who=${state#prompt }
			[ "$moves" -ge 14 ] && {
				type_line quit
				continue
			}
			mapfile -t acts < <(legal_actions "$rec")
			[ "${#acts[@]}" -gt 0 ] || { fail "$game: no legal action at $who's prompt"; break; }
			seed=$((seed + 1))
			act=${acts[$(($(pick "${#acts[@]}" "$seed") - 1))]}
			if screen | grep -qF "press Enter to play it"; then
				type_line ""
			else
				type_line "$act"
			fi
			echo "$who> $act" >>typed.txt
			moves=$((moves + 1))
			;;
		confirm) type_line y ;;
		exit) break ;;
		*)
			fail "$game: quiver stopped answering: $(screen | tail -5)"
			break
			;;
		esac
	done
	screen >end.txt
	grep -qF "Game saved to rec.json" end.txt || fail "$game: no 'Game saved to rec.json' at the end: $(tail -5 end.txt)"
	grep -qF "[exit 0]" end.txt || fail "$game: quiver did not exit 0: $(tail -5 end.txt)"
	[ -s rec.json ] || fail "$game: the record rec.json is missing"
	[ -e .rec.json.in-progress ] && fail "$game: the hidden record was left behind"
	[ "$handoffs" -ge 3 ] || fail "$game: only $handoffs hand-overs in $moves moves"
	[ "$facts" -gt 0 ] || fail "$game: no private fact was ever checked (is the test blind?)"
	echo "$game: $moves moves, $handoffs hand-overs, $facts private facts checked"
done

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all hot-seat checks passed"
