#!/bin/sh
# peer_bench.sh - `quiver serve` beside a boardgame.io 0.50.2 server (bench/peer/) under one load
# generator (bench/peer/load.mjs): the same number of two-person tables, the same clients and
# think time, each server alone on the machine in turn (quiver first), on 127.0.0.1. Prints each
# server's CPU per move, p50/p99 act-to-update latency and RSS per idle table (after 4 moves a
# table, both seats connected) side by side, and each run's JSON line. `make bench-serve` runs
# it; docs/benchmarks.md has the figures.
#
#   bench/peer_bench.sh QUIVER [TABLES] [THINK_MS] [SECONDS]     (200, 500, 60)
#
# Needs node and the npm packages of package-lock.json (`npm ci`).
set -eu
quiver=$1
tables=${2:-200}
think=${3:-500}
seconds=${4:-60}
here=$(dirname "$0")
if ! node -e 'require.resolve("boardgame.io/server")' 2>/dev/null; then
	echo "peer_bench.sh: boardgame.io is not installed: run npm ci in $(pwd)" >&2
	exit 1
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM
for server in quiver bgio; do
	echo "peer_bench.sh: $server, $tables tables, ${think} ms think, ${seconds} s" >&2
	node "$here/peer/load.mjs" --server "$server" --quiver "$quiver" --tables "$tables" \
		--think "$think" --seconds "$seconds" >>"$out"
done
cat "$out"
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
const name = { quiver: "quiver serve", bgio: "boardgame.io 0.50.2" };
const col = (s, w) => String(s).padStart(w);
console.log(["server".padEnd(20), col("moves/s", 8), col("CPU ms/move", 12), col("p50 ms", 8),
  col("p99 ms", 8), col("KiB/table", 10), col("errors", 7)].join(" "));
for (const r of rows)
  console.log([name[r.server].padEnd(20), col(r.moves_per_s, 8), col(r.cpu_ms_per_move, 12),
    col(r.p50_ms, 8), col(r.p99_ms, 8), col(r.kib_per_table, 10), col(r.errors, 7)].join(" "));
' "$out"
