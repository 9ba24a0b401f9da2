# BurrLab. `make run` starts the app on the embedded example puzzle; `make
# test` runs every check CI runs. Both install what is missing first.

GO        = scripts/go
EXAMPLES ?= $(abspath ../shared/burrtools-examples)
export BURRLAB_EXAMPLES = $(EXAMPLES)
export LANG ?= C.UTF-8

.PHONY: all deps run build test vet fmt-check conformance bench speed fuzz screenshot distributed clean

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
# burrsolve) without cgo.
test: deps fmt-check vet
	$(GO) test -count=1 ./...
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

fuzz: deps
	$(GO) test -run '^$$' -fuzz FuzzRead -fuzztime 60s ./model/xmpuzzle/

# screenshot: the app under a virtual X server, one picture per tab, into
# $(SHOTS) (needs xvfb, imagemagick, xdotool; not part of `make test`).
SHOTS ?= /tmp/burrlab-shots
screenshot: deps
	scripts/screenshot.sh $(SHOTS)

# distributed: a one-node Slurm cluster (root only; it says so and skips
# otherwise) runs deploy/slurm for the example pentominoes split into 8
# parts; the merged file must equal a single run. Leaves no daemon behind.
distributed: deps
	GO=$(GO) scripts/distributed.sh

clean:
	rm -rf bin
