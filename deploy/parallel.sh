#!/usr/bin/env bash
# Solves a puzzle split into N parts with GNU parallel, on this machine's
# cores or on remote hosts over ssh, then merges the parts.
#
#   deploy/parallel.sh [-j JOBS] [-w WORKERS] [-S LOGINS] [-d DIR] N FILE OUT [burr solve flags...]
#
#   -j JOBS     parts run at once per host (default: one per core)
#   -w WORKERS  search workers of each part (default 2)
#   -S LOGINS   GNU parallel's --sshlogin list, e.g. "8/alice@h1,8/h2,:" (":" is
#               this machine); burr must be on the remote hosts' PATH (or set
#               BURR_REMOTE); the puzzle and the split, computed here, are
#               copied there and the parts back
#   -d DIR      keep the part files in DIR (default: a temporary directory)
#
# Every part searches with two workers, -j at a time: while all parts run, the
# cores are shared, and when a part ends before the others, which the split's
# estimates cannot rule out, their second workers take over its core. The flags
# after OUT go to every part (-disassemble, -problem all, -keep-mirrors, ...).
# Each part saves DIR/part-I.xmpuzzle. Ctrl-C stops the parts and saves
# them, and the same command with -d DIR goes on from them (a temporary DIR
# is kept then, and named); with -S, the parts that finished come back,
# and a run again starts every part afresh. A part stopped by hand can be
# continued with burr solve -part I/N -continue -save DIR/part-I.xmpuzzle
# DIR/part-I.xmpuzzle before burr merge -o OUT FILE DIR/part-*.xmpuzzle.
set -euo pipefail

burr=${BURR:-burr}
remote=${BURR_REMOTE:-burr}
jobs=""
workers=2
logins=""
dir=""
while getopts "j:w:S:d:" opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	w) workers=$OPTARG ;;
	S) logins=$OPTARG ;;
	d) dir=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 3 ]; then
	awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0" >&2
	exit 2
fi
n=$1 file=$2 out=$3
shift 3
case $n in '' | *[!0-9]*) echo "parallel.sh: N must be a number of parts, not '$n'" >&2; exit 2 ;; esac
case $workers in '' | *[!0-9]*) echo "parallel.sh: -w must be a number of workers, not '$workers'" >&2; exit 2 ;; esac
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 1; }
# OUT is written at the very end: a folder that cannot take it is said
# now, not after hours of search.
outdir=$(dirname "$out")
if [ ! -d "$outdir" ] || [ ! -w "$outdir" ]; then
	echo "parallel.sh: cannot write $out: $outdir is not a folder this user can write to" >&2
	exit 1
fi
temp=""
if [ -z "$dir" ]; then
	dir=$(mktemp -d)
	temp=$dir
fi
mkdir -p "$dir"
# A run that stops (Ctrl-C: GNU parallel exits 255) or fails keeps what its
# parts saved, and says so; a finished one removes its temporary
# directory. Remote parts come back only when they finish, so a remote run
# is not continued but run again.
finish() {
	local rc=$?
	if [ "$rc" -ne 0 ] && compgen -G "$dir/part-*.xmpuzzle" >/dev/null; then
		if [ -n "$logins" ]; then
			echo "parallel.sh: stopped; the parts that finished are in $dir" >&2
		elif [ "$rc" -ge 128 ]; then
			echo "parallel.sh: stopped; the parts saved so far are in $dir: the same command with -d $dir goes on from them" >&2
		else
			echo "parallel.sh: failed (see above); the parts saved so far are in $dir" >&2
		fi
	elif [ -n "$temp" ]; then
		rm -rf "$temp"
	fi
}
trap finish EXIT

# --ungroup: each part prints its one JSON line in one write, so the lines
# cannot mix, and GNU parallel, which polls its jobs while they run, then
# spends less time on every poll than with --line-buffer (the parts' stderr
# goes through a pipe, below, so that they draw no progress lines over each
# other on a terminal).
# --termseq: on Ctrl-C, or when a part fails, the parts get SIGTERM, which
# stops and saves a part as Ctrl-C does, and 30 s to save (as Slurm's and
# Kubernetes' defaults give) instead of GNU parallel's 0.4 s.
# -q: GNU parallel quotes each word of the parts' command, so that paths
# and flags with spaces ("My puzzles") reach burr whole.
opts=(--will-cite --halt now,fail=1 --ungroup --termseq TERM,30000,KILL,25 -q)
[ -n "$jobs" ] && opts+=(-j "$jobs")
if [ -n "$logins" ]; then
	# Remote hosts: the split is computed here, once, into DIR/split, and
	# sent to every host with the puzzle (--basefile: once a host, not once
	# a part, removed at the end), so that no part computes it again (the
	# Y-pentomino cube in 64 parts: 1.1 s of one core a part). Each part's
	# file comes back into DIR. On the hosts the run works in a folder of
	# its own, named after this machine and process and removed at the
	# end, so that runs sharing a host do not take each other's files.
	name=$(basename "$file")
	cp "$file" "$dir/$name"
	mkdir -p "$dir/split"
	"$burr" solve -part "1/$n" -split-dir "$dir/split" -split-only "$@" "$file" >/dev/null
	cd "$dir"
	base=(--basefile "$name")
	for f in split/*; do
		if [ -f "$f" ]; then base+=(--basefile "$f"); fi
	done
	workdir="burrlab-${HOSTNAME:-$(uname -n)}-$$"
	{ parallel "${opts[@]}" --sshlogin "$logins" --workdir "$workdir" "${base[@]}" --return "part-{}.xmpuzzle" --cleanup \
		"$remote" solve -part "{}/$n" -workers "$workers" -json -split-dir split -save "part-{}.xmpuzzle" "$@" "$name" ::: $(seq 1 "$n") 2>&1 >&3 3>&- | cat >&2; } 3>&1
	cd - >/dev/null
else
	# The split is computed once, into DIR, and every part reads it instead
	# of computing it again (on 2 cores the 8 parts of the 5x4x3 pentomino
	# box spent 0.2 s each on it). The part numbers reach GNU parallel on
	# its standard input only once the split is written, so that its own
	# start (a tenth of a second of Perl) overlaps the split's.
	# A part whose file is in DIR from a run that stopped goes on from it.
	split_then_parts() {
		"$burr" solve -part "1/$n" -split-dir "$dir" -split-only "$@" "$file" >/dev/null || return
		local i
		for i in $(seq 1 "$n"); do
			if [ -s "$dir/part-$i.xmpuzzle" ]; then
				printf '%s\t-continue=true\t%s\n' "$i" "$dir/part-$i.xmpuzzle"
			else
				printf '%s\t-continue=false\t%s\n' "$i" "$file"
			fi
		done
	}
	# The parts' command needs no more than sh, which starts faster than
	# the login shell GNU parallel would run it with.
	{ split_then_parts "$@" | PARALLEL_SHELL=${PARALLEL_SHELL:-/bin/sh} parallel "${opts[@]}" --colsep '\t' "$burr" solve -part "{1}/$n" -workers "$workers" -json -split-dir "$dir" {2} -save "$dir/part-{1}.xmpuzzle" "$@" {3} 2>&1 >&3 3>&- | cat >&2; } 3>&1
fi
parts=()
for i in $(seq 1 "$n"); do parts+=("$dir/part-$i.xmpuzzle"); done
"$burr" merge -o "$out" "$file" "${parts[@]}"
