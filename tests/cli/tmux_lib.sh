# tmux_lib.sh - sourced by the terminal tests: runs `quiver play` in a real terminal (a tmux pane
# of a fixed size, on a private tmux server), reads what the terminal shows and keeps (the
# whole scrollback), types into it, and asks the engine about the game's record.
#
# The caller sets Q (the quiver binary) and WORK (a fresh directory, the current one), and calls
# tmux_stop on exit. Every wait is for a condition, bounded (at least TMUX_WAIT seconds: generous,
# so that a busy machine is no failure; idle, each condition comes within a second), and looks
# again only when the pane has written something: tmux copies everything the pane writes into a
# FIFO (pipe-pane, tmux_start), and a wait blocks in a read of it (pane_wrote), so that a test
# waiting on quiver uses no CPU and starts no process until quiver writes. (A control-mode
# client would say the same, but tmux 3.3a's server crashes when one attaches.)

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
	TMUX_ROW=0 TMUX_SUM=
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

# pane_wrote SECONDS: waits until the pane writes something (since the last call: what it wrote
# before is taken at once), then takes whatever else is already there, so that one look serves a
# burst of output; false when SECONDS pass first. (tmux has put the bytes on the screen when it
# copies them, so a look after this sees them.)
pane_wrote() {
	local byte
	[ -n "$TMUX_FD" ] && [ "$1" -gt 0 ] || return 1
	IFS= read -r -N 1 -t "$1" -u "$TMUX_FD" byte || return 1
	while read -r -t 0 -u "$TMUX_FD"; do
		IFS= read -r -N 65536 -t 0.05 -u "$TMUX_FD" byte || :
	done
	return 0
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

# last_row: the number of the last non-blank row of the text on stdin (0 when there is none).
last_row() { awk 'NF { n = NR } END { print n + 0 }'; }

# type_line TEXT: types TEXT and Enter (TEXT may be empty: Enter alone). Where the terminal's
# text ended before (the last non-blank row of the whole history, wrapped lines joined, and a
# sum of the rows up to it) is remembered, so that wait_prompt takes only a prompt below it:
# not the old prompt before it echoes the keys, nor the old prompt after an Enter alone
# scrolled a full screen by a row (the history then changed, and its last line was still the
# old prompt). A screen cleared with its scrollback (hot-seat) counts as new text too.
TMUX_ROW=0 TMUX_SUM=
type_line() {
	local j
	j=$(joined)
	TMUX_ROW=$(printf '%s\n' "$j" | last_row)
	TMUX_SUM=$(printf '%s\n' "$j" | head -n "$TMUX_ROW" | md5sum)
	[ -n "$1" ] && tm send-keys -t t -l -- "$1"
	tm send-keys -t t Enter
}

# wait_for REGEX: waits until the last non-blank row matches REGEX (extended); false on timeout.
wait_for() {
	local end=$((SECONDS + TMUX_WAIT))
	until last_line | grep -qE -- "$1"; do
		pane_wrote $((end - SECONDS)) || return 1
	done
}

# prompt_state: what the terminal shows now: "handoff pN", "prompt pN", "confirm" or "exit" when
# quiver waits for input (after the last type_line, a new prompt) or has ended, else nothing.
prompt_state() {
	local j l
	j=$(joined)
	if [ -n "$TMUX_SUM" ] && [ "$(printf '%s\n' "$j" | last_row)" -le "$TMUX_ROW" ] &&
		[ "$(printf '%s\n' "$j" | head -n "$TMUX_ROW" | md5sum)" = "$TMUX_SUM" ]; then
		return
	fi
	l=$(printf '%s\n' "$j" | awk 'NF { last = $0 } END { sub(/ +$/, "", last); print last }')
	case "$l" in
	"Pass the keyboard to p"*" and press Enter") echo "handoff $(echo "$l" | sed 's/.*to \(p[0-9]\).*/\1/')" ;;
	p[1-5]">") echo "prompt ${l%>}" ;;
	*"[y/N]") echo confirm ;;
	"[exit "*) echo exit ;;
	esac
}

# wait_prompt: waits until quiver waits for input or has ended; prints which (prompt_state), or
# "timeout".
wait_prompt() {
	local end=$((SECONDS + TMUX_WAIT)) state
	while :; do
		state=$(prompt_state)
		[ -n "$state" ] && break
		pane_wrote $((end - SECONDS)) || {
			state=timeout
			break
		}
	done
	echo "$state"
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
