package cover

import (
	"container/heap"
	"context"
	"slices"
)

// refine goes on cutting a subdivision whose pieces were counted exactly
// (countAll): while the largest piece holds more than its share (the
// total over n*piecesPerPart) and there are fewer than limit pieces, it
// is replaced by its children, each counted exactly. The probes that cut
// the tree so far can miss a small search's only big branch altogether
// (a search of 23,000 nodes, cut into 64 parts, had one piece of 4,300),
// and the exact counts show it. Pieces stay in search order.
func (sp *splitter) refine(ctx context.Context, ps []*splitPiece, n, limit int) ([]*splitPiece, error) {
	total := uint64(0)
	for _, p := range ps {
		p.hi = p.est
		total = satAdd(total, p.est)
	}
	cut := total / uint64(n*piecesPerPart)
	h := pieceHeap(slices.Clone(ps))
	heap.Init(&h)
	budget := uint64(exactBudget)
	seq := len(ps)
	var done []*splitPiece // pieces that cannot be cut (solutions)
	for h.Len() > 0 && h.Len()+len(done) < limit {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		top := h[0]
		if top.est <= cut {
			break
		}
		heap.Pop(&h)
		if top.leaf {
			done = append(done, top)
			continue
		}
		kids, err := sp.children(top.path)
		if err != nil {
			return nil, err
		}
		for _, k := range kids {
			p := &splitPiece{path: k.path, seq: seq, leaf: k.leaf, order: append(slices.Clone(top.order), int32(k.idx))}
			seq++
			if k.leaf {
				p.est = 1
			} else {
				c, ok, err := sp.count(k.path, budget)
				if err != nil {
					return nil, err
				}
				if !ok {
					// Out of budget: keep the rest as it is.
					p.est = max(1, c)
					budget = 0
				} else {
					p.est = max(1, c)
					budget -= c
				}
			}
			p.hi = p.est
			heap.Push(&h, p)
		}
		if budget == 0 {
			break
		}
	}
	out := append([]*splitPiece(h), done...)
	slices.SortFunc(out, func(a, b *splitPiece) int { return slices.Compare(a.order, b.order) })
	return out, nil
}
