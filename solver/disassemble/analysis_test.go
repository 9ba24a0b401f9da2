package disassemble

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
)

// loadAssembly sets w up to search assembly a from its start.
func loadAssembly(w *worker, a model.Assembly) {
	w.orient = w.orient[:0]
	var slots []int
	var start []int64
	for s, pl := range a {
		w.orient = append(w.orient, pl.Orient)
		if pl.Placed() {
			slots = append(slots, s)
			start = append(start, pack(vec{int32(pl.Pos[0]), int32(pl.Pos[1]), int32(pl.Pos[2])}))
		}
	}
	w.load(slots, start)
}

// The analysis of a node, updated from the node analysed before, equals a
// fresh analysis of that node, along the first nodes of a long search
// (PelikanBurr's stored solution).
func TestIncrementalAnalysis(t *testing.T) {
	p := loadExample(t, "PelikanBurr.xmpuzzle")
	pr := &p.Problems[0]
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	w, fresh := newWorker(d), newWorker(d)
	loadAssembly(w, pr.Solutions[0].Assembly)
	fresh.orient = w.orient
	slots := make([]int, w.n)
	for i := range slots {
		slots[i] = i
	}
	x := int32(0)
	for ; int(x) < len(w.parent) && x < 400; x++ {
		w.analyse(x)
		n := w.n
		fresh.load(slots, w.pos[int(x)*n:(int(x)+1)*n])
		fresh.analyse(0)
		if !slices.Equal(w.bound, fresh.bound) || !slices.Equal(w.block, fresh.block) || !slices.Equal(w.touch, fresh.touch) || !slices.Equal(w.near, fresh.near) {
			t.Fatalf("node %d: the updated analysis differs from a fresh one", x)
		}
		if _, ok := w.removal(x); ok {
			break
		}
		w.finiteMoves(context.Background(), x)
	}
	if x < 400 {
		t.Fatalf("only %d nodes compared", x)
	}
}

// quickRemoval finds what the full analysis finds first, when it finds
// anything: checked on every DemoPieceGenerator assembly and its first
// split's groups.
func TestQuickRemoval(t *testing.T) {
	p := loadExample(t, "DemoPieceGenerator.xmpuzzle")
	pr := &p.Problems[0]
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	w, full := newWorker(d), newWorker(d)
	quick := 0
	for _, a := range readAssemblies(t, p, "DemoPieceGenerator.xmpuzzle", 0) {
		loadAssembly(w, a)
		loadAssembly(full, a)
		f, ok := w.quickRemoval(0)
		full.analyse(0)
		g, gok := full.removal(0)
		if !gok {
			t.Fatal("an assembly of DemoPieceGenerator has no removal")
		}
		if ok {
			quick++
			if f != g || !slices.Equal(w.removed, full.removed) {
				t.Fatalf("quick removal %+v %v, full analysis %+v %v", f, w.removed, g, full.removed)
			}
		}
	}
	if quick == 0 {
		t.Error("quickRemoval never found anything")
	}
}

// The cache gives back what was put, with pair ids numbered directly (few
// shapes) or through the map (many).
func TestPairCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, shapes := range []int{24, 2000} {
		var c pairCache
		if !c.reserve(16, shapes) {
			t.Fatal("no room for 16 pairs")
		}
		if c.direct != (shapes == 24) {
			t.Errorf("%d shapes: direct ids %v", shapes, c.direct)
		}
		want := map[uint64]pairDistances{}
		for i := 0; i < 5000; i++ {
			a, b := uint16(rng.IntN(shapes)), uint16(rng.IntN(shapes))
			off := pack(vec{rng.Int32N(64) - 32, rng.Int32N(64) - 32, rng.Int32N(64) - 32})
			k := key(c.pairID(a, b), off)
			var v pairDistances
			for i := range v {
				v[i] = rng.Int32N(free)
			}
			got, ok := c.get(k)
			if w, known := want[k]; ok != known || (ok && got != w) {
				t.Fatalf("%d shapes: key %x: got %v %v, want %v %v", shapes, k, got, ok, w, known)
			}
			if !ok {
				c.put(k, v)
				want[k] = v
			}
		}
		for k, v := range want {
			if got, ok := c.get(k); !ok || got != v {
				t.Fatalf("%d shapes: key %x: got %v %v, want %v", shapes, k, got, ok, v)
			}
		}
	}
}

