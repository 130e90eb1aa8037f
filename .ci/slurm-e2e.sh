#!/usr/bin/env bash
# Slurm end to end: the recipe of docs/cluster.md ("Slurm") on a one-node Slurm cluster made
# on this machine for the test (Debian's slurm-wlm and munge; every daemon on the loopback,
# every file of theirs in a temporary directory). It submits the documented match with the
# documented commands, cancels one task in the middle of its shard, checks that the merge,
# which runs once every task has ended whatever their state, exits 3 and prints the
# commands that run that shard alone again, runs those commands, and checks that the
# second merge exits 0 with the report and records of one `tabula match` run, byte for
# byte. Every process it started is stopped by its pid however the test ends; a failure
# prints the daemons' and the jobs' logs.
#
#   .ci/slurm-e2e.sh     # builds tabula unless TABULA names the binary to test
#
# Installing the packages needs root or sudo; the daemons and jobs run as the user who runs
# this.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

say() { echo "slurm-e2e: [$SECONDS s] $*"; }
fail() {
  say "$*"
  exit 1
}

# The match: small, limited by nodes so that every run plays the same games; four shards of
# four games, played one task at a time (match.slurm asks for two CPUs, the node has two).
match_env=(SHARDS=4 GAME=chinese-checkers "ENGINES=alphabeta mcts" TC=nodes=1000 GAMES=16 SEED=7)
single=(match chinese-checkers --engine alphabeta --engine mcts --tc nodes=1000 --games 16 --seed 7)

