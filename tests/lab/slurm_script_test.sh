#!/usr/bin/env bash
# slurm_script_test.sh QUIVER LAB_SLURM - scripts/lab-slurm.sh without a cluster (ctest
# `lab/slurm-script`; lab/slurm runs it on a real one, as root): its help and its refusals
# (no `--`, a bad K, --out or --shard after `--`, no sbatch), a dry run's batch scripts, the
# two submissions through a stand-in sbatch (the array 0..K-1, the merge after it, the job ids
# and squeue in what it prints), and the batch scripts it wrote run by hand as Slurm would run
# them, array index by array index, then the merge: the report is byte-identical to `quiver lab
# run` on one machine. Runs in a fresh temporary directory.
set -u
Q=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
LAB_SLURM=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
# shellcheck source=../cli/check_lib.sh
. "$(dirname "$0")/../cli/check_lib.sh"

study=(three-arrows --agents random --games 12 --component-games 2 --ladder-games 0 --seed 5)

# ---- help and refusals ----
expect_rc 0 "$LAB_SLURM" --help
contains out.txt "Usage: scripts/lab-slurm.sh --shards K --out DIR"
expect_rc 2 "$LAB_SLURM" --shards 4 --out study three-arrows
contains err.txt "missing '--'"
expect_rc 2 "$LAB_SLURM" --shards 4 --out study --
contains err.txt "nothing after '--'"
for k in 0 -1 x 2.5; do
	expect_rc 2 "$LAB_SLURM" --shards "$k" --out study --quiver "$Q" -- three-arrows
	contains err.txt "--shards must be a whole number of at least 1, got '$k'"
done
expect_rc 2 "$LAB_SLURM" --out study --quiver "$Q" -- three-arrows
contains err.txt "missing --shards K"
for a in --out --shard=1/2 --threads; do
	expect_rc 2 "$LAB_SLURM" --shards 2 --out study --quiver "$Q" -- three-arrows "$a" x
	contains err.txt "'$a' after '--'"
done
expect_rc 2 "$LAB_SLURM" --shards 2 --out "a b" --quiver "$Q" -- three-arrows
contains err.txt "may not hold spaces"
expect_rc 2 "$LAB_SLURM" --shards 2 --out study --quiver "$PWD/none" -- three-arrows
contains err.txt "is not an executable file"
# Without sbatch on PATH (a PATH of the few tools the script needs before it looks).
mkdir bin-nosbatch
for t in dirname basename mkdir cat; do
	ln -s "$(command -v "$t")" "bin-nosbatch/$t"
done
PATH="$PWD/bin-nosbatch" expect_rc 2 "$BASH" "$LAB_SLURM" --shards 2 --out study --quiver "$Q" \
	-- three-arrows
contains err.txt "sbatch not found"
[ ! -e study ] || fail "a refused submission left the folder study"

# ---- a dry run writes the batch scripts and submits nothing ----
expect_rc 0 "$LAB_SLURM" --shards 3 --out dry --quiver "$Q" --partition games --time 0:30:00 \
	--cpus 2 --sbatch --account=lab --dry-run -- "${study[@]}" --param "name=a b"
contains out.txt "sbatch --parsable --array=0-2 $PWD/dry/slurm/shards.sbatch"
contains out.txt "--dependency=afterok:<the array's job id> $PWD/dry/slurm/merge.sbatch"
for f in shards merge; do
	contains "dry/slurm/$f.sbatch" "#SBATCH --partition=games"
	contains "dry/slurm/$f.sbatch" "#SBATCH --time=0:30:00"
	contains "dry/slurm/$f.sbatch" "#SBATCH --account=lab"
done
contains dry/slurm/shards.sbatch "#SBATCH --cpus-per-task=2"
contains dry/slurm/shards.sbatch "#SBATCH --output=$PWD/dry/slurm/shard-%a.out"
contains dry/slurm/shards.sbatch "--param name=a\\ b"
contains dry/slurm/shards.sbatch "--shard \"\$k/3\""
contains dry/slurm/merge.sbatch "#SBATCH --cpus-per-task=1"
contains dry/slurm/merge.sbatch "lab merge $PWD/dry/shards/*.lab --out $PWD/dry"
# Outside an array job the shard script says how to submit it.
env -u SLURM_ARRAY_TASK_ID bash dry/slurm/shards.sbatch >out.txt 2>err.txt
contains err.txt "submit this script as an array job: sbatch --array=0-2"

# ---- the submissions, through a stand-in sbatch that keeps its arguments ----
mkdir bin-fake
cat >bin-fake/sbatch <<'EOF'
#!/usr/bin/env bash
# A stand-in for sbatch: keeps its arguments, answers job ids 41, 42, ... as --parsable does.
n=$(($(wc -l <"$FAKE_SBATCH_LOG") + 41))
echo "$*" >>"$FAKE_SBATCH_LOG"
echo "$n;cluster"
EOF
chmod +x bin-fake/sbatch
: >sbatch.log
FAKE_SBATCH_LOG=$PWD/sbatch.log PATH="$PWD/bin-fake:$PATH" expect_rc 0 "$LAB_SLURM" \
	--shards 4 --out study --quiver "$Q" -- "${study[@]}"
contains out.txt "shards: job 41, array 0-3"
contains out.txt "merge:  job 42"
contains out.txt "squeue -j 41,42"
[ "$(sed -n 1p sbatch.log)" = "--parsable --array=0-3 $PWD/study/slurm/shards.sbatch" ] ||
	fail "the array was submitted as: $(sed -n 1p sbatch.log)"
[ "$(sed -n 2p sbatch.log)" = "--parsable --kill-on-invalid-dep=yes --dependency=afterok:41 $PWD/study/slurm/merge.sbatch" ] ||
	fail "the merge was submitted as: $(sed -n 2p sbatch.log)"

# ---- the batch scripts run as Slurm runs them, then compared with one machine ----
for k in 0 1 2 3; do
	SLURM_ARRAY_TASK_ID=$k SLURM_CPUS_PER_TASK=1 bash study/slurm/shards.sbatch >/dev/null 2>err.txt ||
		fail "shard $k: $(head -c 400 err.txt)"
done
bash study/slurm/merge.sbatch >/dev/null 2>err.txt || fail "the merge: $(head -c 400 err.txt)"
expect_rc 0 "$Q" lab run "${study[@]}" --out one
for f in report.html report.json games.csv; do
	cmp -s "one/$f" "study/$f" || fail "$f of the 4 shards differs from the one-machine run's"
done
# A second study into the same folder is refused while the first one's shards are there.
FAKE_SBATCH_LOG=$PWD/sbatch.log PATH="$PWD/bin-fake:$PATH" expect_rc 2 "$LAB_SLURM" \
	--shards 4 --out study --quiver "$Q" -- "${study[@]}"
contains err.txt "already holds 4 shard file(s) of an earlier study"

finish lab/slurm-script
