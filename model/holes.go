package model

// LooseMaxHoles reports whether problem pr of p sets MaxHoles above the
// number of variable cells of its result, returned as variable. Such a
// bound limits nothing: no more cells than that can stay empty, and the
// solver clamps it. BurrTools accepts such files, so the reader keeps
// them; commands can say that the bound is meaningless.
func (p *Puzzle) LooseMaxHoles(pr *Problem) (variable int, loose bool) {
	if pr.MaxHoles < 0 || pr.Result < 0 || pr.Result >= len(p.Shapes) {
		return 0, false
	}
	variable = p.Shapes[pr.Result].Count(Variable)
	return variable, pr.MaxHoles > variable
}
