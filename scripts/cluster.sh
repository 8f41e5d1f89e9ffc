#!/usr/bin/env bash
# scripts/cluster.sh - a whole site of several processes on one machine, to try it (`make
# cluster`; docs/deploy.md, "More than one machine"): a throwaway PostgreSQL cluster
# (pg_virtualenv -t), three `quiver serve` processes on one database of it, and HAProxy in front
# of them with docs/deploy/haproxy-cluster.cfg itself, everything on 127.0.0.1. Ctrl-C (SIGINT),
# SIGTERM or SIGHUP stops everything and removes the cluster and the temporary folder.
#
# Every child runs in a session of its own (setsid), so that a Ctrl-C reaches this script alone
# and everything stops in order: HAProxy, the processes, then PostgreSQL. Should this script be
# killed without a chance to stop them (kill -9), HAProxy and the processes get SIGTERM from the
# kernel (setpriv --pdeathsig), and PostgreSQL, which lives as long as a small command that
# pg_virtualenv runs (the holder below), goes too: the holder ends when this script asks or is
# gone, and pg_virtualenv then stops and removes the cluster.
set -u

root=$(cd "$(dirname "$0")/.." && pwd)
cfg=$root/docs/deploy/haproxy-cluster.cfg
# The configuration names three servers; more would need more `server` lines in it.
n=3

