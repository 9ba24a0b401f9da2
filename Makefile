# BurrLab. `make run` starts the app on the embedded example puzzle; `make
# test` runs every check CI runs. Both install what is missing first.

GO        = scripts/go
EXAMPLES ?= $(abspath ../shared/burrtools-examples)
export BURRLAB_EXAMPLES = $(EXAMPLES)
export LANG ?= C.UTF-8

.PHONY: all deps run build test vet fmt-check conformance bench speed fuzz screenshot clean

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
# burrsolve) without cgo. The packages that run goroutines (solver, ui) are
# tested under the race detector, which must report nothing (about 70 s of
# the run on a 2-core machine; the others run without it, as it would
# triple the conformance suite's time).
RACY = ./solver/... ./ui/...
test: deps fmt-check vet
	$(GO) test -count=1 -race $(RACY)
	$(GO) test -count=1 $$($(GO) list ./... | grep -v -e '/solver' -e '/ui')
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

# speed: burrsolve against BurrTools' recorded times, one worker and all
# (not part of `make test`: shared machines make timings noisy).
speed: deps
	scripts/speed.sh $(EXAMPLES)

# fuzz: the file reader (no panic, lossless round trips) and solver.Prepare
# on tiny random problems (no panic, counts equal to a brute-force
# reference), a minute each. Findings land in testdata/fuzz and become
# regression inputs of `make test`.
fuzz: deps
	$(GO) test -run '^$$' -fuzz FuzzRead -fuzztime 60s ./model/xmpuzzle/
	$(GO) test -run '^$$' -fuzz FuzzPrepare -fuzztime 60s ./solver/

# screenshot: the app under a virtual X server, one picture per tab, into
# $(SHOTS) (needs xvfb, imagemagick, xdotool; not part of `make test`).
SHOTS ?= /tmp/burrlab-shots
screenshot: deps
	scripts/screenshot.sh $(SHOTS)

clean:
	rm -rf bin