# --- The packages.
PATH=$PATH:/usr/sbin:/sbin
if ! command -v sbatch >/dev/null || ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
  ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge"
  sudo=()
  if [[ $(id -u) != 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  # The packages' scripts may start the daemons as services where an init system runs; the
  # test starts its own, on its own ports, with its own key.
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    slurm-wlm munge >/dev/null
fi

# --- The binary: on a real cluster it must be where every node finds it; here, one node.
# Built as the tests build it (optimized, with debug assertions) unless TABULA names one.
if [[ -z ${TABULA-} ]]; then
  (cd "$repo" && cargo build --locked -q --profile test -p tabula)
  target=$(cd "$repo" && cargo metadata --format-version 1 --no-deps --locked |
    sed 's/.*"target_directory":"\([^"]*\)".*/\1/')
  TABULA=$target/debug/tabula
fi
[[ -x $TABULA ]] || fail "TABULA='$TABULA' is not a program"
export TABULA

# --- A directory for everything, and the clean-up that runs however the test ends.
dir=$(mktemp -d "${TMPDIR:-/tmp}/tabula-slurm-e2e.XXXXXX")
chmod 755 "$dir" # munged wants every directory above its socket open to all
daemons=()       # munged, slurmctld, slurmd: stopped last first
single_pid=""
cleanup() {
  local status=$? log pid i
  trap - EXIT INT TERM
  if ((status != 0)); then
    say "FAILED (exit $status); the logs:"
    for log in "$dir"/*.log "$dir"/out/*.log; do
      if [[ -e $log ]]; then
        echo "===== $log"
        tail -n 80 "$log"
      fi
    done
  fi
  if [[ -n $single_pid ]]; then
    kill "$single_pid" 2>/dev/null || true
  fi
  if ((${#daemons[@]} == 3)); then
    # Jobs still running end first, so that slurmd takes their processes with it.
    scancel --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 60); do
      [[ -z $(squeue -h 2>/dev/null) ]] && break
      sleep 0.5
    done
  fi
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do
    pid=${daemons[i]}
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A free port on the loopback (nothing answers on it).
free_port() {
  local port
  for _ in $(seq 100); do
    port=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  fail "no free port on 127.0.0.1"
}
ctld_port=$(free_port)
slurmd_port=$(free_port)
while [[ $slurmd_port == "$ctld_port" ]]; do slurmd_port=$(free_port); done

# Waits for at most $1 seconds, looking every $2, until the command "${@:3}" succeeds.
wait_for() {
  local deadline=$((SECONDS + $1)) every=$2
  shift 2
  until "$@"; do
    ((SECONDS < deadline)) || fail "waited $1 s in vain for: $*"
    sleep "$every"
  done
}

started=$SECONDS
# --- munge: its own key and socket.
mungekey --create --keyfile="$dir/munge.key"
# In the foreground every daemon logs to its stderr, which goes to DAEMON.log.
munged --foreground --key-file="$dir/munge.key" --socket="$dir/munge.socket" \
  --pid-file="$dir/munged.pid" --seed-file="$dir/munged.seed" >"$dir/munged.log" 2>&1 &
daemons+=($!)

# --- Slurm: one node, this machine, reached on 127.0.0.1.
host=$(hostname -s)
user=$(id -un)
mkdir -p "$dir/state" "$dir/spool"
cat >"$dir/slurm.conf" <<EOF
ClusterName=tabula-e2e
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
KillWait=5
MinJobAge=3600
NodeName=$host NodeHostname=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=e2e Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf
slurmctld -D -f "$SLURM_CONF" >"$dir/slurmctld.log" 2>&1 &
daemons+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$dir/slurmd.log" 2>&1 &
daemons+=($!)

node_idle() { [[ $(sinfo -h -o %T 2>/dev/null) == idle ]]; }
wait_for 60 0.5 node_idle
say "Slurm is up in $((SECONDS - started)) s: node $host, ports $ctld_port and $slurmd_port"

# Whether every job (every task of every array) named in $@ has ended.
ended() {
  local job
  for job in "$@"; do
    [[ -z $(squeue -h -j "$job" 2>/dev/null) ]] && scontrol show job "$job" >/dev/null 2>&1 || return 1
  done
}
# The state and exit code of job $1: "COMPLETED 0:0".
state() {
  scontrol -o show job "$1" | grep -o -e 'JobState=[A-Z_]*' -e ' ExitCode=[0-9:]*' | sed 's/.*=//' | paste -sd' ' -
}

# --- The single run, for the comparison: one game at a time, so its records come in game
# order, played while the cluster plays the shards.
"$TABULA" "${single[@]}" --concurrency 1 --records "$dir/single.rec" >"$dir/single.txt" 2>"$dir/single.log" &
single_pid=$!

# --- The documented commands (docs/cluster.md, "Slurm"), run in the repository, as written
# there (a test of crates/cli/tests/cluster.rs holds the two to the same lines).
export "${match_env[@]}" OUT="$dir/out"
say "submitting the match: ${match_env[*]} OUT=$OUT"
cd "$repo"
mkdir -p "$OUT"
jobid=$(sbatch --parsable --array=0-$((SHARDS - 1)) --chdir="$OUT" docs/cluster/match.slurm)
{
sbatch --dependency=afterany:"$jobid" --chdir="$OUT" docs/cluster/merge.slurm
} | tee "$dir/submitted"
merge=$(sed -n 's/^Submitted batch job //p' "$dir/submitted")

# Task 1 (shard 2) is cancelled once it has finished a game, before it finishes its shard.
shard_2_started() { [[ -s $OUT/shard-2.jsonl ]]; }
wait_for 600 0.2 shard_2_started
scancel "${jobid}_1"
say "cancelled task ${jobid}_1 after $(wc -l <"$OUT/shard-2.jsonl") of its 4 games"

wait_for 600 1 ended "$jobid" "$merge"
say "the tasks and the first merge have ended"
log=$OUT/tabula-merge-$merge.log
[[ $(state "$merge") == "FAILED 3:0" ]] || fail "the first merge ended $(state "$merge"), not FAILED 3:0"
grep -qx 'tabula: shards with games missing: 2 of 4' "$log" || fail "the first merge does not name shard 2"
task_log=$OUT/tabula-match-${jobid}_1.log
head -n 1 "$task_log" | grep -q '^tabula-match: shard 2/4, ' || fail "the cancelled task's log does not start with its shard"
grep -q 'CANCELLED' "$task_log" || fail "the cancelled task's log does not say it was cancelled"

# --- The commands the merge printed, run as printed, from elsewhere, in a bare environment.
sed -n '/^tabula-merge: run shard 2 of 4 again/,$s/^    //p' "$log" >"$dir/rerun.sh"
grep -q -e '--array=1 ' "$dir/rerun.sh" || fail "the merge's commands do not run task 1 alone: $(cat "$dir/rerun.sh")"
say "running the commands the merge printed:"
sed 's/^/    /' "$dir/rerun.sh"
# shellcheck disable=SC2016 # a line of the script, to expand when it runs
echo 'echo "array $jobid"' >>"$dir/rerun.sh"
(cd / && env -i PATH="$PATH" SLURM_CONF="$SLURM_CONF" bash -eu "$dir/rerun.sh") | tee "$dir/rerun.out"
rerun=$(sed -n 's/^array //p' "$dir/rerun.out")
second=$(sed -n 's/^Submitted batch job //p' "$dir/rerun.out")
wait_for 600 1 ended "$rerun" "$second"
[[ $(state "$second") == "COMPLETED 0:0" ]] || fail "the second merge ended $(state "$second"), not COMPLETED 0:0"
say "shard 2 and the second merge have ended"

# --- The merged report and records are the single run's.
wait "$single_pid" || fail "the single run failed: $(cat "$dir/single.log")"
single_pid=""
diff <(sed '1,/^$/d' "$dir/single.txt") <(sed '1,/^$/d' "$OUT/report.txt") ||
  fail "the merged report differs from the single run's"
cmp "$dir/single.rec" "$OUT/all.rec" || fail "the merged records differ from the single run's"
say "passed in $((SECONDS - started)) s (Slurm up to the last check): the shards merged, one of them run again," \
  "give the single run's report and records"
