package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/analysis"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// The JSON that `burr info` prints. It holds only what the file means, so
// that `burr convert` followed by `burr info` prints the same: no file
// name, no timestamps, nothing about the file's layout.
type (
	infoPuzzle struct {
		Grid         infoGrid      `json:"grid"`
		Colors       []infoColor   `json:"colors"`
		Shapes       []infoShape   `json:"shapes"`
		Problems     []infoProblem `json:"problems"`
		Comment      string        `json:"comment"`
		CommentPopup bool          `json:"commentPopup"`
	}
	infoGrid struct {
		Type int    `json:"type"`
		Name string `json:"name"`
	}
	infoColor struct {
		Number int   `json:"number"` // as in voxel strings: from 1
		Red    uint8 `json:"red"`
		Green  uint8 `json:"green"`
		Blue   uint8 `json:"blue"`
	}
	infoShape struct {
		Index    int    `json:"index"`
		Name     string `json:"name"`
		Size     [3]int `json:"size"`
		Filled   int    `json:"filled"`
		Variable int    `json:"variable"`
		Hotspot  [3]int `json:"hotspot"`
		Weight   int    `json:"weight"`
		// Analysis is there with -analyse only.
		Analysis *analysis.ShapeInfo `json:"analysis,omitempty"`
	}
	infoProblem struct {
		Index      int             `json:"index"`
		Name       string          `json:"name"`
		Result     *int            `json:"result"` // null: no result shape
		Pieces     []infoPiece     `json:"pieces"`
		Slots      int             `json:"slots"`
		ColorRules []infoColorRule `json:"colorRules"`
		MaxHoles   *int            `json:"maxHoles"` // null: no limit set
		State      string          `json:"state"`
		// Stored counters; they mean something only in states "paused"
		// and "solved".
		Assemblies uint64 `json:"assemblies"`
		Solutions  uint64 `json:"solutions"`
		Time       uint64 `json:"time"`
		// What the file keeps of the solutions found.
		Stored          int               `json:"storedSolutions"`
		WithDisassembly int               `json:"storedDisassemblies"`
		Disassemblies   []infoDisassembly `json:"disassemblies"`
	}
	infoPiece struct {
		Shape  int         `json:"shape"`
		Min    int         `json:"min"`
		Max    int         `json:"max"`
		Groups []infoGroup `json:"groups"`
	}
	infoGroup struct {
		Group int `json:"group"`
		Count int `json:"count"`
	}
	infoColorRule struct {
		Piece  int `json:"piece"`
		Result int `json:"result"`
	}
	infoDisassembly struct {
		Solution int    `json:"solution"` // index among the stored solutions
		AsmNum   int    `json:"asmNum"`
		Level    string `json:"level"`
		Moves    int    `json:"moves"`
		Outline  bool   `json:"outline"` // only the tree's shape is stored
	}
)

// stateName returns the JSON name of a solve state.
func stateName(s model.SolveState) string {
	switch s {
	case model.Unsolved:
		return "unsolved"
	case model.Paused:
		return "paused"
	case model.Solved:
		return "solved"
	case model.Stale:
		return "stale"
	}
	return fmt.Sprintf("state %d", int(s))
}

const infoUsage = `usage: burr info [-analyse] FILE

Prints the grid, colours, shapes and problems of FILE as JSON. With
-analyse every shape also gets what BurrTools' shape information window
shows: identical shapes, symmetry, connectivity, holes, and for cubes
whether it can be milled or notched.

Flags:
`

// runInfo prints what a puzzle file holds as JSON.
func runInfo(args []string, stdout io.Writer) error {
	fs := newFlagSet("info", infoUsage)
	analyse := fs.Bool("analyse", false, "add each shape's analysis (this can take a while for big shapes)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: burr info [-analyse] FILE")
	}
	p, err := xmpuzzle.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	out := describe(p)
	if *analyse {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		infos, err := analysis.DescribeAll(ctx, p)
		if err != nil {
			return err
		}
		for i := range infos {
			out.Shapes[i].Analysis = &infos[i]
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// describe builds the info JSON of a puzzle.
func describe(p *model.Puzzle) infoPuzzle {
	out := infoPuzzle{
		Grid:         infoGrid{Type: int(p.Grid), Name: p.Grid.String()},
		Colors:       []infoColor{},
		Shapes:       []infoShape{},
		Problems:     []infoProblem{},
		Comment:      p.Comment,
		CommentPopup: p.CommentPopup,
	}
	for i, c := range p.Colors {
		out.Colors = append(out.Colors, infoColor{Number: i + 1, Red: c.R, Green: c.G, Blue: c.B})
	}
	for i := range p.Shapes {
		s := &p.Shapes[i]
		out.Shapes = append(out.Shapes, infoShape{
			Index: i, Name: s.Name, Size: s.Size,
			Filled: s.Count(model.Filled), Variable: s.Count(model.Variable),
			Hotspot: s.Hotspot, Weight: s.Weight,
		})
	}
	for i := range p.Problems {
		out.Problems = append(out.Problems, describeProblem(i, &p.Problems[i]))
	}
	return out
}

func describeProblem(index int, pr *model.Problem) infoProblem {
	ip := infoProblem{
		Index: index, Name: pr.Name, Slots: pr.NumSlots(),
		Pieces: []infoPiece{}, ColorRules: []infoColorRule{},
		State:      stateName(pr.State),
		Assemblies: pr.NumAssemblies, Solutions: pr.NumSolutions, Time: pr.SolveTime,
		Stored:        len(pr.Solutions),
		Disassemblies: []infoDisassembly{},
	}
	if pr.Result != model.NoResult {
		r := pr.Result
		ip.Result = &r
	}
	if pr.MaxHoles >= 0 {
		m := pr.MaxHoles
		ip.MaxHoles = &m
	}
	for _, part := range pr.Parts {
		pc := infoPiece{Shape: part.Shape, Min: part.Min, Max: part.Max, Groups: []infoGroup{}}
		for _, g := range part.Groups {
			pc.Groups = append(pc.Groups, infoGroup{Group: g.Group, Count: g.Count})
		}
		ip.Pieces = append(ip.Pieces, pc)
	}
	for _, c := range pr.ColorRules {
		ip.ColorRules = append(ip.ColorRules, infoColorRule{Piece: c.Piece, Result: c.Result})
	}
	for j := range pr.Solutions {
		s := &pr.Solutions[j]
		if d := s.Disassembly; d != nil {
			ip.Disassemblies = append(ip.Disassemblies, infoDisassembly{
				Solution: j, AsmNum: s.AsmNum, Level: d.Level(), Moves: d.TotalMoves(), Outline: d.Outline(),
			})
		}
	}
	ip.WithDisassembly = len(ip.Disassemblies)
	return ip
}
