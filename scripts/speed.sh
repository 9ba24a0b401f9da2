#!/usr/bin/env bash
# Times burrsolve with one worker side by side with BurrTools at its best:
# burrTxt (BURRTXT=path to a binary built from BurrTools' source with
# g++ -O2) is run plain and with -r (reduce placements first, as
# BurrTools' graphical program always does), and the faster of the two is
# the reference. Every figure is the wall time of the whole process
# (start-up, reading the file and preparation included), the best of
# several runs (see runs); the three programs run in turn (see best). The
# counts of both programs are compared; a mismatch is marked and makes
# the script fail.
# Without BURRTXT only BurrLab's times are printed. SPEED_LONG=0 leaves
# out the puzzles that take BurrTools a minute or more.
# Not part of `make test`: timings on shared machines are noisy.
# Usage: BURRTXT=/path/to/burrTxt scripts/speed.sh [examples-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-${BURRLAB_EXAMPLES:-../shared/burrtools-examples}}
burrtxt=${BURRTXT:-}
long=${SPEED_LONG:-1}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
scripts/go build -o "$bin/" ./cmd/burrsolve

# The clock is bash's own EPOCHREALTIME (seconds with microseconds), read
# without starting a process: timing with `date` added the start of a
# date process, about 1.3 ms, to every run, which on the puzzles that
# take a few milliseconds pulled both programs' figures, and so their
# ratio, towards each other. LC_ALL=C keeps its decimal point a point.
export LC_ALL=C
if [ -z "${EPOCHREALTIME:-}" ]; then
	echo "speed.sh needs bash 5 or later (EPOCHREALTIME)" >&2
	exit 2
fi

# timed OUT CMD...: runs CMD with its output in OUT, prints its seconds.
timed() {
	local out=$1 t0 t1
	shift
	t0=$EPOCHREALTIME
	"$@" >"$out" 2>&1 || true
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }'
}

# runs SECONDS: how many runs give a program's best time, from its first
# run: 21 if it took less than 0.05 s, seven if less than half a second
# (a few milliseconds' noise moves a ratio of such runs by tens of
# percent: BurrTools' best of three on PiecesOfEight/3 was 0.080 s in
# one table and 0.107 s in the next, and BurrLab's best of seven on
# HexSticks 5.0 to 6.2 ms within minutes), three if less than 5 s, else
# one.
runs() {
	awk -v s="$1" 'BEGIN { print (s < 0.05 ? 21 : s < 0.5 ? 7 : s < 5 ? 3 : 1) }'
}

# best NAME...: the least time of each named program, whose command line
# is in the variable cmd_NAME (quoted for eval) and whose last output
# goes to $bin/NAME; prints the times in the order of the names. The
# programs run in turn, one run of each a round, so that they meet the
# same moments of a shared machine: run one program's runs after the
# other's, a busy minute fell on one of them only (BurrTools' best of
# seven on HexSticks was 0.055 s in one table and 0.090 s in the next).
# The programs under half a second run as often as the fastest of them
# does, so that neither side's best is taken from more tries.
best() {
	local -A t n
	local name cmd s i more=1 least=""
	for name in "$@"; do
		cmd=cmd_$name
		t[$name]=$(timed "$bin/$name" eval "${!cmd}")
		least=$(awk -v a="${least:-${t[$name]}}" -v s="${t[$name]}" 'BEGIN { print (s < a ? s : a) }')
	done
	for name in "$@"; do
		n[$name]=$(awk -v s="${t[$name]}" -v l="$least" 'BEGIN { print (s < 0.5 ? l : s) }')
		n[$name]=$(runs "${n[$name]}")
	done
	for ((i = 2; more; i++)); do
		more=0
		for name in "$@"; do
			((i <= n[$name])) || continue
			more=1
			cmd=cmd_$name
			s=$(timed "$bin/$name" eval "${!cmd}")
			t[$name]=$(awk -v a="${t[$name]}" -v s="$s" 'BEGIN { print (s < a ? s : a) }')
		done
	done
	for name in "$@"; do
		printf '%s ' "${t[$name]}"
	done
	echo
}

fail=0
ratios=$bin/ratios
: >"$ratios"
printf '%-26s %10s %10s %10s %11s %8s\n' puzzle "BT plain" "BT -r" "BT best" "BurrLab 1w" ratio
row() { # NAME FILE PROBLEM
	local name=$1 file=$2 problem=$3 ours plain red ref ok count theirs
	local cmd_ours cmd_plain cmd_red programs=(ours)
	cmd_ours=$(printf '%q ' "$bin/burrsolve" -json -workers 1 -problem "$problem" "$file")
	if [ -n "$burrtxt" ]; then
		cmd_plain=$(printf '%q ' "$burrtxt" -q -o "$problem" "$file")
		cmd_red=$(printf '%q ' "$burrtxt" -q -r -o "$problem" "$file")
		programs+=(plain red)
	fi
	read -r ours plain red < <(best "${programs[@]}")
	count=$(sed -n 's/.*"assemblies":\([0-9]*\).*/\1/p' "$bin/ours")
	if [ -z "$burrtxt" ]; then
		printf '%-26s %10s %10s %10s %10.3fs %8s  %s assemblies\n' "$name" - - - "$ours" - "${count:-?}"
		return
	fi
	ok=""
	for f in plain red; do
		theirs=$(sed -n 's/^\([0-9]*\) assemblies.*/\1/p' "$bin/$f")
		if [ "$theirs" != "$count" ]; then
			ok="  COUNTS DIFFER: BurrTools ${theirs:-?} ($f), BurrLab ${count:-?}"
			fail=1
		fi
	done
	ref=$(awk -v a="$plain" -v b="$red" 'BEGIN { print (a < b ? a : b) }')
	echo "$ref $ours" >>"$ratios"
	awk -v n="$name" -v p="$plain" -v r="$red" -v b="$ref" -v o="$ours" -v ok="$ok" 'BEGIN {
		printf "%-26s %9.3fs %9.3fs %9.3fs %10.3fs %7.1fx%s\n", n, p, r, b, o, b / o, ok
	}'
}

pento=assets/examples/pentominoes.xmpuzzle
if [ "$long" != 0 ]; then
	row "Bedlam 4x4x4" scripts/speed/bedlam.xmpuzzle 0
	row "pentominoes 5x4x3" scripts/speed/pentacubes.xmpuzzle 1
fi
row "pentominoes 6x5x2" scripts/speed/pentacubes.xmpuzzle 0
row "pentominoes 6x10" "$pento" 0
row "pentominoes 5x12" "$pento" 1
for c in "SolidSixPieceBurrs 0" "HexSticks 0" "PiecesOfEight 3" "PelikanBurr 0" "DraculasDentalDesaster 0" "Prisgon 0"; do
	set -- $c
	row "$1/$2" "$examples/$1.xmpuzzle" "$2"
done

if [ -s "$ratios" ]; then
	awk '{
		r = $1 / $2
		if ($1 >= 0.05) { n++; lg += log(r); if (n == 1 || r < lo) lo = r }
		else { m++; if (m == 1 || r < slo) slo = r }
	} END {
		if (n) printf "BurrTools 0.05 s or more: %d puzzles, geomean %.1fx, slowest %.1fx\n", n, exp(lg / n), lo
		if (m) printf "smaller puzzles: %d, slowest %.2fx\n", m, slo
	}' "$ratios"
fi
exit $fail
