#!/usr/bin/env bash
# lab-slurm.sh - a `quiver lab` study on a Slurm cluster: its shards as one job array, and the
# merge of their lines into the report as a job that waits for all of them (docs/lab.md, "On a
# Slurm cluster"). Each array task runs `quiver lab run ... --shard $SLURM_ARRAY_TASK_ID/K` and
# writes DIR/shards/shard-<k>-of-<K>.lab; the merge job runs `quiver lab merge` on them and
# writes DIR/report.html, DIR/report.json and DIR/games.csv, byte for byte what one machine's
# run would have written. The two batch scripts are kept in DIR/slurm/ with the jobs' output,
# so that a failed shard can be submitted again on its own.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/lab-slurm.sh --shards K --out DIR [options] -- GAME [quiver lab run options]
       scripts/lab-slurm.sh --shards K --out DIR [options] -- sweep GAME --vary PATH=LO..HI
                                                              [quiver lab sweep options]

Submits a `quiver lab run` study (or, after `-- sweep`, a `quiver lab sweep`) to Slurm as a
job array of K shards, and `quiver lab merge` as a job that starts when every shard has
succeeded. The options after `--` are those of `quiver lab run` or `quiver lab sweep`
(docs/cli.md), without --out, --shard and --threads, which this script sets.

  --shards K        the number of shards (array tasks 0..K-1), at least 1
  --out DIR         the study's folder: DIR/report.html, report.json and games.csv at the end,
                    the shards' lines in DIR/shards/, the batch scripts and the jobs' output in
                    DIR/slurm/; it must be on a file system the compute nodes share
  --quiver PATH     the quiver binary the jobs run, seen at the same path on every node
                    (default: quiver on PATH, else build/quiver of this checkout)
  --partition P     the partition of both jobs (default: the cluster's default)
  --time T          each job's time limit, in sbatch's format, e.g. 2:00:00 (default: the
                    partition's)
  --cpus C          CPUs per shard, given to `quiver lab run --threads` (default: 1)
  --sbatch OPTION   one more sbatch option for both jobs, e.g. --sbatch --account=games
                    (repeatable)
  --dry-run         write the batch scripts and print the sbatch commands without running them
  -h, --help        this help

It prints the two job ids and how to follow them. The results do not depend on K or C: the
merge is byte-identical to `quiver lab run` on one machine with the same options.
EOF
}

die() {
  echo "lab-slurm.sh: $*" >&2
  exit 2
}

root="$(cd "$(dirname "$0")/.." && pwd)"
shards=""
out=""
quiver=""
partition=""
time_limit=""
cpus=1
dry_run=false
extra=()
seen_dashes=false

# value NAME "$@": the value of option NAME, the next argument, or an error when there is none.
value() {
  if [ $# -lt 2 ] || [ "${2:0:2}" = -- ]; then
    die "$1 needs a value (--help for the usage)"
  fi
  printf '%s' "$2"
}

while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help)
      usage
      exit 0
      ;;
    --shards) shards=$(value "$@"); shift 2 ;;
    --out) out=$(value "$@"); shift 2 ;;
    --quiver) quiver=$(value "$@"); shift 2 ;;
    --partition) partition=$(value "$@"); shift 2 ;;
    --time) time_limit=$(value "$@"); shift 2 ;;
    --cpus) cpus=$(value "$@"); shift 2 ;;
    --sbatch)
      # An sbatch option starts with dashes itself, so `value` cannot be used.
      if [ $# -lt 2 ] || [ -z "$2" ]; then
        die "--sbatch needs an sbatch option, e.g. --sbatch --account=games"
      fi
      extra+=("$2")
      shift 2
      ;;
    --dry-run)
      dry_run=true
      shift
      ;;
    --)
      seen_dashes=true
      shift
      break
      ;;
    -*) die "unknown option '$1' before '--' (--help for the usage)" ;;
    *) die "missing '--' before '$1', the arguments of quiver lab run (--help for the usage)" ;;
  esac
done

# ---- the arguments ----
$seen_dashes || die "missing '--' before the arguments of quiver lab run (--help for the usage)"
[ $# -ge 1 ] || die "nothing after '--': give the game and the options of quiver lab run"
[ -n "$shards" ] || die "missing --shards K"
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || die "--shards must be a whole number of at least 1, got '$shards'"
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || die "--cpus must be a whole number of at least 1, got '$cpus'"
[ -n "$out" ] || die "missing --out DIR"
# The folder is written into #SBATCH lines and output patterns, where sbatch gives '%' a
# meaning and splits at white space: such a name is refused rather than half understood.
case "$out" in
  *[[:space:]%\"\'\\]*) die "--out '$out': the folder's path may not hold spaces, quotes, '%' or '\\'" ;;
esac
for a in "$@"; do
  case "$a" in
    --out | --out=* | --shard | --shard=*)
      die "'$a' after '--': this script sets --out and --shard of each job itself"
      ;;
    --threads | --threads=*)
      die "'$a' after '--': the shards' threads are their CPUs, set them with --cpus"
      ;;
  esac
done
for o in "${extra[@]+"${extra[@]}"}"; do
  case "$o" in
    -*) ;;
    *) die "--sbatch '$o': expected an sbatch option such as --account=games" ;;
  esac
  case "$o" in
    *[[:space:]]*) die "--sbatch '$o': write the option as one word, --name=value" ;;
    --array | --array=* | -a* | --dependency | --dependency=* | -d*)
      die "--sbatch '$o': this script sets the array and the dependency itself"
      ;;
  esac
