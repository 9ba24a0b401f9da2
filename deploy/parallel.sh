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
# Each part saves DIR/part-I.xmpuzzle; a part that stops (Ctrl-C) can be
# continued with burr solve -part I/N -continue -save DIR/part-I.xmpuzzle
# DIR/part-I.xmpuzzle before running burr merge -o OUT FILE DIR/part-*.xmpuzzle.
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
	sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
fi
n=$1 file=$2 out=$3
shift 3
case $n in '' | *[!0-9]*) echo "parallel.sh: N must be a number of parts, not '$n'" >&2; exit 2 ;; esac
case $workers in '' | *[!0-9]*) echo "parallel.sh: -w must be a number of workers, not '$workers'" >&2; exit 2 ;; esac
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 1; }
if [ -z "$dir" ]; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"

# --ungroup: each part prints its one JSON line in one write, so the lines
# cannot mix, and GNU parallel, which polls its jobs while they run, then
# spends less time on every poll than with --line-buffer (the parts' stderr
# goes through a pipe, below, so that they draw no progress lines over each
# other on a terminal).
opts=(--will-cite --halt now,fail=1 --ungroup)
[ -n "$jobs" ] && opts+=(-j "$jobs")
if [ -n "$logins" ]; then
	# Remote hosts: the split is computed here, once, into DIR/split, and
	# sent to every host with the puzzle (--basefile: once a host, not once
	# a part, removed at the end), so that no part computes it again (the
	# Y-pentomino cube in 64 parts: 1.1 s of one core a part). Each part's
	# file comes back into DIR.
	name=$(basename "$file")
	cp "$file" "$dir/$name"
	mkdir -p "$dir/split"
	"$burr" solve -part "1/$n" -split-dir "$dir/split" -split-only "$@" "$file" >/dev/null
	cd "$dir"
	base=(--basefile "$name")
	for f in split/*; do
		if [ -f "$f" ]; then base+=(--basefile "$f"); fi
	done
	{ parallel "${opts[@]}" --sshlogin "$logins" "${base[@]}" --return "part-{}.xmpuzzle" --cleanup \
		"$remote" solve -part "{}/$n" -workers "$workers" -json -split-dir split -save "part-{}.xmpuzzle" "$@" "$name" ::: $(seq 1 "$n") 2>&1 >&3 3>&- | cat >&2; } 3>&1
	cd - >/dev/null
else
	# The split is computed once, into DIR, and every part reads it instead
	# of computing it again (on 2 cores the 8 parts of the 5x4x3 pentomino
	# box spent 0.2 s each on it). The part numbers reach GNU parallel on
	# its standard input only once the split is written, so that its own
	# start (a tenth of a second of Perl) overlaps the split's.
	split_then_parts() {
		"$burr" solve -part "1/$n" -split-dir "$dir" -split-only "$@" "$file" >/dev/null || return
		seq 1 "$n"
	}
	# The parts' command needs no more than sh, which starts faster than
	# the login shell GNU parallel would run it with.
	{ split_then_parts "$@" | PARALLEL_SHELL=${PARALLEL_SHELL:-/bin/sh} parallel "${opts[@]}" "$burr" solve -part "{}/$n" -workers "$workers" -json -split-dir "$dir" -save "$dir/part-{}.xmpuzzle" "$@" "$file" 2>&1 >&3 3>&- | cat >&2; } 3>&1
fi
parts=()
for i in $(seq 1 "$n"); do parts+=("$dir/part-$i.xmpuzzle"); done
"$burr" merge -o "$out" "$file" "${parts[@]}"
