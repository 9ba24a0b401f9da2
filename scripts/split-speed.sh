#!/usr/bin/env bash
# Times searches split into parts on this machine, for the README's table
# "Time on one machine": deploy/parallel.sh -j 2 in 2, 4 and 8 parts
# (split, parts through GNU parallel, merge) against burr solve -workers
# 2, both saving the solved file, on the Bedlam cube and the 5x4x3
# pentacube box. Each round runs every command once, in the table's order
# and every other round in the reverse order, so that a shared host's
# drift falls on both sides; each ratio is to the single run of the same
# round. Prints, per command, the median wall and CPU time (user + system
# of the whole process tree) and, of the ratios to the single run, the
# median and mean of the wall time's, the summed wall times' and the
# median of the CPU time's.
# Not part of `make test`: timings on shared machines are noisy.
# Usage: scripts/split-speed.sh [ROUNDS]   (default 10, about 4 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
case $rounds in '' | *[!0-9]* | 0) echo "split-speed.sh: ROUNDS must be a positive number, not '$rounds'" >&2; exit 2 ;; esac
command -v parallel >/dev/null || { echo "split-speed.sh: GNU parallel is not installed (make deps)" >&2; exit 1; }
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
scripts/go build -o "$bin/" ./cmd/burr
export BURR=$bin/burr LC_ALL=C
TIMEFORMAT='%R %U %S'

# run NAME CMD...: runs CMD once and appends its wall and CPU seconds to
# $bin/NAME.times; a failed run stops the script.
run() {
	local name=$1
	shift
	if ! { time "$@" >"$bin/out" 2>&1; } 2>"$bin/t"; then
		echo "split-speed.sh: failed: $*" >&2
		cat "$bin/out" >&2
		exit 1
	fi
	awk '{ print $1, $2 + $3 }' "$bin/t" >>"$bin/$name.times"
}

# stats NAME: the line of the table for NAME against single.times.
stats() {
	paste -d ' ' "$bin/$1.times" "$bin/single.times" | awk -v name="$1" '
		{ w[NR] = $1; c[NR] = $2; rw[NR] = $1 / $3; rc[NR] = $2 / $4; sw += $1; ss += $3; mean += $1 / $3 }
		function median(a, n,   i, j, t) {
			for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
			return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
		}
		END { printf "  %-6s %7.2f s %7.2f s   %6.3f %6.3f %6.3f   %6.3f\n", name, median(w, NR), median(c, NR), median(rw, NR), mean / NR, sw / ss, median(rc, NR) }'
}

for puzzle in "Bedlam 4x4x4|scripts/speed/bedlam.xmpuzzle|0" "pentominoes 5x4x3|scripts/speed/pentacubes.xmpuzzle|1"; do
	IFS='|' read -r title file problem <<<"$puzzle"
	rm -f "$bin"/*.times
	names=(single 2 4 8)
	reversed=()
	for n in "${names[@]}"; do reversed=("$n" "${reversed[@]}"); done
	for r in $(seq "$rounds"); do
		order=("${names[@]}")
		if ((r % 2 == 0)); then order=("${reversed[@]}"); fi
		for n in "${order[@]}"; do
			if [ "$n" = single ]; then
				run single "$BURR" solve -workers 2 -problem "$problem" -save "$bin/single.xmpuzzle" "$file"
			else
				run "$n" deploy/parallel.sh -j 2 "$n" "$file" "$bin/parts.xmpuzzle" -problem "$problem"
			fi
		done
	done
	echo "$title, $rounds rounds:"
	echo "  parts     wall      CPU     wall ratio: median  mean   sums   CPU ratio"
	for n in "${names[@]}"; do stats "$n"; done
done
