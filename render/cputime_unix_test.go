//go:build unix

package render

import "syscall"

// cpuSeconds returns the CPU time this process has used, so that benchmarks
// can report it beside the wall time, which other work on a busy machine
// inflates.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9
}
