package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/burrlab/burrlab/model"
)

// saveResult writes the solved puzzle to path with write. A search may
// have run for hours, and its -save folder was checked before it began,
// but the disk can fill up meanwhile: when that write fails, the puzzle
// goes to a new file in the first of rescueDirs that takes it, and the
// error names that file, so that the search is not lost with the save.
func saveResult(path string, p *model.Puzzle, write func(string, *model.Puzzle) error, rescueDirs []string) error {
	err := write(path, p)
	if err == nil {
		return nil
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	var tried []string
	for _, dir := range rescueDirs {
		if dir == "" || dir == filepath.Dir(path) || slices.Contains(tried, dir) {
			continue
		}
		tried = append(tried, dir)
		f, ferr := os.CreateTemp(dir, "burr-rescued-"+name+"-*.xmpuzzle")
		if ferr != nil {
			continue
		}
		rescued := f.Name()
		f.Close()
		if werr := write(rescued, p); werr != nil {
			os.Remove(rescued)
			continue
		}
		return fmt.Errorf("%w; the solved puzzle is in %s instead", err, rescued)
	}
	return fmt.Errorf("%w; nor could it be written to %s: the results are lost", err, strings.Join(tried, " or "))
}

// defaultRescueDirs are where a -save that failed at the end goes
// instead: the temporary folder, then the home folder.
func defaultRescueDirs() []string {
	home, _ := os.UserHomeDir()
	return []string{os.TempDir(), home}
}
