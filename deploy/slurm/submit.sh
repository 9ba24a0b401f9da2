#!/usr/bin/env bash
# Submits a BurrLab search split into N parts to Slurm: a job array of N
# tasks (part.sbatch), then a merge job (merge.sbatch) that runs only when
# every task has succeeded. Prints the two job ids.
#
#   deploy/slurm/submit.sh N FILE OUT [DIR]
#
# DIR (default OUT's name + .parts) must be on storage every node sees.
# BURR and BURR_FLAGS are passed on; extra sbatch options can go in
# SBATCH_* environment variables (SBATCH_PARTITION, SBATCH_TIMELIMIT, ...).
set -euo pipefail
if [ $# -lt 3 ]; then
	sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
n=$1
file=$(realpath "$2")
out=$(realpath -m "$3")
dir=$(realpath -m "${4:-$out.parts}")
case $n in '' | *[!0-9]* | 0) echo "submit.sh: N must be a number of parts, not '$n'" >&2; exit 2 ;; esac
mkdir -p "$dir"
export BURR_FILE=$file BURR_DIR=$dir BURR_PARTS=$n BURR_OUT=$out
array=$(sbatch --parsable --array="1-$n" --chdir="$dir" --export=ALL "$here/part.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --chdir="$dir" --export=ALL "$here/merge.sbatch")
merge=${merge%%;*}
echo "$array $merge"
