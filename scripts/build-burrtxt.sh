#!/usr/bin/env bash
# Builds burrTxt, BurrTools' command-line solver, from a BurrTools source
# checkout, for `BURRTXT=... make speed`: the library and burrTxt only
# (no GUI, no FLTK), with g++ -O2, as the speed comparisons are measured.
#
#   scripts/build-burrtxt.sh BURRTOOLS_SOURCE [OUT]
#
# BURRTOOLS_SOURCE is a checkout of https://github.com/burr-tools/burr-tools
# (fetched by hand: it is GPL and not part of BurrLab); OUT defaults to
# BURRTOOLS_SOURCE/burrTxt. Needs g++ and zlib's headers (Debian: g++,
# zlib1g-dev). Objects go to a temporary directory.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -f "$1/src/burrTxt.cpp" ]; then
	sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
	[ $# -ge 1 ] && echo "build-burrtxt.sh: no src/burrTxt.cpp under '$1'" >&2
	exit 2
fi
src=$(cd "$1" && pwd)
out=${2:-$src/burrTxt}
case $out in /*) ;; *) out=$PWD/$out ;; esac
command -v g++ >/dev/null || { echo "build-burrtxt.sh: g++ is missing (Debian: apt-get install g++ zlib1g-dev)" >&2; exit 1; }
obj=$(mktemp -d)
trap 'rm -rf "$obj"' EXIT
cd "$src"
jobs=$(nproc 2>/dev/null || echo 2)
# The library (its tests left out), the XML and gzip helpers and the
# half-edge code the library uses, compiled in parallel.
ls src/lib/*.cpp src/tools/fileexists.cpp src/tools/gzstream.cpp src/tools/xml.cpp src/halfedge/*.cpp |
	grep -v '_test\.cpp$' |
	xargs -P "$jobs" -I{} sh -c 'g++ -O2 -std=c++11 -w -Isrc -c "$1" -o "$2/$(echo "$1" | tr / _).o"' _ {} "$obj"
g++ -O2 -std=c++11 -w -Isrc src/burrTxt.cpp "$obj"/*.o -lz -lpthread -o "$out.tmp"
mv "$out.tmp" "$out"
echo "$out"
