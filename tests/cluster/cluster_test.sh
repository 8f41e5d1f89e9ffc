#!/usr/bin/env bash
# tests/cluster/cluster_test.sh SCRIPT QUIVER - the smoke test of scripts/cluster.sh (`make
# cluster`; ctest cluster/script): started with --port 0 (every port a free one), it prints the
# address to open within 120 s; GET /api/games and GET / through HAProxy answer 200; ten tables
# made through HAProxy are each joined at once with 200 (no 503: a table is born where it
# lives, docs/deploy.md); after SIGINT it ends within 60 s with status 0, its last line saying
# so, and nothing of it is left: not HAProxy, not the three `quiver serve`, not PostgreSQL's postmaster, not HAProxy's port,
# not its temporary folder nor pg_virtualenv's. Exits 77 (ctest's SKIP_RETURN_CODE) with a line
# saying why when PostgreSQL or HAProxy is not installed.
set -u
script=$1
quiver=$2

if ! command -v pg_virtualenv >/dev/null 2>&1 ||
	! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
	echo "skipped: no PostgreSQL server or pg_virtualenv (scripts/install-deps.sh installs postgresql)"
	exit 77
fi
if ! command -v haproxy >/dev/null 2>&1; then
	echo "skipped: haproxy is not installed (scripts/install-deps.sh installs it)"
	exit 77
fi

out=$(mktemp)
pid=
finish() {
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		kill -TERM "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	fi
	rm -f "$out"
}
trap finish EXIT
fail() {
	echo "cluster/script: $*"
	echo "--- scripts/cluster.sh said:"
	cat "$out"
	exit 1
}

# A job of its own (set -m): a script's background job would ignore SIGINT.
set -m
"$script" --port 0 --quiver "$quiver" >"$out" 2>&1 &
pid=$!
set +m

for ((i = 0; i < 1200; i++)); do
	grep -q '^quiver cluster: open http://' "$out" && break
	kill -0 "$pid" 2>/dev/null || fail "it ended before printing the address"
	sleep 0.1
done
port=$(sed -n 's|^quiver cluster: open http://127\.0\.0\.1:\([0-9]*\)/ .*|\1|p' "$out")
[ -n "$port" ] || fail "no address within 120 s"
# Wait for the table below the address (it follows at once).
for ((i = 0; i < 50; i++)); do
	grep -q '^  the processes' "$out" && break
	sleep 0.1
done

# A GET on 127.0.0.1:$port: the status line's code, then the body.
get() {
	(
		exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
		printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$1" "$port" >&3
		timeout 10 cat <&3
	) 2>/dev/null | sed -n '1s/^HTTP\/1\.[01] \([0-9]*\).*/\1/p; /^\r$/,$p'
}
games=$(get /api/games)
[ "$(echo "$games" | head -n 1)" = 200 ] || fail "GET /api/games through HAProxy: $games"
echo "$games" | grep -q '"three-arrows"' || fail "GET /api/games lists no three-arrows: $games"
page=$(get /)
[ "$(echo "$page" | head -n 1)" = 200 ] || fail "GET / through HAProxy: $(echo "$page" | head -n 3)"

# A POST of JSON $2 to $1 on 127.0.0.1:$port: the status line's code, then the body.
post() {
	(
		exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
		printf 'POST %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\nContent-Type: application/json\r\n' \
			"$1" "$port" >&3
		printf 'Content-Length: %d\r\n\r\n%s' "${#2}" "$2" >&3
		timeout 10 cat <&3
	) 2>/dev/null | sed -n '1s/^HTTP\/1\.[01] \([0-9]*\).*/\1/p; /^\r$/,$p'
}
# A table born where it lives: ten tables of two people made through HAProxy, each made by one
# of the processes (its id begins with that process's --id-prefix, 1 to 3) and joined at once
# through HAProxy: every join is answered by the process that made the table, never 503 while
# the table moves to another.
for ((k = 0; k < 10; k++)); do
	made=$(post /api/tables '{"game": "three-arrows", "seats": ["human", "human"]}')
	[ "$(echo "$made" | head -n 1)" = 201 ] || fail "POST /api/tables through HAProxy: $made"
	id=$(echo "$made" | sed -n 's/.*"id": *"\([0-9a-f]\{16\}\)".*/\1/p')
	case $id in
	[123]*) ;;
	*) fail "table '$id' made through HAProxy: its id begins with no process's --id-prefix" ;;
	esac
	joined=$(post "/api/tables/$id/join" '{"seat": "p1"}')
	[ "$(echo "$joined" | head -n 1)" = 200 ] || fail "the first join of $id: $joined"
done

# What must be gone after SIGINT: every pid of the table, the temporary folders.
pids=$(sed -n 's/^  \(haproxy\|quiver[0-9]\|postgresql\) \+[0-9.:]\+ \+\([0-9]\+\) .*/\2/p' "$out")
[ "$(echo "$pids" | wc -w)" = 5 ] || fail "not 5 pids (haproxy, 3 processes, postgres): $pids"
tmp=$(sed -n 's|^  haproxy .* \(/.*\)/haproxy\.log$|\1|p' "$out")
pgdir=$(sed -n 's|^  postgresql .* \(/.*\)/log/$|\1|p' "$out")
if [ ! -d "$tmp" ] || [ ! -d "$pgdir" ]; then
	fail "no temporary folders ('$tmp', '$pgdir')"
fi

kill -INT "$pid"
for ((i = 0; i < 600; i++)); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
kill -0 "$pid" 2>/dev/null && fail "still running 60 s after SIGINT"
wait "$pid"
rc=$?
pid=
[ "$rc" = 0 ] || fail "exit status $rc after SIGINT"
tail -n 1 "$out" | grep -q '^quiver cluster: stopped ' || fail "no line saying it stopped"
# A process is left when it exists and is not a zombie (one whose parent is gone waits for init
# to reap it, which a container's init may never do).
for p in $pids; do
	state=$(sed 's/.*) //' "/proc/$p/stat" 2>/dev/null | cut -d ' ' -f 1)
	[ -z "$state" ] || [ "$state" = Z ] ||
		fail "process $p left running: $(tr '\0' ' ' <"/proc/$p/cmdline")"
done
[ ! -e "$tmp" ] || fail "$tmp left"
[ ! -e "$pgdir" ] || fail "$pgdir (pg_virtualenv's) left"
(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && fail "something still listens on $port"
echo "cluster/script: HAProxy on $port answered /api/games and /, ten tables joined at once;" \
	"after SIGINT nothing is left"
