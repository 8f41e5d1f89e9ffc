#!/bin/sh
# tests/cluster/pg_run.sh - runs a command against a throwaway PostgreSQL cluster: Debian's
# pg_virtualenv (postgresql-common) makes one in a temporary folder (as the user postgres when
# run as root, which initdb refuses), runs the command with libpq's PGHOST, PGPORT, PGUSER,
# PGPASSWORD and PGDATABASE set, and removes the cluster after. QV_TEST_PG=1 tells the server
# tests' harness (tests/server/harness.c) to make each database there.
# Usage: pg_run.sh COMMAND [ARG...]. Exits 77 (ctest's SKIP_RETURN_CODE) with a line saying
# why when PostgreSQL is not installed (scripts/install-deps.sh installs it for the tests).
if ! command -v pg_virtualenv >/dev/null 2>&1; then
	echo "skipped: no pg_virtualenv (Debian's postgresql-common; scripts/install-deps.sh installs postgresql)"
	exit 77
fi
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
	echo "skipped: no PostgreSQL server in /usr/lib/postgresql (scripts/install-deps.sh installs postgresql)"
	exit 77
fi
# A cluster of its own in a temporary folder even as root (-t: pg_virtualenv as root would
# otherwise make the one cluster 15/regress in /etc/postgresql, which two runs at once, as
# ctest -j2 starts them, would share), on a port of its own: a free one picked at random
# (pg_virtualenv's own pick, the first free from 5432, would race with a run starting at once),
# below the kernel's range of ports for outgoing connections (a port picked there was once
# some connection's local port, and PostgreSQL could not bind it), and used by no socket at
# all, listening or connected.
eph=$(cut -f 1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null)
case $eph in '' | *[!0-9]*) eph=32768 ;; esac
[ "$eph" -gt 12000 ] || eph=32768
port=
for try in 1 2 3 4 5 6 7 8 9 10; do
	p=$(( 10000 + $(od -An -N2 -tu2 /dev/urandom) % (eph - 10000) ))
	if ! ss -Htan exclude time-wait "sport = :$p" 2>/dev/null | grep -q .; then
		port=$p
		break
	fi
done
if [ -z "$port" ]; then
	echo "pg_run.sh: no free port found for the cluster" >&2
	exit 1
fi
PGPORT=$port
QV_TEST_PG=1
export PGPORT QV_TEST_PG
exec pg_virtualenv -t "$@"
