# BurrLab. `make run` starts the app on the embedded example puzzle; `make
# test` runs every check CI runs. Both install what is missing first.

GO        = scripts/go
EXAMPLES ?= $(abspath ../shared/burrtools-examples)
export BURRLAB_EXAMPLES = $(EXAMPLES)
export LANG ?= C.UTF-8

.PHONY: all deps run build test vet fmt-check conformance bench speed split-speed fuzz screenshot distributed clean install uninstall icons package

all: build

deps:
	@scripts/deps.sh
	@$(GO) mod download

build: deps
	$(GO) build -o bin/ ./cmd/...

run: deps
	$(GO) run ./cmd/burrlab

# test: formatting, vet, every package's tests (the conformance suite against
# BurrTools' examples in ./conformance among them), and the CLIs (burr,
# burrsolve) without cgo. The packages that run goroutines (solver, ui,
# internal/cli, whose burr solve saves checkpoints while its search goes
# on, and internal/pargzip) are tested under the race detector, which must report nothing (about
# six minutes of the run on a 2-core machine, solver/cover the longest; the
# others run without it, as it would triple the conformance suite's time).
# go test's own limit of 10 minutes a package was too close for that: with
# the machine busy, solver/cover went past it, so the limit is 30 minutes.
# The solver's response-time tests skip under the race detector and run
# once more without it.
RACY = ./solver/... ./ui/... ./internal/cli/ ./internal/pargzip/
test: deps fmt-check vet
	$(GO) test -count=1 -race -timeout 30m $(RACY)
	$(GO) test -count=1 -run 'Quickly|ReportsAndStops' ./solver/
	$(GO) test -count=1 $$($(GO) list ./... | grep -v -e '/solver' -e '/ui' -e '/internal/cli$$' -e '/internal/pargzip$$')
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/burr
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/burrsolve

vet:
	$(GO) vet ./...

fmt-check:
	@bad=$$("$$($(GO) env GOROOT)/bin/gofmt" -l $$(git ls-files '*.go' 2>/dev/null)); \
	if [ -n "$$bad" ]; then echo "gofmt needed: $$bad"; exit 1; fi

# conformance alone: every example loads, every stored assembly checks out,
# and the solver's counts match expected.json. Fails if the examples are
# missing. (`make test` runs it too.)
conformance:
	$(GO) test -count=1 ./conformance/

bench: deps
	$(GO) test -run '^$$' -bench . -benchmem ./...

# speed: burrsolve with one worker side by side with BurrTools at its best
# (BURRTXT=path to a burrTxt built from source, e.g. by
# scripts/build-burrtxt.sh: run plain and with -r, the faster kept);
# SPEED_LONG=0 leaves out Bedlam and the 5x4x3 box (not part of `make
# test`: shared machines make timings noisy).
speed: deps
	scripts/speed.sh $(EXAMPLES)

# split-speed: a search split into 2, 4 and 8 parts on this machine's cores
# by deploy/parallel.sh against one run with two workers, on Bedlam and the
# 5x4x3 box, in rounds taken in turn (ROUNDS=10 by default; not part of
# `make test`: shared machines make timings noisy).
split-speed: deps
	scripts/split-speed.sh $(ROUNDS)

# fuzz: the file reader (no panic, lossless round trips, the same puzzle
# read with and without its stored solutions, its cut of voxel texts and
# its scan of plain solutions reading what a whole parse reads) and
# solver.Prepare on tiny random problems (no panic, counts equal to a
# brute-force reference), a minute each (FUZZTIME=30s for other lengths).
# Findings land in testdata/fuzz and become regression inputs of `make
# test`. go test fuzzes one target at a time, so each is named exactly.
FUZZTIME ?= 60s
fuzz: deps
	for f in FuzzRead FuzzReadWithoutSolutions FuzzCutVoxelTexts FuzzPlainSolutions; do \
		$(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) ./model/xmpuzzle/ || exit 1; \
	done
	$(GO) test -run '^$$' -fuzz '^FuzzPrepare$$' -fuzztime $(FUZZTIME) ./solver/

