#!/bin/sh
# tests/cluster/pg_run.sh - runs a command against a throwaway PostgreSQL cluster of its own: a
# copy of a freshly made cluster in a temporary folder, started on a free port of 127.0.0.1
# (as the user postgres when run as root, which initdb and postgres refuse), the command run
# with libpq's PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE set, and the cluster stopped
# and removed after it, or at once when this script is interrupted (INT, TERM: the command is
# sent TERM, and its end awaited). QV_TEST_PG=1 tells the server tests' harness
# (tests/server/harness.c) to make each database there; QV_TEST_PG_CTL names a program that
# stops (`stop`, fast) or starts (`start`) the cluster again, for the tests of a database that
# goes away.
# Usage: pg_run.sh COMMAND [ARG...]. Exits 77 (ctest's SKIP_RETURN_CODE) with a line saying
# why when PostgreSQL is not installed (scripts/install-deps.sh installs it for the tests).
#
# The cluster that is copied is made once (initdb) in TMPDIR, which `make test` gives each run
# of its own (scripts/with-test-tmpdir.sh), and kept there: initdb and Debian's pg_virtualenv,
# which this script used before, took some 2 s of processor time a cluster, for the 30-odd
# tests that each need one; a copy, a start and a stop take 0.5 s (docs/testing.md).
# shellcheck disable=SC2012 # the newest version's programs: ls and sort -V read the numbers
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/postgres" ] || [ ! -x "$bin/initdb" ]; then
	echo "skipped: no PostgreSQL server in /usr/lib/postgresql (scripts/install-deps.sh installs postgresql)"
	exit 77
fi
version=$(basename "$(dirname "$bin")")
tmp=${TMPDIR:-/tmp}

# As root, PostgreSQL's programs run as the user postgres (the server package makes it).
if [ "$(id -u)" = 0 ]; then
	if ! id postgres >/dev/null 2>&1; then
		echo "skipped: run as root and there is no user postgres to run PostgreSQL as"
		exit 77
	fi
	as_postgres='runuser -u postgres --'
	owner=postgres
else
	as_postgres=
	owner=$(id -un)
fi
# shellcheck disable=SC2086 # $as_postgres: a command's words, or none
as_pg() { $as_postgres "$@"; }

# The cluster to copy, made once for this TMPDIR (under a lock: ctest starts several at once)
# with a password of its own, which every copy shares.
template=$tmp/qv-pg$version-template
(
	flock 9
	if [ ! -f "$template/data/PG_VERSION" ]; then
		rm -rf "$template.new" &&
			mkdir -p "$template.new" &&
			od -An -N16 -tx1 /dev/urandom | tr -d ' \n' >"$template.new/password" &&
			chmod 600 "$template.new/password" &&
			chown "$owner" "$template.new" "$template.new/password" &&
			as_pg "$bin/initdb" -D "$template.new/data" -U postgres -A scram-sha-256 \
				--pwfile="$template.new/password" --no-sync -E UTF8 >"$template.new/initdb.log" 2>&1 &&
			mv "$template.new" "$template" || {
			echo "pg_run.sh: initdb failed:" >&2
			cat "$template.new/initdb.log" >&2 2>/dev/null
			exit 1
		}
	fi
) 9>"$template.lock" || exit 1

dir=$(mktemp -d "$tmp/qv-pg-XXXXXX") || exit 1
chmod 755 "$dir"
cp -a "$template/data" "$dir/data" && chown -R "$owner" "$dir/data" || exit 1
PGPASSWORD=$(cat "$template/password")

# The control program the tests that stop and start PostgreSQL call (QV_TEST_PG_CTL).
cat >"$dir/ctl" <<EOF
#!/bin/sh
# stop (fast: the sessions ended) or start the cluster in $dir/data
case \$1 in stop) set -- stop -m fast ;; start) ;; *) echo "usage: \$0 stop|start" >&2; exit 2 ;; esac
$as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w "\$@" >/dev/null
EOF
chmod 755 "$dir/ctl"

stop()
{
	as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1
	rm -rf "$dir"
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM

# A port picked at random (a run starting at once would race for the first free one) below
# the kernel's range of ports for outgoing connections (a port picked there was once some
# connection's local port, and PostgreSQL could not bind it) and used by no socket at all,
# listening or connected; another when PostgreSQL cannot have it after all.
eph=$(cut -f 1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null)
case $eph in '' | *[!0-9]*) eph=32768 ;; esac
[ "$eph" -gt 12000 ] || eph=32768
cat >>"$dir/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir/data'
fsync = off
EOF
started=
for _ in 1 2 3 4 5 6 7 8 9 10; do
	port=$((10000 + $(od -An -N2 -tu2 /dev/urandom) % (eph - 10000)))
	ss -Htan exclude time-wait "sport = :$port" 2>/dev/null | grep -q . && continue
	echo "port = $port" >>"$dir/data/postgresql.conf" # the last one counts
	if as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w start >/dev/null 2>&1; then
		started=1
		break
	fi
done
if [ -z "$started" ]; then
	echo "pg_run.sh: PostgreSQL did not start:" >&2
	cat "$dir/data/server.log" >&2 2>/dev/null
	stop
	exit 1
fi

PGHOST=127.0.0.1
PGPORT=$port
PGUSER=postgres
PGDATABASE=postgres
# The cluster has no SSL and no Kerberos: libpq asks for neither before each connection (by
# default it asks for both over TCP, which sets up OpenSSL and the GSSAPI libraries in the
# connecting thread for nothing).
PGSSLMODE=disable
PGGSSENCMODE=disable
QV_TEST_PG=1
QV_TEST_PG_CTL=$dir/ctl
export PGHOST PGPORT PGUSER PGPASSWORD PGDATABASE PGSSLMODE PGGSSENCMODE QV_TEST_PG QV_TEST_PG_CTL
# The command in the background, so that a signal to this script is acted on at once (a shell
# runs its traps only once the command in the foreground has ended).
"$@" <&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' INT TERM
while :; do
	wait "$child"
	rc=$?
	kill -0 "$child" 2>/dev/null || break
done
stop
exit "$rc"
