#!/bin/sh
# bench/cluster_load.sh - `quiver serve` on PostgreSQL against SQLite, side by side, in one run:
# 1 process on SQLite; 1 process on PostgreSQL; 2 and 3 processes on one PostgreSQL database
# behind HAProxy (docs/deploy/haproxy-cluster.cfg; for 2 processes a temporary copy without
# its quiver3 lines). Each row drives the same load for the same time with bench/serve_load
# (its defaults: 100 AI tables with 3 spectators each and 100 scripted humans with one
# spectator each, 200 tables and 500 sockets, --target at the process or at HAProxy) and gets a
# fresh database and fresh processes, each in a working folder of its own (a process writes
# its flight file there). It prints one table: moves (every history entry, a human's or an AI
# seat's) per second as the clients saw them (from the tables' versions) and as the database
# stored them (its actions at the start and end of the measured run), human acts per second,
# act-to-update p50 and p99, the CPU of the quiver processes, of PostgreSQL (the postmaster
# and its children) and of HAProxy per stored move, and PostgreSQL's committed transactions
# per stored move (pg_stat_database.xact_commit of the row's database at the start and end of
# the measured run: PostgreSQL publishes a backend's counts at most once a second, so each end
# may lag by up to a second's worth); and what the
# load generator tried again: 503s, WebSockets closed with 1012, joins answered 409 as their
# table moved, and the sockets still refused 60 s after the first try, when the run began.
# PostgreSQL is a throwaway cluster (tests/cluster/pg_run.sh, which the script runs itself
# under); everything the script starts is stopped and its folder removed when it ends.
# The load average (1 minute) at each row's end is in the table: the machine may be shared.
# Usage: [QV_FSYNC=on] [QV_KEEP=1] bench/cluster_load.sh BUILD-DIR [SECONDS] [ROWS]
#   SECONDS: the measured run of each row (default 30, at most 300);
#   ROWS: which rows, of sqlite pg1 pg2 pg3 (default all four, e.g. "sqlite pg1"); a row
#     pgNcK is pgN with --db-connections K (e.g. "pg1c1 pg1": one connection of the pool
#     against the default four, side by side);
#   QV_FSYNC=on: PostgreSQL with fsync on (pg_virtualenv's clusters have it off);
#   QV_KEEP=1: the working folder (the processes' logs) kept, not removed.
# docs/history/benchmarks-5.md, "quiver serve on PostgreSQL", has the figures.

# serve_load's --mark: DB DIR WHEN, at the start and end of the measured run: the actions
# stored (a SQLite file or a PostgreSQL database's name), and PostgreSQL's commits.
if [ "${1:-}" = "--mark" ]; then
	case $2 in
	*.db) sqlite3 "$2" "SELECT count(*) FROM actions" >"$3/actions.$4" ;;
	*)
		psql -XAtc "SELECT count(*) FROM actions" "$2" >"$3/actions.$4"
		psql -XAtc "SELECT xact_commit FROM pg_stat_database WHERE datname = '$2'" >"$3/xact.$4"
		;;
	esac
	exit 0
fi

set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
if [ $# -lt 1 ] || [ ! -x "$1/quiver" ] || [ ! -x "$1/bench/serve_load" ]; then
	echo "usage: bench/cluster_load.sh BUILD-DIR [SECONDS] [ROWS] (BUILD-DIR with quiver and bench/serve_load)" >&2
	exit 2
fi
seconds=${2:-30}
case $seconds in
'' | *[!0-9]*) echo "cluster_load.sh: SECONDS is a whole number" >&2; exit 2 ;;
esac
if [ "$seconds" -lt 1 ] || [ "$seconds" -gt 300 ]; then
	echo "cluster_load.sh: SECONDS from 1 to 300" >&2
	exit 2
fi
rows=${3:-sqlite pg1 pg2 pg3}
if [ -z "${QV_CLUSTER_LOAD:-}" ]; then
	QV_CLUSTER_LOAD=1
	export QV_CLUSTER_LOAD
	exec "$root/tests/cluster/pg_run.sh" sh "$here/cluster_load.sh" "$@"
fi
build=$(cd "$1" && pwd)
quiver=$build/quiver
if ! command -v haproxy >/dev/null 2>&1; then
	echo "cluster_load.sh: haproxy is not installed (scripts/install-deps.sh installs it)" >&2
	exit 77
fi

