#!/usr/bin/env bash
# Times burrsolve against BurrTools' recorded figures: the BurrTools
# examples that take burrTxt a noticeable time (burrtxt_seconds in
# expected.json) and the pentomino rectangles (BurrTools' times from the
# assembler issue), with one worker and with one per CPU. Each figure is
# the best of three runs, as printed by burrsolve -json (preparation
# included). Not part of `make test`: timings on shared machines are noisy.
# Usage: scripts/speed.sh [examples-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-${BURRLAB_EXAMPLES:-../shared/burrtools-examples}}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
scripts/go build -o "$bin/" ./cmd/burrsolve
cpus=$(nproc)

# reference FILE PROBLEM: burrTxt's seconds for one problem of expected.json.
reference() {
	awk -v file="\"$1\"" -v problem="$2" '
		/"file":/ { f = $2; sub(/,$/, "", f) }
		/"problem":/ { p = $2; sub(/,$/, "", p) }
		/"burrtxt_seconds":/ && f == file && p == problem { s = $2; sub(/,$/, "", s); print s }
	' "$examples/expected.json"
}

# best FILE PROBLEM WORKERS: the least of three burrsolve times.
best() {
	for _ in 1 2 3; do
		"$bin/burrsolve" -json -workers "$3" -problem "$2" "$1" |
			sed -n 's/.*"seconds":\([0-9.e-]*\).*/\1/p'
	done | sort -g | head -1
}

printf '%-34s %10s %12s %8s %12s %8s\n' problem BurrTools "1 worker" faster "$cpus workers" scaling
row() { # NAME FILE PROBLEM REFERENCE
	local one all
	one=$(best "$2" "$3" 1)
	all=$(best "$2" "$3" "$cpus")
	awk -v n="$1" -v r="$4" -v o="$one" -v a="$all" 'BEGIN {
		printf "%-34s %9.2fs %11.3fs %7.0fx %11.3fs %7.2fx\n", n, r, o, r / o, a, o / a
	}'
}
for c in "SolidSixPieceBurrs.xmpuzzle 0" "HexSticks.xmpuzzle 0" "PiecesOfEight.xmpuzzle 3"; do
	set -- $c
	row "$1/$2" "$examples/$1" "$2" "$(reference "$1" "$2")"
done
pento=assets/examples/pentominoes.xmpuzzle
row "pentominoes 6x10" "$pento" 0 6.6
row "pentominoes 5x12" "$pento" 1 3.7
