#!/usr/bin/env bash
# test_times.sh LOG [N] - the time table of a ctest run (docs/testing.md, "The time of make
# test"): the seconds of each family of tests (the part of the name before its first "/"), their
# count and sum, then the N longest tests (20 by default), from the log that `ctest` printed
# (`make test 2>&1 | tee LOG`, or `ctest -j2 | tee LOG` in a build folder). With two runs in the
# log, as `make test` prints them, each is its own table. The sums are test time, not the
# run's: `ctest -j2` runs two at once.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -r "$1" ]; then
	echo "usage: test_times.sh LOG [N]   (LOG: what ctest printed)" >&2
	exit 2
fi
n=${2:-20}
awk -v top="$n" '
	function table(   k, cmd, total) {
		if (!runs) return
		printf "run %d: %d tests, %.0f s of test time%s\n", runs, count, sum, \
		       real ? ", " real " s by the clock" : ""
		printf "| family | tests | seconds |\n| --- | --- | --- |\n"
		cmd = "sort -t\"|\" -k4 -g -r"
		for (k in fam) printf "| %s | %d | %.0f |\n", k, famn[k], fam[k] | cmd
		close(cmd)
		printf "\n| test | seconds |\n| --- | --- |\n"
		cmd = "sort -t\"|\" -k3 -g -r | head -n " top
		for (k in t) printf "| %s | %.1f |\n", k, t[k] | cmd
		close(cmd)
		printf "\n"
		delete fam; delete famn; delete t; count = 0; sum = 0; real = ""
	}
	/^ *[0-9]+\/[0-9]+ Test +#[0-9]+:/ {
		if (!open) { runs++; open = 1 }
		name = $0; sub(/.*Test +#[0-9]+: /, "", name); sub(/ .*/, "", name)
		s = $(NF - 1)
		f = name; sub(/\/.*/, "", f)
		t[name] = s; fam[f] += s; famn[f]++; count++; sum += s
	}
	/^Total Test time \(real\)/ { real = $(NF - 1); table(); open = 0 }
	END { if (open) table() }' "$1"
