#!/usr/bin/env bash
# Runs a command while N busy loops keep the machine's cores busy, to check that the tests pass on
# a loaded machine (docs/history/benchmarks-2.md, "Under load"). The loops are plain shell loops
# at nice 0, as busy as any other program; they are started here, stopped here when the command
# ends (or this script is interrupted), and end by themselves after MAX seconds in any case.
# Prints the command's wall time and the load average before, during (every minute, to stderr)
# and after. Exits with the command's status.
#
# Usage: bench/under_load.sh [-n N] [-t MAX] -- COMMAND...
#   -n N    busy loops (default 8: a load of 8 on top of whatever else runs)
#   -t MAX  seconds after which the loops stop by themselves (default 5400)
set -uo pipefail
n=8
max=5400
while [ $# -gt 0 ]; do
	case "$1" in
	-n) n=$2; shift 2 ;;
	-t) max=$2; shift 2 ;;
	--) shift; break ;;
	*) echo "usage: bench/under_load.sh [-n N] [-t MAX] -- COMMAND..." >&2; exit 2 ;;
	esac
done
[ $# -gt 0 ] || { echo "under_load.sh: no command given (after --)" >&2; exit 2; }
case "$n$max" in *[!0-9]*) echo "under_load.sh: -n and -t take whole numbers" >&2; exit 2 ;; esac

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }

pids=()
stop_loops() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
	pids=()
}
trap stop_loops EXIT
trap 'exit 130' INT TERM

echo "under_load: load average before: $(loadavg); starting $n busy loops (at most ${max} s)"
for ((i = 0; i < n; i++)); do
	timeout "$max" nice -n 0 bash -c 'while :; do :; done' &
	pids+=($!)
done
# The load average, once a minute, while the command runs.
(
	while sleep 60; do echo "under_load: $(date -u +%H:%M:%S) load average $(loadavg)" >&2; done
) &
sampler=$!
start=$(date +%s.%N)
"$@"
rc=$?
end=$(date +%s.%N)
kill "$sampler" 2>/dev/null
wait "$sampler" 2>/dev/null
echo "under_load: load average at the end: $(loadavg)"
stop_loops
printf 'under_load: %s took %.0f s with %d busy loops; exit status %d\n' "$*" \
	"$(echo "$end - $start" | bc)" "$n" "$rc"
exit "$rc"