work=$(mktemp -d /tmp/qvcluster.XXXXXX)
started=
cleanup() {
	stop_started
	if [ -n "${QV_KEEP:-}" ]; then
		echo "cluster_load.sh: the logs kept in $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The limits serve_load gives the server it starts, for 500 sockets from one address.
limits="--max-sockets 550 --threads 2 --max-tables 100000 --max-sockets-per-address 550
--create-rate 1000000 --address-tables 1000000 --address-ai-tables 1000000
--max-connections-per-address 550"

# QV_FSYNC=on: PostgreSQL with fsync (pg_virtualenv makes its clusters without).
if [ "${QV_FSYNC:-}" = on ]; then
	psql -XAqc "ALTER SYSTEM SET fsync = on" -c "SELECT pg_reload_conf()" >/dev/null || exit 1
	sleep 1
fi
# The cluster's postmaster: its CPU time counts those of its children that ended.
postmaster=$(head -1 "$(psql -XAtc 'SHOW data_directory')/postmaster.pid")
echo "PostgreSQL $(psql -XAtc 'SHOW server_version'), postmaster $postmaster;" \
	"fsync $(psql -XAtc 'SHOW fsync'), synchronous_commit $(psql -XAtc 'SHOW synchronous_commit')," \
	"shared_buffers $(psql -XAtc 'SHOW shared_buffers')"

# A port nobody listens on (as tests/cluster/pg_run.sh picks one).
free_port() {
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		p=$((20000 + $(od -An -N2 -tu2 /dev/urandom) % 30000))
		if ! ss -Htln "sport = :$p" 2>/dev/null | grep -q .; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

# start_quiver DIR DB [ARG...]: `quiver serve` in DIR on DB; sets qpid and qport.
start_quiver() {
	qdir=$1
	qdb=$2
	shift 2
	mkdir -p "$qdir"
	# shellcheck disable=SC2086 # the limits are words
	(cd "$qdir" && exec "$quiver" serve --port 0 --db "$qdb" $limits "$@" >out 2>err) &
	qpid=$!
	started="$started $qpid"
	qport=
	for _ in $(seq 1 600); do
		qport=$(sed -n 's|^serving http://.*:\([0-9]*\)/.*|\1|p' "$qdir/out" | head -1)
		[ -n "$qport" ] && return 0
		kill -0 "$qpid" 2>/dev/null || break
		sleep 0.1
	done
	echo "cluster_load.sh: quiver serve did not start in $qdir:" >&2
	cat "$qdir/err" >&2
	exit 1
}

# start_haproxy DIR PORT...: HAProxy in front of the processes at those ports; sets hpid and
# hport once a table's route answers through it.
start_haproxy() {
	hdir=$1
	shift
	cfg=$root/docs/deploy/haproxy-cluster.cfg
	if [ $# -eq 2 ]; then
		sed '/quiver3/d' "$cfg" >"$hdir/haproxy.cfg"
		cfg=$hdir/haproxy.cfg
	fi
	hport=$(free_port) || { echo "cluster_load.sh: no free port for HAProxy" >&2; exit 1; }
	QUIVER_LISTEN=127.0.0.1:$hport
	QUIVER_SERVER1=127.0.0.1:$1
	QUIVER_SERVER2=127.0.0.1:$2
	QUIVER_SERVER3=127.0.0.1:${3:-$2}
	export QUIVER_LISTEN QUIVER_SERVER1 QUIVER_SERVER2 QUIVER_SERVER3
	haproxy -db -q -f "$cfg" >"$hdir/haproxy.out" 2>&1 &
	hpid=$!
	started="$started $hpid"
	# Every process up in the checked backend (rise 2, a check a second) before the load.
	for _ in $(seq 1 100); do
		if curl -fs -o /dev/null "http://127.0.0.1:$hport/api/games"; then
			sleep 3
			return 0
		fi
		kill -0 "$hpid" 2>/dev/null || break
		sleep 0.1
	done
	echo "cluster_load.sh: HAProxy did not answer:" >&2
	cat "$hdir/haproxy.out" >&2
	exit 1
}

# stop_started: stops the row's processes (SIGTERM) and waits for them.
stop_started() {
	for pid in $started; do
		kill "$pid" 2>/dev/null
	done
	for pid in $started; do
		wait "$pid" 2>/dev/null
	done
	started=
}

n=0
for row in $rows; do
	n=$((n + 1))
	dir=$work/$row
	mkdir -p "$dir"
	case $row in
	sqlite) procs=1 db=$dir/p1/load.db conns= ;;
	pg1 | pg2 | pg3 | pg[123]c[1-9] | pg[123]c[1-3][0-9])
		procs=${row#pg}
		procs=${procs%%c*}
		conns=
		case $row in *c*) conns="--db-connections ${row#*c}" ;; esac
		dbname=qv_load_$n
		psql -XAqc "CREATE DATABASE $dbname" || exit 1
		db="dbname=$dbname"
		;;
	*) echo "cluster_load.sh: no row $row (sqlite pg1 pg2 pg3, or pgNcK)" >&2; exit 2 ;;
	esac
	ports=''
	pids=''
	for k in $(seq 1 "$procs"); do
		# shellcheck disable=SC2086 # the connections' option is words
		if [ "$procs" -gt 1 ]; then
			start_quiver "$dir/p$k" "$db" --trusted-proxy 127.0.0.1 $conns
		else
			start_quiver "$dir/p$k" "$db" $conns
		fi
		ports="$ports $qport"
		pids="${pids:+$pids,}$qpid"
	done
	set -- --cpu "quiver=$pids" --cpu "postgres=$postmaster"
	target=127.0.0.1:$qport
	if [ "$procs" -gt 1 ]; then
		# shellcheck disable=SC2086 # the ports are words
		start_haproxy "$dir" $ports
		target=127.0.0.1:$hport
		set -- "$@" --cpu "haproxy=$hpid"
	fi
	if [ "$row" = sqlite ]; then
		set -- "$@" --mark "sh '$here/cluster_load.sh' --mark '$db' '$dir'"
	else
		set -- "$@" --mark "sh '$here/cluster_load.sh' --mark $dbname '$dir'"
	fi
	echo "== $row: $procs process(es), serve_load --target $target --seconds $seconds"
	timeout $((seconds + 400)) "$build/bench/serve_load" "$quiver" --seconds "$seconds" \
		--target "$target" --figures "$dir/figures" "$@"
	echo "serve_load exit status $?"
	echo "load=$(cut -d' ' -f1 /proc/loadavg)" >>"$dir/figures"
	stop_started
	for k in $(seq 1 "$procs"); do
		if [ -s "$dir/p$k/err" ]; then
			echo "-- stderr of process $k (last 5 lines):"
			tail -5 "$dir/p$k/err"
		fi
	done
	if [ -s "$dir/xact.start" ] && [ -s "$dir/xact.end" ]; then
		echo "xacts=$(($(cat "$dir/xact.end") - $(cat "$dir/xact.start")))" >>"$dir/figures"
	fi
	if [ -s "$dir/actions.start" ] && [ -s "$dir/actions.end" ]; then
		echo "stored=$(($(cat "$dir/actions.end") - $(cat "$dir/actions.start")))" >>"$dir/figures"
	fi
