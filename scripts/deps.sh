#!/usr/bin/env bash
# Installs what building and testing BurrLab needs, only where it is missing:
# Debian's GL/X11 development packages (Fyne compiles against them), xvfb for
# GUI tests and screenshots (with imagemagick and xdotool for `make
# screenshot`), desktop-file-utils and shared-mime-info for `make install`
# and its test, admesh to check exported STL files, GNU parallel and rsync
# (its transfers to remote hosts) for the tests of deploy/parallel.sh, and
# Slurm with MUNGE for `make distributed`.
# scripts/go takes care of Go itself.
set -euo pipefail
cd "$(dirname "$0")/.."

pkgs=(gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev
      libxinerama-dev libxi-dev libxxf86vm-dev xvfb xauth imagemagick xdotool curl unzip
      ca-certificates librsvg2-bin desktop-file-utils shared-mime-info admesh
      parallel rsync slurm-wlm munge)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
	echo "deps: installing ${missing[*]}"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
