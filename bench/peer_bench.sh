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
#   BASE=path/to/quiver   also runs this build (the previous release) in the same run: ROUNDS
#                         rounds (default 3) of BASE then QUIVER, one after the other, so that
#                         both meet the same machine, then boardgame.io once; the last table
#                         gives each round's CPU a move of QUIVER over BASE's.
#
# Needs node and the npm packages of package-lock.json (`npm ci`).
set -eu
quiver=$1
tables=${2:-200}
think=${3:-500}
seconds=${4:-60}
base=${BASE:-}
rounds=${ROUNDS:-3}
here=$(dirname "$0")
if ! node -e 'require.resolve("boardgame.io/server")' 2>/dev/null; then
	echo "peer_bench.sh: boardgame.io is not installed: run npm ci in $(pwd)" >&2
	exit 1
fi
case $rounds in
'' | *[!0-9]* | 0) echo "peer_bench.sh: ROUNDS must be a whole number from 1" >&2 && exit 2 ;;
esac
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM
# run LABEL SERVER [QUIVER]: one run, its JSON line labelled
run() {
	echo "peer_bench.sh: $1, $tables tables, ${think} ms think, ${seconds} s" >&2
	line=$(node "$here/peer/load.mjs" --server "$2" --quiver "${3:-$quiver}" --tables "$tables" \
		--think "$think" --seconds "$seconds")
	echo "{\"label\": \"$1\", \"run\": $line}" >>"$out"
}
if [ -n "$base" ]; then
	i=1
	while [ "$i" -le "$rounds" ]; do
		run "base $i" quiver "$base"
		run "quiver $i" quiver
		i=$((i + 1))
	done
else
	run quiver quiver
fi
run bgio bgio
cat "$out"
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
const name = (l) => l === "bgio" ? "boardgame.io 0.50.2" : l.startsWith("base") ?
  "BASE" + l.slice(4) : "quiver serve" + l.slice(6);
const col = (s, w) => String(s).padStart(w);
console.log(["server".padEnd(20), col("moves/s", 8), col("CPU ms/move", 12), col("p50 ms", 8),
  col("p99 ms", 8), col("KiB/table", 10), col("errors", 7)].join(" "));
for (const { label, run: r } of rows)
  console.log([name(label).padEnd(20), col(r.moves_per_s, 8), col(r.cpu_ms_per_move, 12),
    col(r.p50_ms, 8), col(r.p99_ms, 8), col(r.kib_per_table, 10), col(r.errors, 7)].join(" "));
const of = (p) => rows.filter((x) => x.label.startsWith(p)).map((x) => x.run);
const b = of("base "), q = of("quiver ");
if (b.length) {
  const sum = (a, k) => a.reduce((s, r) => s + r[k], 0);
  console.log("CPU a move, quiver over BASE by round: " +
    b.map((r, i) => (q[i].cpu_ms_per_move / r.cpu_ms_per_move).toFixed(3)).join(", ") +
    "; over all rounds " + (sum(q, "cpu_ms_per_move") / sum(b, "cpu_ms_per_move")).toFixed(3) +
    "; KiB a table " + (sum(q, "kib_per_table") / sum(b, "kib_per_table")).toFixed(3));
}
' "$out"