// A cached distance equals a fresh computation, on every pair of pieces
// of the DraculasDentalDesaster assemblies as placed.
func TestCachedDistances(t *testing.T) {
	p := loadExample(t, "DraculasDentalDesaster.xmpuzzle")
	pr := &p.Problems[0]
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	w := newWorker(d)
	for _, a := range readAssemblies(t, p, "DraculasDentalDesaster.xmpuzzle", 0) {
		loadAssembly(w, a)
		for i := 0; i < w.n; i++ {
			for j := 0; j < w.n; j++ {
				if i == j {
					continue
				}
				off := w.pos[j] - w.pos[i]
				o := unpack(off)
				// Along -axis: how far j can move along +axis.
				var plus, minus [maxAxes]int32
				d.rules.distances(d.shape(int(w.shape[i])), d.shape(int(w.shape[j])), o, &plus)
				d.rules.distances(d.shape(int(w.shape[j])), d.shape(int(w.shape[i])), vec{-o[0], -o[1], -o[2]}, &minus)
				var want pairDistances
				copy(want[:maxAxes], plus[:])
				copy(want[maxAxes:], minus[:])
				for round := 0; round < 2; round++ { // a miss, then a hit
					if got := w.distances(i, j, off); got != want {
						t.Fatalf("pieces %d, %d at %v: got %v, want %v", i, j, off, got, want)
					}
				}
			}
		}
	}
}

// closure agrees with a plain graph search, for relations of one word and
// of several, and stops above the limit.
func TestClosure(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{2, 9, 64, 70, 150} {
		w := &worker{n: n, words: (n + 63) / 64}
		w.todo = make([]uint64, w.words)
		set := make([]uint64, w.words)
		for trial := 0; trial < 50; trial++ {
			rel := make([]uint64, n*w.words)
			edges := rng.IntN(2 * n)
			for e := 0; e < edges; e++ {
				i, j := rng.IntN(n), rng.IntN(n)
				if i != j {
					rel[i*w.words+j>>6] |= 1 << (j & 63)
				}
			}
			for q := 0; q < n; q++ {
				// The pieces q reaches, by a plain search.
				seen := map[int]bool{q: true}
				stack := []int{q}
				for len(stack) > 0 {
					i := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					for j := 0; j < n; j++ {
						if rel[i*w.words+j>>6]>>(j&63)&1 != 0 && !seen[j] {
							seen[j] = true
							stack = append(stack, j)
						}
					}
				}
				if c := w.closure(rel, q, n, set); c != len(seen) {
					t.Fatalf("n %d: piece %d reaches %d pieces, want %d", n, q, c, len(seen))
				}
				for j := 0; j < n; j++ {
					if got := set[j>>6]>>(j&63)&1 != 0; got != seen[j] {
						t.Fatalf("n %d: piece %d reaches %d: %v, want %v", n, q, j, got, seen[j])
					}
				}
				if limit := len(seen) - 1; w.closure(rel, q, limit, set) <= limit {
					t.Fatalf("n %d: piece %d: no stop at limit %d", n, q, limit)
				}
			}
		}
	}
}

// Packed positions round-trip, add like vectors, and give distinct cache
// keys to distinct offsets.
func TestPack(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	keys := map[uint64]vec{}
	for i := 0; i < 100000; i++ {
		var a, b vec
		for k := range a {
			a[k], b[k] = rng.Int32N(1<<21)-1<<20, rng.Int32N(1<<20)-1<<19
		}
		if got := unpack(pack(a)); got != a {
			t.Fatalf("unpack(pack(%v)) = %v", a, got)
		}
		sum := vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]}
		if fits32(sum, 1<<20-1) && pack(a)+pack(b) != pack(sum) {
			t.Fatalf("pack(%v)+pack(%v) != pack(%v)", a, b, sum)
		}
		off := vec{rng.Int32N(4*maxDrift+1) - 2*maxDrift, rng.Int32N(4*maxDrift+1) - 2*maxDrift, rng.Int32N(4*maxDrift+1) - 2*maxDrift}
		k := key(7<<pairShift, pack(off))
		if o, ok := keys[k]; ok && o != off {
			t.Fatalf("offsets %v and %v have the same key", o, off)
		}
		keys[k] = off
	}
}
