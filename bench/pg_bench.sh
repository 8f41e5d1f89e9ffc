#!/bin/sh
# bench/pg_bench.sh - what one PostgreSQL primary sustains on this machine, measured with
# pgbench in a throwaway cluster (tests/cluster/pg_run.sh, which the script runs itself under):
# pgbench's default TPC-B-like script at scale 10 (pgbench -i -s 10), then bench/pg_act.sql,
# a transaction shaped like one quiver act (its tables made by bench/pg_act_setup.sql), with 1,
# 2, 3 and 4 clients (a `quiver serve` process holds one connection to PostgreSQL, its
# statements one after another, so the clients stand for processes). It prints pgbench's own
# report of each run. docs/history/benchmarks-5.md, "quiver serve on PostgreSQL", has the figures.
# Usage: [QV_FSYNC=on] bench/pg_bench.sh [SECONDS] (each run; default 30, at most 300);
# QV_FSYNC=on: PostgreSQL with fsync on (tests/cluster/pg_run.sh makes its clusters without).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
seconds=${1:-30}
case $seconds in
'' | *[!0-9]*) echo "pg_bench.sh: SECONDS is a whole number" >&2; exit 2 ;;
esac
if [ "$seconds" -lt 1 ] || [ "$seconds" -gt 300 ]; then
	echo "pg_bench.sh: SECONDS from 1 to 300" >&2
	exit 2
fi
if [ -z "${QV_PG_BENCH:-}" ]; then
	QV_PG_BENCH=1
	export QV_PG_BENCH
	exec "$root/tests/cluster/pg_run.sh" sh "$here/pg_bench.sh" "$@"
fi
for p in /usr/lib/postgresql/*/bin/pgbench; do pgbench=$p; done
# QV_FSYNC=on: PostgreSQL with fsync (tests/cluster/pg_run.sh makes its clusters without).
if [ "${QV_FSYNC:-}" = on ]; then
	psql -XAqc "ALTER SYSTEM SET fsync = on" -c "SELECT pg_reload_conf()" >/dev/null || exit 1
	sleep 1
fi
echo "PostgreSQL $(psql -XAtc 'SHOW server_version');" \
	"fsync $(psql -XAtc 'SHOW fsync'), synchronous_commit $(psql -XAtc 'SHOW synchronous_commit')," \
	"shared_buffers $(psql -XAtc 'SHOW shared_buffers'); $(nproc) cores"
psql -XAqc "CREATE DATABASE qv_tpcb" || exit 1
psql -XAqc "CREATE DATABASE qv_act" || exit 1
echo "== pgbench -i -s 10"
PGDATABASE=qv_tpcb "$pgbench" -q -i -s 10 || exit 1
echo "== TPC-B-like: pgbench -c 4 -j 2 -T $seconds"
PGDATABASE=qv_tpcb "$pgbench" -c 4 -j 2 -T "$seconds" || exit 1
echo "== bench/pg_act_setup.sql"
PGDATABASE=qv_act psql -XAq -v ON_ERROR_STOP=1 -f "$here/pg_act_setup.sql" || exit 1
for c in 1 2 3 4; do
	j=$((c < 2 ? c : 2))
	echo "== one act: pgbench -n -M prepared -f bench/pg_act.sql -c $c -j $j -T $seconds"
	PGDATABASE=qv_act "$pgbench" -n -M prepared -f "$here/pg_act.sql" -c "$c" -j "$j" \
		-T "$seconds" || exit 1
done
echo "(load average $(cut -d' ' -f1-3 /proc/loadavg) at the end)"