usage() {
	cat <<EOF
usage: scripts/cluster.sh [--port P] [--quiver PATH]

Starts on 127.0.0.1 a throwaway PostgreSQL cluster (pg_virtualenv -t, on a free port), three
\`quiver serve\` processes on one database of it, each on a free port and in a working folder
of its own, and HAProxy in front of them with docs/deploy/haproxy-cluster.cfg. Once HAProxy
answers GET /api/games it prints the address to open, then where each part listens, its pid
and its log. Ctrl-C (or SIGTERM) stops everything and removes the cluster, the logs and the
temporary folder. A process that stops meanwhile is reported and HAProxy sends its share to
the others; when HAProxy, PostgreSQL or every process stops, everything stops.

  --port P       where HAProxy listens (default \$CLUSTER_PORT, else 8090); 0, or a port
                 that is busy, takes a free one, and says so
  --quiver PATH  the quiver program (default \$QUIVER, else build/quiver of this tree);
                 it finds the pages, rules and lessons by itself
  -h, --help     this help

It needs PostgreSQL's server with pg_virtualenv (Debian's postgresql) and haproxy:
\`make cluster\` installs them (scripts/install-deps.sh --play postgresql haproxy) and builds
quiver first.
EOF
}

say() { echo "quiver cluster: $*"; }
die() {
	echo "quiver cluster: $*" >&2
	exit 1
}

port=${CLUSTER_PORT:-8090}
quiver=${QUIVER:-$root/build/quiver}
while [ $# -gt 0 ]; do
	case $1 in
	-h | --help)
		usage
		exit 0
		;;
	--port | --quiver)
		[ $# -ge 2 ] || die "$1 needs a value (see --help)"
		if [ "$1" = --port ]; then port=$2; else quiver=$2; fi
		shift 2
		;;
	--port=*) port=${1#--port=}; shift ;;
	--quiver=*) quiver=${1#--quiver=}; shift ;;
	*) die "unknown argument '$1' (see --help)" ;;
	esac
done
case $port in
'' | *[!0-9]*) die "--port: '$port' is not a port number (0 to 65535)" ;;
esac
[ "$port" -le 65535 ] || die "--port: $port is not a port number (0 to 65535)"
[ -x "$quiver" ] || die "no quiver program at $quiver: build it first (\`make cluster\` does)"
quiver=$(cd "$(dirname "$quiver")" && pwd)/$(basename "$quiver")
[ -f "$cfg" ] || die "no $cfg"

missing=()
what=
if ! command -v pg_virtualenv >/dev/null 2>&1 ||
	! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
	missing+=(postgresql)
	what="PostgreSQL's server with pg_virtualenv"
fi
if ! command -v haproxy >/dev/null 2>&1; then
	missing+=(haproxy)
	what="$what${what:+ and }HAProxy"
fi
if [ ${#missing[@]} -gt 0 ]; then
	die "needs $what (Debian: ${missing[*]}), not installed:" \
		"\`scripts/install-deps.sh --play ${missing[*]}\` installs it (\`make cluster\` does)," \
		"or \`sudo apt-get install ${missing[*]}\`"
fi

# Whether a TCP socket of this machine uses the port $1, listening or connected (a connection's
# local port keeps a listener from binding it too); a closed connection's TIME-WAIT does not.
busy() {
	if command -v ss >/dev/null 2>&1; then
		ss -Htan exclude time-wait "sport = :$1" 2>/dev/null | grep -q .
	else
		(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
	fi
}

# A free port picked at random (the first free one from a fixed start would race with another
# run starting at once), or nothing: below the kernel's range of ports for outgoing connections
# when there is room there (from 32768 by default), so that no connection takes it meanwhile.
free_port() {
	local _ p lo=20000 span=30000 eph
	eph=$(cut -f 1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null)
	if [ -n "$eph" ] && [ "$eph" -gt 12000 ]; then
		lo=10000
		span=$((eph - 10000))
	fi
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		p=$((lo + $(od -An -N2 -tu2 /dev/urandom) % span))
		busy "$p" || {
			echo "$p"
			return
		}
	done
}

# The status code of GET $2 on 127.0.0.1:$1 (HTTP/1.0, so the server closes after its answer),
# or nothing; at most 3 s.
http_status() {
	(
		exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
		printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$2" "$1" >&3
		read -r -t 3 _ code _ <&3 && echo "$code"
	) 2>/dev/null
}

alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

# Waits up to $2 tenths of a second for the process $1 to end; true if it did.
gone_within() {
	local i
	for ((i = 0; i < $2; i++)); do
		alive "$1" || return 0
		sleep 0.1
	done
	! alive "$1"
}

# SIGTERM to a child when this script dies (util-linux's setpriv, in every Debian).
orphan=()
setpriv --pdeathsig TERM true 2>/dev/null && orphan=(setpriv --pdeathsig TERM)

dir=$(mktemp -d -t quiver-cluster.XXXXXX) || die "cannot make a temporary folder"
pg_pid=
haproxy_pid=
qpid=()
qport=()
stopping=false

# Stops everything that runs, in order, and removes the temporary folder. A second Ctrl-C
# does not cut it short.
stop_all() {
	$stopping && return
	stopping=true
	trap '' INT TERM HUP
	local p left=()
	for p in "$haproxy_pid" "${qpid[@]}"; do
		alive "$p" && kill -TERM "$p" 2>/dev/null
	done
	for p in "$haproxy_pid" "${qpid[@]}"; do
		[ -n "$p" ] || continue
		if ! gone_within "$p" 100; then
			kill -KILL "$p" 2>/dev/null
			gone_within "$p" 20 || left+=("$p")
		fi
	done
	# The holder sees the file and ends; pg_virtualenv then stops and drops the cluster.
	: >"$dir/stop"
	if [ -n "$pg_pid" ] && ! gone_within "$pg_pid" 600; then
		left+=("$pg_pid (pg_virtualenv)")
	fi
	if [ ${#left[@]} -gt 0 ]; then
		echo "quiver cluster: still running after SIGKILL: ${left[*]}; the folder $dir is kept" >&2
		return 1
	fi
	rm -rf "$dir"
	say "stopped HAProxy, the processes and PostgreSQL; removed $dir"
}

# Stops everything after a failure at start, showing the end of the log that says why.
fail() {
	local log=$2
	echo "quiver cluster: $1" >&2
	if [ -s "$log" ]; then
		echo "--- the end of $log:" >&2
		tail -n 20 "$log" >&2
		echo "---" >&2
	fi
	stop_all >&2
	exit 1
}

trap 'stop_all; exit $?' INT TERM HUP

# Makes sure HAProxy's port is free: 0, or a busy port, becomes a free one picked at random.
free_listen_port() {
	local want=$port
	if [ "$port" -ne 0 ] && ! busy "$port"; then
		return
	fi
	port=$(free_port)
	[ -n "$port" ] || fail "no free port found for HAProxy" ""
	[ "$want" -eq 0 ] || say "port $want is busy: HAProxy listens on $port instead"
}
free_listen_port

# PostgreSQL: a cluster of its own in a temporary folder even as root (-t; initdb refuses root,
# and pg_virtualenv runs the server as the user postgres then), on a free port, with a
# database `quiver`. The holder writes the connection's variables to pg.env, then waits.
pg_port=$(free_port)
[ -n "$pg_port" ] || fail "no free port found for PostgreSQL" ""
say "starting PostgreSQL on port $pg_port, $n quiver serve processes and HAProxy on port $port"
# shellcheck disable=SC2016 # expanded by the holder, in pg_virtualenv's environment
holder='
dir=$1 parent=$2
createdb quiver || exit 1
base=${PG_CLUSTER_CONF_ROOT%/postgresql}
{
	echo "export PGHOST=127.0.0.1 PGPORT=$PGPORT PGUSER=$PGUSER PGDATABASE=quiver"
	echo "export PGPASSWORD=$PGPASSWORD"
} >"$dir/pg.env.tmp"
echo "$base/log" >"$dir/pg.logdir"
head -n 1 "$base/data/$PGVERSION/regress/postmaster.pid" >"$dir/pg.pid" 2>/dev/null
mv "$dir/pg.env.tmp" "$dir/pg.env"
while [ ! -e "$dir/stop" ] && kill -0 "$parent" 2>/dev/null; do sleep 0.2; done
exit 0'
(cd / && PGPORT=$pg_port exec setsid pg_virtualenv -t sh -c "$holder" holder "$dir" $$) \
	>"$dir/postgresql.log" 2>&1 </dev/null &
pg_pid=$!
for ((i = 0; i < 1200; i++)); do
	[ -e "$dir/pg.env" ] && break
	alive "$pg_pid" || fail "PostgreSQL did not start (pg_virtualenv's output below)" \
		"$dir/postgresql.log"
	sleep 0.1
done
[ -e "$dir/pg.env" ] || fail "PostgreSQL did not start within 120 s" "$dir/postgresql.log"
# shellcheck disable=SC1091
. "$dir/pg.env"
pg_logdir=$(cat "$dir/pg.logdir")
db="host=127.0.0.1 port=$PGPORT dbname=quiver user=$PGUSER"

# The processes, one after the other (the first to open the empty database gives it its schema),
# each on a free port (--port 0: it prints the one it took) and in a working folder of its own,
# where its crash-loop guard keeps its flight file (named after the database, so it must not be
# shared), process k with --id-prefix k (its use-server rule in the HAProxy file). The password
# reaches libpq through PGPASSWORD, out of the command line.
for ((k = 1; k <= n; k++)); do
	mkdir "$dir/quiver$k"
	log=$dir/quiver$k.log
	(cd "$dir/quiver$k" && exec setsid "${orphan[@]}" "$quiver" serve --host 127.0.0.1 --port 0 \
		--db "$db" --trusted-proxy 127.0.0.1 --id-prefix "$k") >"$log" 2>&1 </dev/null &
	qpid+=($!)
	for ((i = 0; i < 300; i++)); do
		p=$(sed -n 's|^serving http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$log" 2>/dev/null)
		[ -n "$p" ] && break
		alive "${qpid[k - 1]}" || fail "quiver$k stopped at start (its log below)" "$log"
		sleep 0.1
	done
	[ -n "$p" ] || fail "quiver$k did not listen within 30 s" "$log"
	qport+=("$p")
done

# HAProxy with the documented file, in the foreground of its own session (-db), without
# SO_REUSEPORT (-dR): a port that another program holds is refused rather than shared with it.
# Returns 1 if it stopped at start; waits up to 30 s for its answer to GET /api/games.
start_haproxy() {
	(cd / && QUIVER_LISTEN=127.0.0.1:$port QUIVER_SERVER1=127.0.0.1:${qport[0]} \
		QUIVER_SERVER2=127.0.0.1:${qport[1]} QUIVER_SERVER3=127.0.0.1:${qport[2]} \
		exec setsid "${orphan[@]}" haproxy -db -dR -f "$cfg") >"$dir/haproxy.log" 2>&1 </dev/null &
	haproxy_pid=$!
	for ((i = 0; i < 300; i++)); do
		alive "$haproxy_pid" || return 1
		[ "$(http_status "$port" /api/games)" = 200 ] && alive "$haproxy_pid" && return 0
		sleep 0.1
	done
	fail "HAProxy did not answer GET /api/games within 30 s" "$dir/haproxy.log"
}
# A port taken between its check and HAProxy's start is traded for a free one, twice at most.
for attempt in 1 2 3; do
	start_haproxy && break
	wait "$haproxy_pid" 2>/dev/null
	haproxy_pid=
	if [ "$attempt" -eq 3 ] || ! grep -q "cannot bind socket" "$dir/haproxy.log"; then
		fail "HAProxy stopped at start (its log below)" "$dir/haproxy.log"
	fi
	want=$port
	port=0
	free_listen_port
	say "port $want could not be bound: HAProxy listens on $port instead"
done

say "open http://127.0.0.1:$port/ ($n processes on PostgreSQL, HAProxy in front);" \
	"Ctrl-C stops everything"
printf '  %-10s %-17s %-9s %s\n' "" "listens on" "pid" "log"
printf '  %-10s %-17s %-9s %s\n' haproxy "127.0.0.1:$port" "$haproxy_pid" "$dir/haproxy.log"
for ((k = 1; k <= n; k++)); do
	printf '  %-10s %-17s %-9s %s\n' "quiver$k" "127.0.0.1:${qport[k - 1]}" "${qpid[k - 1]}" \
		"$dir/quiver$k.log"
done
printf '  %-10s %-17s %-9s %s\n' postgresql "127.0.0.1:$PGPORT" "$(cat "$dir/pg.pid" 2>/dev/null)" \
	"$pg_logdir/"
echo "  --db \"$db\" (the password in PGPASSWORD: . $dir/pg.env; psql)"
echo "  the processes expect HAProxy's PROXY header from 127.0.0.1 (--trusted-proxy):" \
	"reach them through HAProxy"

# Until a signal: a process that stops is reported (HAProxy sends its tables to the others);
# HAProxy, PostgreSQL or the last process stopping stops everything.
reported=()
while :; do
	wait -n 2>/dev/null || [ $? -ne 127 ] || sleep 1
	alive "$haproxy_pid" || fail "HAProxy stopped (its log below)" "$dir/haproxy.log"
	alive "$pg_pid" || fail "PostgreSQL stopped (pg_virtualenv's output below)" "$dir/postgresql.log"
	up=0
	for ((k = 1; k <= n; k++)); do
		if alive "${qpid[k - 1]}"; then
			up=$((up + 1))
		elif [ -z "${reported[k]:-}" ]; then
			reported[k]=1
			say "quiver$k (127.0.0.1:${qport[k - 1]}) stopped; HAProxy sends its tables to" \
				"the others (log: $dir/quiver$k.log)"
		fi
	done
	[ "$up" -gt 0 ] || fail "every quiver process stopped" ""
done
