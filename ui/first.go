package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// The Solve tab's "Stop after" option: end the search after the first N
// assemblies (or solutions, when disassembling), for the designer's
// question "is there any solution at all?". Continue goes on from there.

// newFirstItem returns the form row and its entry, empty for "search
// everything".
func newFirstItem() (*widget.FormItem, *widget.Entry) {
	e := widget.NewEntry()
	e.SetPlaceHolder("all")
	row := container.NewBorder(nil, nil, nil, widget.NewLabel("found"), e)
	return widget.NewFormItem("Stop after", newDisableBox(row, e)), e
}

// parseFirst reads the entry: 0 means no limit.
func parseFirst(text string) (int, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("stop after: %q is not a number of solutions (leave it empty to search everything)", s)
	}
	return n, nil
}

// takeFirst reads "Stop after" into a run about to continue: unlike the
// options that decide what counts, it may change between the parts of a
// run. It reports false (after saying why) for a field that is no number.
func (t *solveTab) takeFirst(r *solveRun) bool {
	n, err := parseFirst(t.ctl.first.Text)
	if err != nil {
		t.u.showError(err)
		return false
	}
	r.opts.first = n
	return true
}
