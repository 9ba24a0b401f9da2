#!/usr/bin/env bash
# Draws the pictures of the built-in user guide (assets/guide/*.png) with
# `burr render` from the guide's puzzle, assets/guide/first.xmpuzzle: the
# piece, the box, the problem, a solution and a step of its disassembly.
# Run it after changing the puzzle or the renderer.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/go build -o "$tmp/burr" ./cmd/burr
burr="$tmp/burr"
src=assets/guide/first.xmpuzzle
"$burr" solve -disassemble -save "$tmp/solved.xmpuzzle" "$src"
size=480x300
"$burr" render -size $size -shape 0 -o assets/guide/piece.png "$src"
"$burr" render -size $size -shape 1 -o assets/guide/box.png "$src"
"$burr" render -size $size -parts -o assets/guide/problem.png "$src"
"$burr" render -size $size -solution 0 -o assets/guide/solution.png "$tmp/solved.xmpuzzle"
"$burr" render -size $size -solution 0 -step 1 -o assets/guide/apart.png "$tmp/solved.xmpuzzle"
