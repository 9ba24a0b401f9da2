package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render"
)

// BenchmarkMovementMove: one move of a 50,000-cell piece in the movement
// browser (the upper of two 50x50x20 slabs of 50,000 cells each, to and
// fro along X between two states the tree already has), with the 3D
// view's frame ("frame") or without it ("scene": what the browser does
// on a move besides drawing).
func BenchmarkMovementMove(b *testing.B) {
	for _, frame := range []bool{false, true} {
		name := "scene"
		if frame {
			name = "frame"
		}
		b.Run(name, func(b *testing.B) {
			u := newTestUI(b, slabsPuzzle(50, 20))
			u.tabs.SelectIndex(tabSolve)
			u.solve.list.Select(0)
			sol, p, ok := u.solve.selectedSolution()
			if !ok {
				b.Fatal("no solution selected")
			}
			br, err := newMovementBrowser(u, p, 0, sol)
			if err != nil {
				b.Fatal(err)
			}
			defer br.win.Close()
			br.takeOut.SetChecked(false)
			key(br, "1")
			key(br, "2")
			plus, minus := br.button(b, "+X"), br.button(b, "−X")
			test.Tap(plus) // both states made before timing
			test.Tap(minus)
			br.view.draw(frameW, frameH)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%2 == 0 {
					test.Tap(plus)
				} else {
					test.Tap(minus)
				}
				if frame {
					br.view.draw(frameW, frameH)
				}
			}
			b.StopTimer()
			if br.m.Len() != 2 {
				b.Fatalf("%d states", br.m.Len())
			}
		})
	}
}

// checkDrawnWhereCells: every piece of the browser's scene is drawn where
// its cells are in the current state: the mesh's box moved by the item's
// offset is the box of a mesh built from the cells as they are (within
// float32 vertices' rounding).
func checkDrawnWhereCells(t *testing.T, b *movementBrowser) {
	t.Helper()
	if b.rebuilt {
		return // drawn from the cells where they are
	}
	for j := range b.m.Slots() {
		it := b.view.scene.Items[j]
		var cells []grid.Cell
		for _, c := range b.m.Cells(b.cur, j) {
			cells = append(cells, grid.Cell{Pos: c, Tag: uint8(model.MakeVoxel(model.Filled, 0))})
		}
		want, err := render.NewMesh(b.m.Grid(), cells, render.DefaultGap)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := it.Mesh.Bounds()
		wlo, whi := want.Bounds()
		if !lo.Add(it.Offset).ApproxEqualThreshold(wlo, 1e-5) || !hi.Add(it.Offset).ApproxEqualThreshold(whi, 1e-5) {
			t.Fatalf("state %d, piece %d: drawn at %v..%v, its cells are at %v..%v", b.cur.ID, j+1, lo.Add(it.Offset), hi.Add(it.Offset), wlo, whi)
		}
	}
}
