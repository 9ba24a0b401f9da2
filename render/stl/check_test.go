package stl

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The tests read every file back and check it with their own code, not
// with Mesh.Check, so that a mistake shared by the writer and its check
// cannot hide.

type tri [3][3]float32

// readBinary parses a binary STL file; it also checks each stored normal
// against the triangle's winding.
func readBinary(b []byte) ([]tri, error) {
	if len(b) < 84 {
		return nil, fmt.Errorf("STL of %d bytes", len(b))
	}
	if bytes.HasPrefix(b, []byte("solid")) {
		return nil, fmt.Errorf("binary STL header starts with \"solid\"")
	}
	n := int(binary.LittleEndian.Uint32(b[80:]))
	if len(b) != 84+50*n {
		return nil, fmt.Errorf("STL of %d bytes for %d triangles", len(b), n)
	}
	f := func(off int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[off:])) }
	out := make([]tri, n)
	for i := range out {
		r := 84 + 50*i
		for k := 0; k < 3; k++ {
			o := r + 12 + 12*k
			out[i][k] = [3]float32{f(o), f(o + 4), f(o + 8)}
		}
		if err := normalAgrees(out[i], [3]float32{f(r), f(r + 4), f(r + 8)}); err != nil {
			return nil, fmt.Errorf("triangle %d: %v", i, err)
		}
	}
	return out, nil
}

// readASCII parses an ASCII STL file.
func readASCII(b []byte) ([]tri, error) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	var out []tri
	var cur tri
	var nrm [3]float32
	k := 0
	line := 0
	sawEnd := false
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		var v [3]float32
		if len(f) >= 4 && (f[0] == "vertex" || f[0] == "facet") {
			off := len(f) - 3
			for j := 0; j < 3; j++ {
				if _, err := fmt.Sscan(f[off+j], &v[j]); err != nil {
					return nil, fmt.Errorf("line %d: %v", line, err)
				}
			}
		}
		switch f[0] {
		case "solid", "outer", "endloop":
		case "facet":
			nrm, k = v, 0
		case "vertex":
			if k > 2 {
				return nil, fmt.Errorf("line %d: a fourth vertex", line)
			}
			cur[k] = v
			k++
		case "endfacet":
			if k != 3 {
				return nil, fmt.Errorf("line %d: facet of %d vertices", line, k)
			}
			if err := normalAgrees(cur, nrm); err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			out = append(out, cur)
		case "endsolid":
			sawEnd = true
		default:
			return nil, fmt.Errorf("line %d: unexpected %q", line, f[0])
		}
	}
	if !sawEnd {
		return nil, fmt.Errorf("no endsolid")
	}
	return out, nil
}

func vec(p [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])} }

func normalAgrees(t tri, n [3]float32) error {
	geo := vec(t[1]).Sub(vec(t[0])).Cross(vec(t[2]).Sub(vec(t[0])))
	if math.Abs(vec(n).Len()-1) > 1e-3 || vec(n).Dot(geo) <= 0 {
		return fmt.Errorf("normal %v disagrees with the winding", n)
	}
	return nil
}

// manifold checks what slicers need: every edge is shared by exactly two
// triangles, which run along it in opposite directions (closed, 2-manifold
// and consistently oriented), no triangle is degenerate, and every
// connected surface encloses a positive volume (faces outwards) or is
// the wall of a hollow inside one. It returns the number of connected surfaces and the total volume.
func manifold(ts []tri) (parts int, volume float64, err error) {
	if len(ts) == 0 {
		return 0, 0, fmt.Errorf("no triangles")
	}
	type edge [2][3]float32
	uses := map[edge][]int{} // directed edge -> triangles
	for i, t := range ts {
		for k := 0; k < 3; k++ {
			a, b := t[k], t[(k+1)%3]
			if a == b {
				return 0, 0, fmt.Errorf("triangle %d: two equal corners", i)
			}
			uses[edge{a, b}] = append(uses[edge{a, b}], i)
		}
		if vec(t[1]).Sub(vec(t[0])).Cross(vec(t[2]).Sub(vec(t[0]))).Len() == 0 {
			return 0, 0, fmt.Errorf("triangle %d has no area", i)
		}
	}
	// Union-find over triangles joined by an edge.
	up := make([]int, len(ts))
	for i := range up {
		up[i] = i
	}
	find := func(i int) int {
		for up[i] != i {
			up[i] = up[up[i]]
			i = up[i]
		}
		return i
	}
	for e, us := range uses {
		back := uses[edge{e[1], e[0]}]
		if len(us) != 1 || len(back) != 1 {
			return 0, 0, fmt.Errorf("edge %v-%v: %d triangles one way, %d the other (want 1 and 1)", e[0], e[1], len(us), len(back))
		}
		up[find(us[0])] = find(back[0])
	}
	type part struct {
		vol    float64
		lo, hi mgl64.Vec3
	}
	parts_ := map[int]*part{}
	for i, t := range ts {
		v := vec(t[0]).Dot(vec(t[1]).Cross(vec(t[2]))) / 6
		r := find(i)
		p := parts_[r]
		if p == nil {
			p = &part{lo: vec(t[0]), hi: vec(t[0])}
			parts_[r] = p
		}
		p.vol += v
		for _, c := range t {
			for k := 0; k < 3; k++ {
				p.lo[k], p.hi[k] = min(p.lo[k], float64(c[k])), max(p.hi[k], float64(c[k]))
			}
		}
		volume += v
	}
	// A surface facing inwards is the wall of a hollow: it must lie inside
	// one that faces outwards.
	for _, p := range parts_ {
		if p.vol > 0 {
			continue
		}
		inside := false
		for _, q := range parts_ {
			if q.vol > 0 && q.lo[0] < p.lo[0] && q.lo[1] < p.lo[1] && q.lo[2] < p.lo[2] &&
				q.hi[0] > p.hi[0] && q.hi[1] > p.hi[1] && q.hi[2] > p.hi[2] {
				inside = true
			}
		}
		if !inside {
			return 0, 0, fmt.Errorf("a surface encloses volume %v and lies in no other: it faces inwards", p.vol)
		}
	}
	if volume <= 0 {
		return 0, 0, fmt.Errorf("total volume %v: the surfaces face inwards", volume)
	}
	return len(parts_), volume, nil
}

// TestManifoldCatchesFlaws: the checker itself finds an open surface, a
// doubled face, a face turned the wrong way, an inside-out surface and a
// degenerate triangle.
func TestManifoldCatchesFlaws(t *testing.T) {
	p := [4][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	tet := []tri{{p[0], p[2], p[1]}, {p[0], p[1], p[3]}, {p[1], p[2], p[3]}, {p[0], p[3], p[2]}}
	if n, v, err := manifold(tet); err != nil || n != 1 || math.Abs(v-1.0/6) > 1e-9 {
		t.Fatalf("tetrahedron: %d parts, volume %v, %v", n, v, err)
	}
	flip := func(x tri) tri { return tri{x[0], x[2], x[1]} }
	inside := []tri{flip(tet[0]), flip(tet[1]), flip(tet[2]), flip(tet[3])}
	for name, ts := range map[string][]tri{
		"open":       tet[:3],
		"doubled":    append(append([]tri{}, tet...), tet[0]),
		"one turned": {flip(tet[0]), tet[1], tet[2], tet[3]},
		"inside out": inside,
		"degenerate": append(append([]tri{}, tet...), tri{p[0], p[1], {2, 0, 0}}, tri{p[0], {2, 0, 0}, p[1]}),
	} {
		if _, _, err := manifold(ts); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
