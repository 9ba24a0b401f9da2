#!/usr/bin/env bash
# Builds the release archive bin/BurrLab.tar.xz. `fyne package` (the Fyne
# tool, a tool dependency in go.mod) makes it from FyneApp.toml: the app,
# its menu entry and icon, and a Makefile that installs them (make install,
# or make user-install for ~/.local). This script then adds the command
# line programs and the .xmpuzzle file type, and corrects two mistakes in
# the Makefile of fyne.io/tools v1.7.2: with a MIME type its Exec is
# "burrlab %F" (no such file) and its icon lacks ".png".
set -euo pipefail
cd "$(dirname "$0")/.."
GO=scripts/go
$GO build -o bin/burrlab ./cmd/burrlab
CGO_ENABLED=0 $GO build -o bin/ ./cmd/burr ./cmd/burrsolve

stage=$(mktemp -d)
# The tool counts the build number in FyneApp.toml up: put the file back.
cp FyneApp.toml "$stage/FyneApp.toml"
trap 'cp "$stage/FyneApp.toml" FyneApp.toml; rm -rf "$stage"' EXIT
$GO tool fyne package --os linux --exe bin/burrlab --release
tar xJf BurrLab.tar.xz -C "$stage"
rm BurrLab.tar.xz

root="$stage/burrlab"
mk="$root/Makefile"
grep -q '^Exec := ' "$mk" && grep -q '^Icon := ' "$mk" || { echo "package: the Fyne tool's Makefile changed; check scripts/package.sh" >&2; exit 1; }
sed -i -e 's/^Exec := .*/Exec := "burrlab"/' -e 's/^Icon := .*/Icon := "org.burrlab.burrlab.png"/' "$mk"
install -m 755 bin/burr bin/burrsolve "$root/usr/local/bin/"
install -D -m 644 dist/org.burrlab.burrlab.xml "$root/usr/local/share/mime/packages/org.burrlab.burrlab.xml"
cat >> "$mk" <<'MK'

# Added by BurrLab's scripts/package.sh: the command line programs and the
# .xmpuzzle file type.
MIME := "org.burrlab.burrlab.xml"
install: install-more
uninstall: uninstall-more
user-install: user-install-more
user-uninstall: user-uninstall-more

install-more:
	install -Dm00755 usr/local/bin/burr $(DESTDIR)$(PREFIX)/bin/burr
	install -Dm00755 usr/local/bin/burrsolve $(DESTDIR)$(PREFIX)/bin/burrsolve
	install -Dm00644 usr/local/share/mime/packages/$(MIME) $(DESTDIR)$(PREFIX)/share/mime/packages/$(MIME)
	-[ -n "$(DESTDIR)" ] || update-mime-database $(PREFIX)/share/mime
uninstall-more:
	-rm $(DESTDIR)$(PREFIX)/bin/burr $(DESTDIR)$(PREFIX)/bin/burrsolve $(DESTDIR)$(PREFIX)/share/mime/packages/$(MIME)
	-[ -n "$(DESTDIR)" ] || update-mime-database $(PREFIX)/share/mime
user-install-more:
	install -Dm00755 usr/local/bin/burr $(DESTDIR)$(HOME)/.local/bin/burr
	install -Dm00755 usr/local/bin/burrsolve $(DESTDIR)$(HOME)/.local/bin/burrsolve
	install -Dm00644 usr/local/share/mime/packages/$(MIME) $(DESTDIR)$(HOME)/.local/share/mime/packages/$(MIME)
	-[ -n "$(DESTDIR)" ] || update-mime-database $(HOME)/.local/share/mime
user-uninstall-more:
	-rm $(DESTDIR)$(HOME)/.local/bin/burr $(DESTDIR)$(HOME)/.local/bin/burrsolve $(DESTDIR)$(HOME)/.local/share/mime/packages/$(MIME)
	-[ -n "$(DESTDIR)" ] || update-mime-database $(HOME)/.local/share/mime
MK
tar cJf bin/BurrLab.tar.xz -C "$stage" burrlab
echo "bin/BurrLab.tar.xz"
