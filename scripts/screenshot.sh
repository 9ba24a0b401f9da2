#!/usr/bin/env bash
# Takes screenshots of the desktop app under a virtual X server: one per tab
# (Shapes, Problems, Solve) and one after solving, of the embedded example or
# of the file given.
# Usage: scripts/screenshot.sh [out-dir] [puzzle.xmpuzzle]
# Needs xvfb, imagemagick and xdotool (`make screenshot` installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/burrlab-shots}
mkdir -p "$out"
bin=$(mktemp -d)/burrlab
scripts/go build -o "$bin" ./cmd/burrlab

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 &
xvfb=$!
app=""
cleanup() {
	[ -n "$app" ] && kill "$app" 2>/dev/null || true
	kill "$xvfb" 2>/dev/null || true
}
trap cleanup EXIT
export DISPLAY=$display LANG=en_US.UTF-8
export HOME=${SCREENSHOT_HOME:-$(mktemp -d)}
sleep 1
"$bin" "${@:2}" 2>/dev/null &
app=$!
sleep 6
win=$(xdotool search --name BurrLab | head -1)
xdotool windowfocus "$win" 2>/dev/null || true
shot() { sleep "${2:-1}"; import -window root "$out/$1.png"; echo "$out/$1.png"; }
shot shapes 0
xdotool key --window "$win" alt+2
shot problems
xdotool key --window "$win" alt+3
shot solve
# Solve (F9) and show the first solution.
xdotool key --window "$win" F9
shot solved 5