# screenshot: the app under a virtual X server, one picture per tab, into
# $(SHOTS) (needs xvfb, imagemagick, xdotool; not part of `make test`).
SHOTS ?= /tmp/burrlab-shots
screenshot: deps
	scripts/screenshot.sh $(SHOTS)

# install: the three programs, the menu entry, the icon and the .xmpuzzle
# file type, under PREFIX (default ~/.local; DESTDIR for packagers).
# uninstall removes them again.
PREFIX  ?= $(HOME)/.local
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share
APPID    = org.burrlab.burrlab
ICONSIZES = 16 22 24 32 48 64 128 256
PROGRAMS  = burrlab burr burrsolve

install: deps
	$(GO) build -o "$(DESTDIR)$(BINDIR)/" ./cmd/burrlab ./cmd/burr ./cmd/burrsolve
	install -d "$(DESTDIR)$(DATADIR)/applications" "$(DESTDIR)$(DATADIR)/mime/packages"
	sed 's|@BINDIR@|$(BINDIR)|g' dist/$(APPID).desktop.in > "$(DESTDIR)$(DATADIR)/applications/$(APPID).desktop"
	chmod 644 "$(DESTDIR)$(DATADIR)/applications/$(APPID).desktop"
	install -m 644 dist/$(APPID).xml "$(DESTDIR)$(DATADIR)/mime/packages/$(APPID).xml"
	for s in $(ICONSIZES); do \
		src=dist/icons/$$s.png; [ $$s = 256 ] && src=assets/icons/app.png; \
		install -D -m 644 $$src "$(DESTDIR)$(DATADIR)/icons/hicolor/$${s}x$${s}/apps/$(APPID).png" || exit 1; \
	done
	$(MAKE) --no-print-directory caches

uninstall:
	rm -f $(foreach p,$(PROGRAMS),"$(DESTDIR)$(BINDIR)/$(p)")
	rm -f "$(DESTDIR)$(DATADIR)/applications/$(APPID).desktop" "$(DESTDIR)$(DATADIR)/mime/packages/$(APPID).xml"
	rm -f $(foreach s,$(ICONSIZES),"$(DESTDIR)$(DATADIR)/icons/hicolor/$(s)x$(s)/apps/$(APPID).png")
	$(MAKE) --no-print-directory caches

# caches: tell the desktop about the new (or removed) file type and menu
# entry. Packagers (DESTDIR) leave this to the package's install scripts.
.PHONY: caches
caches:
	@if [ -z "$(DESTDIR)" ]; then \
		if command -v update-mime-database >/dev/null; then update-mime-database "$(DATADIR)/mime"; fi; \
		if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$(DATADIR)/applications"; fi; \
		if [ -f "$(DATADIR)/icons/hicolor/index.theme" ] && command -v gtk-update-icon-cache >/dev/null; then \
			gtk-update-icon-cache -q -t "$(DATADIR)/icons/hicolor"; fi; \
	fi

# package: the release archive bin/BurrLab.tar.xz, made by the Fyne tool
# (go tool fyne package) and completed by scripts/package.sh: the three
# programs, the menu entry, the icon, the file type and a Makefile that
# installs them (make install, or make user-install for ~/.local).
package: deps
	scripts/package.sh

# icons: the smaller icon sizes from assets/icons/app.png (256x256), after
# the icon changed (needs imagemagick).
icons:
	for s in $(filter-out 256,$(ICONSIZES)); do \
		convert assets/icons/app.png -filter Lanczos -resize $${s}x$${s} -strip PNG32:dist/icons/$$s.png || exit 1; \
	done
# distributed: a one-node Slurm cluster (root only; it says so and skips
# otherwise) runs deploy/slurm for the example pentominoes split into 8
# parts; the merged file must equal a single run. Leaves no daemon behind.
distributed: deps
	GO=$(GO) scripts/distributed.sh

clean:
	rm -rf bin