done

# The table, from each row's figures.
fig() { sed -n "s/^$1=//p" "$2" | head -1; }
echo
echo "| setup | load average | moves/s seen | moves/s stored | human acts/s | act→update p50 | p99 | quiver CPU a stored move | PostgreSQL CPU a stored move | HAProxy CPU a stored move | transactions a stored move | 503 retried | 1012 reopened | 409 retried | refused at start | errors |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for row in $rows; do
	f=$work/$row/figures
	if [ ! -s "$f" ]; then
		echo "| $row | (no figures: the run failed) |||||||||||||||"
		continue
	fi
	n=${row#pg}
	n=${n%%c*}
	case $row in
	sqlite) label="1 process, SQLite" ;;
	pg1 | pg1c*) label="1 process, PostgreSQL" ;;
	*) label="$n processes, PostgreSQL, HAProxy" ;;
	esac
	case $row in *c*) label="$label, --db-connections ${row#*c}" ;; esac
	awk -v label="$label" -v moves="$(fig moves "$f")" -v secs="$(fig seconds "$f")" \
		-v stored="$(fig stored "$f")" -v load="$(fig load "$f")" \
		-v acts="$(fig human_acts "$f")" -v p50="$(fig p50_ms "$f")" -v p99="$(fig p99_ms "$f")" \
		-v cq="$(fig cpu_quiver "$f")" -v cp="$(fig cpu_postgres "$f")" \
		-v ch="$(fig cpu_haproxy "$f")" -v x="$(fig xacts "$f")" \
		-v r503="$(fig retried_503 "$f")" -v r1012="$(fig reopened_1012 "$f")" \
		-v r409="$(fig retried_409 "$f")" -v never="$(fig unopened "$f")" \
		-v err="$(fig errors "$f")" 'BEGIN {
		# Without a count of the stored actions (no sqlite3 program, say), per move seen.
		m = stored > 0 ? stored : moves > 0 ? moves : 1
		if (stored == "")
			label = label " (per move seen)"
		printf "| %s | %s | %.0f | %.0f | %.1f | %s ms | %s ms | %.3f ms | %.3f ms | %s | %s | %s | %s | %s | %s | %s |\n",
		    label, load, moves / secs, stored / secs, acts / secs, p50, p99, 1000 * cq / m,
		    1000 * cp / m, ch == "" ? "—" : sprintf("%.3f ms", 1000 * ch / m),
		    x == "" ? "—" : sprintf("%.2f", x / m), r503, r1012, r409, never, err
	}'
done
echo "($seconds s a row; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end)"
