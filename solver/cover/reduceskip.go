package cover

// refreshEvery is how many rows Reduce drops before it refreshes the
// root's skip counts.
const refreshEvery = 64

// refreshSkips lets a scan of the root (level 0) bring its skip counts
// up to date after Reduce dropped rows there, and returns 0 (the rows
// dropped since). Each test of a row scans level 1, which starts from
// the root's skip counts; without this every test walked again past the
// words of rows dropped long before, which on small burrs (Reduce drops
// 3,011 of PelikanBurr's 3,026 rows) was most of Reduce's time. The scan
// only closes root columns that have no rows left and need none, and
// counts their holes, as the first search step would; its verdict does
// not matter here (a root that fails makes every row fail).
func (w *worker) refreshSkips() int {
	w.hint = -1
	w.scan(0, false)
	return 0
}
