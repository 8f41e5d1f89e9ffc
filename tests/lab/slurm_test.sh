#!/usr/bin/env bash
# slurm_test.sh QUIVER LAB_SLURM - a `quiver lab` study through Slurm, on a one-node cluster the
# test builds, starts and stops itself in a temporary folder (ctest `lab/slurm`): a munge key
# and munged, a slurm.conf of its own (ports chosen free, every file in the folder, only
# 127.0.0.1), slurmctld and slurmd. LAB_SLURM (scripts/lab-slurm.sh) submits a study as a job
# array of 4 shards and its merge as a dependent job; the merged report.html, report.json and
# games.csv must be byte-identical to `quiver lab run` of the same study on one machine (and a
# sweep's, through `-- sweep`, to `quiver lab sweep`'s). Then
# the recovery docs/lab.md gives for a failed shard: its lines removed, its array index
# submitted again with the kept batch script, the merge after it, the same bytes again.
# It needs root (slurmd starts jobs as their user) and Debian's slurm-wlm and munge
# (scripts/install-deps.sh); without them it is skipped (exit 77). Every wait is bounded; the
# daemons are stopped and the folder removed on every exit, their logs printed on a failure.
set -euo pipefail

skip() {
  echo "SKIP: $*"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "the Slurm test runs as root (slurmd starts jobs as their user)"
for c in mungekey munged slurmctld slurmd sbatch sinfo squeue scontrol scancel; do
  command -v "$c" >/dev/null 2>&1 || skip "$c is missing: scripts/install-deps.sh installs slurm-wlm and munge"
done

Q="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
LAB_SLURM="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
# The study: every kind of game line (plain games at 2 and 3 players, component games), small
# enough to finish in well under a minute on one CPU per shard.
study=(three-arrows --agents random --games 40 --component-games 8 --ladder-games 0
  --players "2,3" --seed 7)
SHARDS=4

WORK=$(mktemp -d "${TMPDIR:-/tmp}/quiver-slurm.XXXXXX")
# munged refuses a socket below a folder that not everyone may search.
chmod 755 "$WORK"
node=$(hostname -s)
export SLURM_CONF="$WORK/slurm.conf"
daemons=() # the pids of the `timeout` wrappers of munged, slurmctld and slurmd, in that order
jobs=()    # every job id this test submitted

fail() {
  echo "FAIL: $*"
  exit 1
}

# stop PID: ends a daemon started below (TERM through its timeout wrapper, which passes it on),
# waiting at most 10 s before killing the daemon itself.
stop() {
  local pid=$1 i child
  kill -0 "$pid" 2>/dev/null || return 0
  child=$(pgrep -P "$pid" || true)
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  [ -z "$child" ] || kill -KILL "$child" 2>/dev/null || true
  kill -KILL "$pid" 2>/dev/null || true
}

cleanup() {
  local rc=$? f i
  trap - EXIT
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
    # In the foreground a daemon's stderr repeats its log file: one of the two is enough.
    for f in "$WORK"/munged.stderr "$WORK"/slurmctld.log "$WORK"/slurmd.log "$WORK"/*/slurm/*.out; do
      [ -s "$f" ] || f=${f%.log}.stderr
      [ -s "$f" ] || continue
      echo "---- $f (last 40 lines)"
      tail -n 40 "$f"
    done
  fi
  # Jobs still queued or running are cancelled while slurmd can still end their steps.
  if [ ${#jobs[@]} -gt 0 ] && [ ${#daemons[@]} -ge 2 ]; then
    timeout 10 scancel "${jobs[@]}" 2>/dev/null || true
    for i in $(seq 20); do
      [ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.5
    done
  fi
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do
    stop "${daemons[i]}"
  done
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# free_port: a port of 127.0.0.1 that nothing listens on (a refused connection says so), below
# the kernel's ephemeral range: a port in that range, free when it was chosen, could be handed
# to another test's connection before slurmd binds it (seen: "Unable to bind listen port
# (46069): Address already in use" while the hostile tests ran beside it).
free_port() {
  local p i low
  low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
  [ "$low" -gt 12000 ] 2>/dev/null || low=32768
  for i in $(seq 100); do
    p=$((10000 + RANDOM % (low - 10000)))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

# until_ok SECONDS WHAT CMD...: runs CMD every half second until it succeeds, failing with WHAT
# after SECONDS.
until_ok() {
  local limit=$1 what=$2 end
  shift 2
  end=$((SECONDS + limit))
  until "$@"; do
    [ "$SECONDS" -lt "$end" ] || fail "$what (after $limit s)"
    sleep 0.5
  done
}

# ---- the cluster ----
mungekey -c -k "$WORK/munge.key"
# Every daemon is wrapped in a timeout: should this script be killed before its trap runs,
# they still end within 15 minutes.
timeout 900 munged -F --socket="$WORK/munge.socket" --key-file="$WORK/munge.key" \
  --pid-file="$WORK/munged.pid" --log-file="$WORK/munged.log" --seed-file="$WORK/munged.seed" \
  2>"$WORK/munged.stderr" &
daemons+=($!)
until_ok 10 "munged did not create its socket" test -S "$WORK/munge.socket"

ctld_port=$(free_port) || fail "no free port for slurmctld"
slurmd_port=$(free_port) || fail "no free port for slurmd"
[ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$((ctld_port + 1))
mkdir -p "$WORK/state" "$WORK/spool"
cat >"$SLURM_CONF" <<EOF
ClusterName=quivertest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$WORK/munge.socket
CredType=cred/munge
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=quiver Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
# In the foreground (-D) the daemons also log to stderr, kept apart from their log files.
timeout 900 slurmctld -D -f "$SLURM_CONF" 2>"$WORK/slurmctld.stderr" &
daemons+=($!)
timeout 900 slurmd -D -f "$SLURM_CONF" -N "$node" 2>"$WORK/slurmd.stderr" &
daemons+=($!)

node_idle() {
  [ "$(timeout 5 sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ]
}
until_ok 60 "the node $node did not become idle" node_idle
echo "cluster: slurmctld on 127.0.0.1:$ctld_port, slurmd on $slurmd_port, node $node idle"

# job_state ID: the states of a job's tasks (one line each), or nothing once Slurm forgot it.
job_state() {
  timeout 5 scontrol show job -o "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'
}

# wait_job ID SECONDS: waits until every task of job ID has ended, then requires that all
# COMPLETED.
wait_job() {
  local id=$1 limit=$2 end states
  end=$((SECONDS + limit))
  while :; do
    states=$(job_state "$id")
    [ -n "$states" ] || fail "job $id is unknown to slurmctld"
    if ! grep -qvE '^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|BOOT_FAIL|DEADLINE|PREEMPTED)$' <<<"$states"; then
      break
    fi
    [ "$SECONDS" -lt "$end" ] || fail "job $id has not ended after $limit s: $(tr '\n' ' ' <<<"$states")"
    sleep 1
  done
  if grep -qv '^COMPLETED$' <<<"$states"; then
    # what the jobs wrote, to say why
    tail -n 20 "$WORK"/*/slurm/*.out 2>/dev/null || true
    fail "job $id ended as $(sort -u <<<"$states" | tr '\n' ' ')"
  fi
}

# ---- the study through the script ----
"$LAB_SLURM" --shards "$SHARDS" --cpus 1 --quiver "$Q" --out "$WORK/study" -- "${study[@]}" \
  >"$WORK/submit.txt" || fail "lab-slurm.sh failed: $(cat "$WORK/submit.txt")"
cat "$WORK/submit.txt"
array_id=$(sed -n 's/^shards: job \([0-9]*\),.*/\1/p' "$WORK/submit.txt")
merge_id=$(sed -n 's/^merge: *job \([0-9]*\),.*/\1/p' "$WORK/submit.txt")
if [ -z "$array_id" ] || [ -z "$merge_id" ]; then
  fail "no job ids in lab-slurm.sh's output"
fi
jobs+=("$array_id" "$merge_id")
grep -qF "squeue -j $array_id,$merge_id" "$WORK/submit.txt" || fail "lab-slurm.sh does not say how to follow the jobs"

wait_job "$array_id" 150
wait_job "$merge_id" 60
[ "$(job_state "$array_id" | wc -l)" -eq "$SHARDS" ] || fail "the array did not run $SHARDS tasks"
for k in $(seq 0 $((SHARDS - 1))); do
  [ -s "$WORK/study/shards/shard-$k-of-$SHARDS.lab" ] || fail "no shard-$k-of-$SHARDS.lab"
done

# ---- the same study on one machine ----
"$Q" lab run "${study[@]}" --out "$WORK/one" >/dev/null 2>"$WORK/one.stderr" ||
  fail "quiver lab run on one machine failed: $(head -c 600 "$WORK/one.stderr")"
compare() {
  local f
  for f in report.html report.json games.csv; do
    cmp "$WORK/one/$f" "$WORK/study/$f" || fail "$1: $f differs from the one-machine run's"
  done
}
compare "4 shards on Slurm"
echo "4 shards on Slurm: report.html, report.json and games.csv as on one machine"

# ---- a failed shard submitted again (docs/lab.md, "On a Slurm cluster") ----
# (the merge's files removed too, as if it had never run: Slurm cancels it when a shard fails)
rm "$WORK/study/shards/shard-2-of-$SHARDS.lab" "$WORK/study/report.html" \
  "$WORK/study/report.json" "$WORK/study/games.csv" "$WORK/study/games.lab"
again=$(sbatch --parsable --array=2 "$WORK/study/slurm/shards.sbatch")
again=${again%%;*}
jobs+=("$again")
merge_again=$(sbatch --parsable --dependency="afterok:$again" "$WORK/study/slurm/merge.sbatch")
merge_again=${merge_again%%;*}
jobs+=("$merge_again")
wait_job "$again" 90
wait_job "$merge_again" 60
compare "shard 2 submitted again"
echo "shard 2 submitted again: the same report"

# ---- a sweep through the script: its shards and merge, the bytes of one machine's ----
sweep=(concardia --vary cards.scout-r.strength=1..9:4 --agents random --games 8 --seed 5)
"$LAB_SLURM" --shards "$SHARDS" --cpus 1 --quiver "$Q" --out "$WORK/sweep" -- sweep "${sweep[@]}" \
  >"$WORK/submit-sweep.txt" || fail "lab-slurm.sh -- sweep failed: $(cat "$WORK/submit-sweep.txt")"
array_id=$(sed -n 's/^shards: job \([0-9]*\),.*/\1/p' "$WORK/submit-sweep.txt")
merge_id=$(sed -n 's/^merge: *job \([0-9]*\),.*/\1/p' "$WORK/submit-sweep.txt")
[ -n "$array_id" ] && [ -n "$merge_id" ] || fail "no job ids in lab-slurm.sh's output for the sweep"
jobs+=("$array_id" "$merge_id")
wait_job "$array_id" 150
wait_job "$merge_id" 60
"$Q" lab sweep "${sweep[@]}" --out "$WORK/sweep-one" >/dev/null 2>"$WORK/sweep-one.stderr" ||
  fail "quiver lab sweep on one machine failed: $(head -c 600 "$WORK/sweep-one.stderr")"
for f in report.html report.json games.csv; do
  cmp "$WORK/sweep-one/$f" "$WORK/sweep/$f" || fail "sweep: $f differs from the one-machine run's"
done
echo "a sweep in $SHARDS shards on Slurm: the same report as on one machine"
echo "lab/slurm: all passed"
