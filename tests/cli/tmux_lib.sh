# tmux_lib.sh - sourced by the terminal tests: runs `quiver play` in a real terminal (a tmux pane
# of a fixed size, on a private tmux server), reads what the terminal shows and keeps (the
# whole scrollback), types into it, and asks the engine about the game's record.
#
# The caller sets Q (the quiver binary) and WORK (a fresh directory, the current one), and calls
# tmux_stop on exit. Every wait is pane_wait: it looks at the terminal, and looks again only
# when the pane has written something: tmux copies everything the pane writes into a FIFO
# (pipe-pane, tmux_start), and the wait blocks in a read of it (pane_wrote), so that a test
# waiting on quiver uses no CPU, starts no process and sleeps no fixed time; it returns as soon
# as the terminal holds what it waits for. A wait is bounded (TMUX_WAIT seconds in all:
# generous, so that a busy machine is no failure) and, when it times out, says what it waited
# for and prints the screen. A look costs one capture and one awk, so that under load a test's
# time by the clock grows with its processor time, not faster. (A control-mode client, tmux -C,
# would give the same events; the FIFO needs no process of the test's own to read them.)

TMUX_RUN=0
TMUX_SOCK="quiver-test-$$-0"
TMUX_WAIT=${TMUX_WAIT:-120}
TMUX_FD=

tm() { tmux -L "$TMUX_SOCK" -f /dev/null "$@"; }

# tmux_stop: kills the private tmux server (and with it every pane's process and the copy into
# the FIFO), closes and removes the FIFO and removes the server's socket file.
tmux_stop() {
	tm kill-server >/dev/null 2>&1
	if [ -n "$TMUX_FD" ]; then
		exec {TMUX_FD}<&-
		TMUX_FD=
	fi
	rm -f "$WORK/.pane-$TMUX_RUN.fifo" "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$TMUX_SOCK"
}

# tmux_start W H CMD...: a new pane of W columns and H rows running CMD in $WORK, on a new
# private server (the previous one is killed). When CMD ends the pane shows "[exit N]" and
# stays, so its last screen can still be read.
tmux_start() {
	local w=$1 h=$2
	shift 2
	tmux_stop
	TMUX_ROW=0 TMUX_TYPED=
	TMUX_RUN=$((TMUX_RUN + 1))
	TMUX_SOCK="quiver-test-$$-$TMUX_RUN"
	local cmd fifo="$WORK/.pane-$TMUX_RUN.fifo"
	cmd=$(printf '%q ' "$@")
	# The FIFO is held open for reading and writing, so that neither the copy's open nor a
	# read ever meets its other end closed. The pane starts with its copy: whatever it writes
	# is on the screen and in the FIFO.
	mkfifo "$fifo" || return 1
	exec {TMUX_FD}<>"$fifo"
	tm start-server \; set-option -g history-limit 100000 \; \
		new-session -d -s t -x "$w" -y "$h" -c "$WORK" \
		"$cmd; echo \"[exit \$?]\"; sleep 600" \; \
		pipe-pane -t t -O "cat >$(printf '%q' "$fifo")" || return 1
}

# pane_drain: takes whatever the pane wrote and the test has not read yet, without waiting for
# more than a millisecond (a read with -t 0 only asks whether something is there; 1 ms lets it
# take the rest of a burst tmux is copying).
pane_drain() {
	while read -r -t 0 -u "$TMUX_FD"; do
		IFS= read -r -N 65536 -t 0.001 -u "$TMUX_FD" || :
	done
}

# pane_wrote SECONDS: waits until the pane writes something (since the last drain), then takes
# all it wrote, so that one look serves a burst of output; false when SECONDS pass first. (tmux
# has put the bytes on the screen when it copies them, so a look after this sees them.)
pane_wrote() {
	[ -n "$TMUX_FD" ] && [ "$1" -gt 0 ] || return 1
	IFS= read -r -N 1 -t "$1" -u "$TMUX_FD" || return 1
	pane_drain
}

# pane_wait WHAT CHECK [ARGS...]: the one wait of the terminal tests. Runs CHECK ARGS (a command
# that looks at the terminal and succeeds when it shows what the test waits for), and again
# each time the pane writes, until it succeeds. After TMUX_WAIT seconds in all it prints to
# stderr that it timed out waiting for WHAT, with the screen, and returns 1. What the pane wrote
# before the first look is drained first: that look sees it.
pane_wait() {
	local what=$1 end=$((SECONDS + TMUX_WAIT))
	shift
	[ -n "$TMUX_FD" ] && pane_drain
	until "$@"; do
		pane_wrote $((end - SECONDS)) && continue
		"$@" && return 0
		{
			echo "pane_wait: no $what within $TMUX_WAIT s; the screen:"
			screen | sed 's/^/  | /'
		} >&2
		return 1
	done
}