done

if [ -z "$quiver" ]; then
  if command -v quiver >/dev/null 2>&1; then
    quiver=$(command -v quiver)
  elif [ -x "$root/build/quiver" ]; then
    quiver="$root/build/quiver"
  else
    die "no quiver on PATH nor in $root/build: give --quiver PATH"
  fi
fi
if [ ! -f "$quiver" ] || [ ! -x "$quiver" ]; then
  die "--quiver '$quiver' is not an executable file"
fi
quiver="$(cd "$(dirname "$quiver")" && pwd)/$(basename "$quiver")"

if ! $dry_run && ! command -v sbatch >/dev/null 2>&1; then
  die "sbatch not found: run this on a Slurm login node (or use --dry-run to see the jobs)"
fi

mkdir -p "$out/slurm" "$out/shards"
out="$(cd "$out" && pwd)"
# Shards of an earlier study in the same folder would be merged with this one's and refused.
shopt -s nullglob
old=("$out"/shards/*.lab)
shopt -u nullglob
[ ${#old[@]} -eq 0 ] || die "$out/shards already holds ${#old[@]} shard file(s) of an earlier study: choose another --out or remove them"

# ---- the batch scripts ----
# sbatch_header NAME OUTPUT CPUS: the #SBATCH lines both jobs share.
sbatch_header() {
  echo "#!/bin/bash"
  echo "#SBATCH --job-name=$1"
  echo "#SBATCH --output=$2"
  echo "#SBATCH --cpus-per-task=$3"
  [ -z "$partition" ] || echo "#SBATCH --partition=$partition"
  [ -z "$time_limit" ] || echo "#SBATCH --time=$time_limit"
  local o
  for o in "${extra[@]+"${extra[@]}"}"; do
    echo "#SBATCH $o"
  done
}

# `-- sweep GAME ...` submits a sweep; anything else is a study's `lab run`.
command=run
if [ "$1" = sweep ]; then
  command=sweep
  shift
  [ $# -ge 1 ] || die "nothing after 'sweep': give the game and --vary PATH=LO..HI"
fi
run_args=$(printf ' %q' "$@")
# The jobs run where this script was called, wherever they are submitted from later, so that
# relative paths among the arguments (a --variant file) name the same files.
here=$(printf '%q' "$PWD")
shards_script="$out/slurm/shards.sbatch"
merge_script="$out/slurm/merge.sbatch"
{
  sbatch_header quiver-lab "$out/slurm/shard-%a.out" "$cpus"
  cat <<EOF
# One shard of a quiver lab study, written by scripts/lab-slurm.sh: array task k plays the
# games [k*n/$shards, (k+1)*n/$shards). Submit again one failed task with
#   sbatch --array=k $shards_script
set -euo pipefail
cd $here
k=\${SLURM_ARRAY_TASK_ID:?"submit this script as an array job: sbatch --array=0-$((shards - 1)) $shards_script"}
exec $(printf '%q' "$quiver") lab $command$run_args \\
  --shard "\$k/$shards" --threads "\${SLURM_CPUS_PER_TASK:-$cpus}" --out $(printf '%q' "$out/shards")
EOF
} >"$shards_script"
{
  sbatch_header quiver-lab-merge "$out/slurm/merge.out" 1
  cat <<EOF
# The merge of a quiver lab study's $shards shards into its report, written by
# scripts/lab-slurm.sh; it refuses shards that do not tile the games, naming the shard.
set -euo pipefail
cd $here
exec $(printf '%q' "$quiver") lab merge $(printf '%q' "$out/shards")/*.lab --out $(printf '%q' "$out")
EOF
} >"$merge_script"

# ---- the submissions ----
array_cmd=(sbatch --parsable "--array=0-$((shards - 1))" "$shards_script")
# --kill-on-invalid-dep: when a shard fails, the merge is cancelled instead of waiting forever.
merge_cmd=(sbatch --parsable --kill-on-invalid-dep=yes "--dependency=afterok:" "$merge_script")
if $dry_run; then
  echo "batch scripts written in $out/slurm/; the jobs would be submitted with:"
  printf '  %s\n' "${array_cmd[*]}"
  merge_cmd[3]="--dependency=afterok:<the array's job id>"
  printf '  %s\n' "${merge_cmd[*]}"
  exit 0
fi

# job_id TEXT: the job id of sbatch --parsable's answer ("id" or "id;cluster").
job_id() {
  local id=${1%%;*}
  [[ "$id" =~ ^[0-9]+$ ]] || die "sbatch answered '$1', not a job id"
  printf '%s' "$id"
}

answer=$("${array_cmd[@]}") || die "sbatch refused the shards (its message is above); nothing was submitted"
array_id=$(job_id "$answer")
merge_cmd[3]="--dependency=afterok:$array_id"
if ! answer=$("${merge_cmd[@]}"); then
  echo "lab-slurm.sh: the merge was refused; the shards run as job $array_id: submit the merge later with" >&2
  echo "  sbatch --dependency=afterok:$array_id $merge_script" >&2
  exit 1
fi
merge_id=$(job_id "$answer")

cat <<EOF
shards: job $array_id, array 0-$((shards - 1)) ($shards shards, $cpus CPU(s) each)
merge:  job $merge_id, when every shard has succeeded
follow: squeue -j $array_id,$merge_id
output: $out/slurm/shard-<k>.out and merge.out
report: $out/report.html
EOF
