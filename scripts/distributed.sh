#!/usr/bin/env bash
# `make distributed`: proves deploy/slurm on a real Slurm. Starts a one-node
# Slurm cluster (Debian's slurm-wlm and munge) with its own configuration,
# keys, sockets and spool in a temporary directory, submits
# deploy/slurm/submit.sh unchanged for the example pentominoes (every
# problem) split into 8 parts, waits for the job array and the dependent
# merge job, compares the merged file with a single run, and stops every
# daemon it started. Without root it says so and skips.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
GO=${GO:-scripts/go}

if [ "$(id -u)" -ne 0 ]; then
	echo "distributed: skipped: starting Slurm's daemons needs root"
	exit 0
fi
for p in slurmctld slurmd munged sbatch squeue; do
	command -v "$p" >/dev/null || { echo "distributed: $p is missing (scripts/deps.sh installs slurm-wlm and munge)" >&2; exit 1; }
done
if pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null; then
	echo "distributed: a Slurm daemon is already running on this machine; not starting a second cluster" >&2
	exit 1
fi

tmp=$(mktemp -d /tmp/burrlab-slurm.XXXXXX)
chmod 755 "$tmp"
pids=()
stop() {
	for f in "$tmp"/slurmd.pid "$tmp"/slurmctld.pid "$tmp"/munge/munged.pid; do
		[ -s "$f" ] || continue
		pid=$(cat "$f")
		kill "$pid" 2>/dev/null || true
		for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$pid" 2>/dev/null || true
	done
	rm -rf "$tmp"
}
trap stop EXIT

# MUNGE: its own key and socket, run as the munge user.
mkdir -p "$tmp/munge" "$tmp/munge-key"
dd if=/dev/urandom of="$tmp/munge-key/munge.key" bs=1024 count=1 status=none
chown -R munge:munge "$tmp/munge" "$tmp/munge-key"
chmod 755 "$tmp/munge"
chmod 700 "$tmp/munge-key"
chmod 400 "$tmp/munge-key/munge.key"
sock=$tmp/munge/munge.socket
su -s /bin/sh munge -c "/usr/sbin/munged --key-file=$tmp/munge-key/munge.key --socket=$sock \
	--pid-file=$tmp/munge/munged.pid --log-file=$tmp/munge/munged.log --seed-file=$tmp/munge/seed"
munge -S "$sock" -n | unmunge -S "$sock" | grep -q "STATUS:.*Success" || { echo "distributed: munge does not work" >&2; exit 1; }

host=$(hostname -s)
mkdir -p "$tmp/spool/ctld" "$tmp/spool/d"
cat >"$tmp/slurm.conf" <<CONF
ClusterName=burrlab
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
StateSaveLocation=$tmp/spool/ctld
SlurmdSpoolDir=$tmp/spool/d
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=burrlab Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do
	sinfo -h -o %t 2>/dev/null | grep -q idle && break
	sleep 0.2
done
sinfo -h -o %t | grep -q idle || { echo "distributed: the Slurm node did not come up"; cat "$tmp"/*.log; exit 1; }

# The search: the binary on a path the tasks see, then the submit script
# exactly as deploy/ has it.
CGO_ENABLED=0 $GO build -o "$tmp/burr" ./cmd/burr
chmod 755 "$tmp/burr"
puzzle=$root/assets/examples/pentominoes.xmpuzzle
start=$(date +%s%N)
read -r array merge < <(BURR=$tmp/burr BURR_FLAGS="-problem all" deploy/slurm/submit.sh 8 "$puzzle" "$tmp/merged.xmpuzzle" "$tmp/parts")
echo "distributed: job array $array (8 parts), merge job $merge"
for _ in $(seq 600); do
	[ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
	sleep 0.2
done
if [ -n "$(squeue -h -j "$array,$merge" 2>/dev/null)" ]; then
	echo "distributed: the jobs did not finish in 2 minutes" >&2
	squeue
	exit 1
fi
ms=$((($(date +%s%N) - start) / 1000000))
echo "distributed: Slurm ran the parts and the merge in $((ms / 1000)).$(printf %03d $((ms % 1000))) s"
[ -s "$tmp/merged.xmpuzzle" ] || { echo "distributed: no merged file"; cat "$tmp"/parts/*.out "$tmp"/slurmd.log; exit 1; }
"$tmp/burr" solve -problem all -save "$tmp/single.xmpuzzle" "$puzzle" >/dev/null
BURRLAB_COMPARE="$tmp/single.xmpuzzle,$tmp/merged.xmpuzzle" $GO test -count=1 -v -run TestSolvedFilesEqual ./deploy/ | grep -v "^=== "
echo "distributed: the merged file equals a single run; stopping the cluster"