# screen: the visible rows; history: everything the terminal keeps, scrollback included, as
# shown (a wrapped line is two); joined: the same with wrapped lines joined.
screen() { tm capture-pane -p -t t; }
history() { tm capture-pane -p -t t -S - -E -; }
joined() { tm capture-pane -p -J -t t -S - -E -; }

# last_line: the last row of the screen that is not blank (a prompt, usually).
last_line() { screen | awk 'NF { last = $0 } END { print last }'; }

# pane_pid: the pid of the command running in the pane (a child of the pane's shell).
pane_pid() { pgrep -P "$(tm list-panes -t t -F '#{pane_pid}')" | head -n 1; }

# type_line TEXT: types TEXT and Enter (TEXT may be empty: Enter alone). Where the terminal's
# text ended before (the last non-blank row of the whole history, wrapped lines joined, and the
# rows up to it, kept in $WORK/.typed) is remembered, so that wait_prompt takes only a prompt
# below it: not the old prompt before it echoes the keys, nor the old prompt after an Enter
# alone scrolled a full screen by a row (the history then changed, and its last line was still
# the old prompt). A screen cleared with its scrollback (hot-seat) counts as new text too.
TMUX_ROW=0 TMUX_TYPED=
type_line() {
	TMUX_ROW=$(joined | awk -v out="$WORK/.typed" '
		{ row[NR] = $0 }
		NF { n = NR }
		END { printf "" >out; for (i = 1; i <= n; i++) print row[i] >out; print n + 0 }')
	TMUX_TYPED=1
	if [ -n "$1" ]; then
		tm send-keys -t t -l -- "$1" \; send-keys -t t Enter
	else
		tm send-keys -t t Enter
	fi
}

# shows_last REGEX: true when the last non-blank row of the screen matches REGEX (extended; read
# from the environment, so that awk keeps its backslashes as written).
shows_last() { screen | TMUX_RE=$1 awk 'NF { last = $0 } END { exit !(last ~ ENVIRON["TMUX_RE"]) }'; }

# wait_for REGEX: waits until the last non-blank row matches REGEX (extended); false on timeout.
wait_for() { pane_wait "last row matching /$1/" shows_last "$1"; }

# prompt_state: what the terminal shows now: "handoff pN", "prompt pN", "confirm" or "exit" when
# quiver waits for input (after the last type_line, a new prompt) or has ended, else nothing.
# The last non-blank line of the history (wrapped lines joined, trailing blanks left out) says
# which; the history adds nothing after the last type_line when it ends at or above the row
# typed at and its rows up to there are those kept in $WORK/.typed.
prompt_state() {
	joined | awk -v typed="$TMUX_TYPED" -v at="$TMUX_ROW" -v kept="$WORK/.typed" '
		function is(pre, suf) {
			return index(l, pre) == 1 && length(l) >= length(pre) + length(suf) &&
				substr(l, length(l) - length(suf) + 1) == suf
		}
		{ row[NR] = $0 }
		NF { n = NR }
		END {
			if (typed != "" && n <= at) {
				same = 1
				for (i = 1; i <= at; i++)
					if ((getline old <kept) <= 0 || old != row[i]) { same = 0; break }
				if (same) exit
			}
			l = row[n]
			sub(/ +$/, "", l)
			if (is("Pass the keyboard to p", " and press Enter")) {
				h = l
				while (match(h, /to p[0-9]/)) { who = substr(h, RSTART + 3, 2); h = substr(h, RSTART + 1) }
				print "handoff " who
			} else if (l ~ /^p[1-5]>$/) print "prompt " substr(l, 1, 2)
			else if (is("", "[y/N]")) print "confirm"
			else if (is("[exit ", "")) print "exit"
		}'
}

# prompt_shown: true when prompt_state says something; it is left in TMUX_STATE.
prompt_shown() {
	TMUX_STATE=$(prompt_state)
	[ -n "$TMUX_STATE" ]
}

# wait_prompt: waits until quiver waits for input or has ended; prints which (prompt_state), or
# "timeout".
wait_prompt() {
	if pane_wait "prompt nor end of quiver" prompt_shown; then
		echo "$TMUX_STATE"
	else
		echo timeout
	fi
}

# engine_replies FILE COMMANDS: loads the record or state FILE into `quiver engine` and runs the
# protocol commands (one a line) after it; prints the replies (the load's first).
engine_replies() {
	{
		printf 'load '
		tr -d '\n' <"$1"
		printf '\n%s\nquit\n' "$2"
	} | "$Q" engine --seed 1
}

# reply N: from engine_replies on stdin, the lines of the N-th reply (0: the load) without the
# "= " of its first line.
reply() { awk -v n="$1" 'BEGIN { RS = ""; FS = "\n" } NR == n + 1 { sub(/^= ?/, ""); print }'; }

# legal_actions FILE: the legal actions of the player to move, one a line.
legal_actions() { engine_replies "$1" legal | reply 1; }

# pick N SEED: a number 1..N that depends only on SEED (so runs repeat).
pick() { echo $((($2 * 7919 + 13) % $1 + 1)); }
