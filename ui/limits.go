package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/internal/budget"
)

// prefMaxMemoryMiB is the preference holding the solver's memory budget
// in MiB (docs/limits.md): the app's counterpart of -max-memory.
const prefMaxMemoryMiB = "maxMemoryMiB"

// The budget may be set between these, in MiB: below 64 even the examples
// would not fit, above 1 TiB it means nothing.
const (
	minMemoryMiB = 64
	maxMemoryMiB = 1 << 20
)

// maxMemory returns the memory budget in bytes: the preference, or
// budget.Default.
func (u *App) maxMemory() int64 {
	mib := u.fyne.Preferences().IntWithFallback(prefMaxMemoryMiB, int(budget.Default>>20))
	if mib < minMemoryMiB || mib > maxMemoryMiB {
		return budget.Default
	}
	return int64(mib) << 20
}

// setMaxMemory checks and stores a budget typed in MiB.
func (u *App) setMaxMemory(text string) error {
	mib, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil || mib < minMemoryMiB || mib > maxMemoryMiB {
		return fmt.Errorf("the memory budget is a whole number of MiB from %d to %d", minMemoryMiB, maxMemoryMiB)
	}
	u.fyne.Preferences().SetInt(prefMaxMemoryMiB, mib)
	return nil
}

// memoryBudgetItem is the Solve menu's item that sets the budget.
func (u *App) memoryBudgetItem() *fyne.MenuItem {
	return fyne.NewMenuItem("Memory Budget…", u.editMemoryBudget)
}

// editMemoryBudget asks for the budget. Problems whose preparation or
// search would need more are refused with a message saying so, before
// the memory is spent.
func (u *App) editMemoryBudget() {
	entry := newDialogEntry(u)
	entry.SetText(strconv.FormatInt(u.maxMemory()>>20, 10))
	entry.Validator = func(s string) error {
		if mib, err := strconv.Atoi(strings.TrimSpace(s)); err != nil || mib < minMemoryMiB || mib > maxMemoryMiB {
			return fmt.Errorf("%d to %d MiB", minMemoryMiB, maxMemoryMiB)
		}
		return nil
	}
	items := []*widget.FormItem{widget.NewFormItem("Memory budget (MiB)", entry)}
	items[0].HintText = "The solver refuses problems that would need more."
	dialog.ShowForm("Memory Budget", "Set", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		if err := u.setMaxMemory(entry.Text); err != nil {
			u.showError(err)
			return
		}
		u.setStatus(fmt.Sprintf("Memory budget: %s", budget.Size(u.maxMemory())))
	}, u.win)
}
